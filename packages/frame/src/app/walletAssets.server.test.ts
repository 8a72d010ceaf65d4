// wallet_getAssets (EIP-7811) end to end: the frame signed in by email asks the real server's
// data API, which reads the real anvil chains (testing/smartAccountStack.ts). Node environment.
import { type Address, parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from './signer.ts'
import { failure, ok } from './testing/harness.ts'
import { lusd, useSmartAccountStack } from './testing/smartAccountStack.ts'

const stack = useSmartAccountStack()
const { signedIn, rpc, fund } = stack

const hex = (value: bigint) => `0x${value.toString(16)}`
const native = (balance: bigint) => ({
  address: 'native',
  balance: hex(balance),
  type: 'native',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
const lusdAsset = {
  address: lusd.address,
  balance: hex(parseUnits('10', lusd.decimals)),
  type: 'erc20',
  metadata: { name: lusd.name, symbol: 'lUSD', decimals: lusd.decimals },
}

describe('wallet_getAssets', () => {
  it("answers the account's coins and tokens per chain, narrowed by the request's filters", async () => {
    const h = await signedIn()
    const [eoa] = ok(await rpc(h, 'eth_accounts')).result as Address[]
    if (!eoa) throw new Error('signed in')
    await fund(eoa)
    const assets = (filters: Record<string, unknown> = {}) =>
      rpc(h, 'wallet_getAssets', [{ account: eoa, ...filters }])

    expect(ok(await assets()).result).toEqual({
      '0x7a69': expect.arrayContaining([native(parseEther('1')), lusdAsset]),
      '0x7a6a': [native(0n)],
    })
    expect(ok(await assets({ chainFilter: ['0x7a6a'] })).result).toEqual({
      '0x7a6a': [native(0n)],
    })
    expect(ok(await assets({ assetTypeFilter: ['erc20'] })).result).toEqual({
      '0x7a69': [lusdAsset],
    })
    const onlyLusd = { '0x7a69': [{ address: lusd.address.toLowerCase(), type: 'erc20' }] }
    expect(ok(await assets({ assetFilter: onlyLusd })).result).toEqual({ '0x7a69': [lusdAsset] })
  })

  it("answers the smart account's assets when it is the account in use", async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const found = ok(await rpc(h, 'wallet_getAssets', [{ account: address }])).result as Record<
      string,
      unknown[]
    >
    expect(found['0x7a69']).toEqual(expect.arrayContaining([native(parseEther('1')), lusdAsset]))
  })

  it("refuses another account's assets and malformed requests", async () => {
    const h = await signedIn()
    const other = `0x${'2'.repeat(40)}`
    expect(failure(await rpc(h, 'wallet_getAssets', [{ account: other }]))).toEqual({
      message: WRONG_ACCOUNT,
      code: UNAUTHORIZED,
    })
    for (const params of [[], [{}], [{ account: 'nope' }], [{ account: other, chainFilter: 1 }]]) {
      expect(failure(await rpc(h, 'wallet_getAssets', params))).toEqual({
        message: 'Invalid assets request',
        code: INVALID_PARAMS,
      })
    }
  })
})
