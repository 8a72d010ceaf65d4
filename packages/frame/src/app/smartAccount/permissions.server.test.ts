// ERC-7715 permissions end to end: granted once in the frame, recorded by the real server,
// honoured inside their scope without a card, refused outside it, ended by a revoke.
import { DEVNET_TOKENS } from '@latchkey/devnet'
import { type Address, type Hex, numberToHex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { failure, HOST, ok } from '../testing/harness.ts'
import { lusd, PROJECT, receiver, useSmartAccountStack } from '../testing/smartAccountStack.ts'
import { OUTSIDE_PERMISSION, PERMISSION_UNKNOWN } from './constants.ts'

const stack = useSmartAccountStack()
const { signedIn, rpc, approved, fund, lusdCall, statusOf } = stack

describe('permissions of the smart account (ERC-7715)', () => {
  it('grants an app a scoped permission once; calls inside it go without a card, others are refused, a revoke ends it', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const tenLusd = numberToHex(parseUnits('10', lusd.decimals))
    const { reply, card } = await approved(
      h,
      rpc(h, 'wallet_grantPermissions', [
        {
          chainId: '0x7a69',
          expiry: Math.floor(Date.now() / 1000) + 3600,
          signer: { type: 'wallet' },
          permissions: [
            {
              type: 'erc20-token-transfer',
              data: { address: lusd.address, ticker: 'lUSD' },
              policies: [{ type: 'token-allowance', data: { allowance: tenLusd } }],
            },
          ],
        },
      ]),
    )
    expect(h.doc.querySelector('h1')?.textContent).toBe('Grant permission')
    expect(card).toContain(`Up to 10000000 base units of ${lusd.address}`)
    const { permissionsContext } = ok(reply).result as { permissionsContext: Hex }
    const recorded = await stack
      .service()
      .request(`/v1/sessions/${permissionsContext}?projectId=${PROJECT}`)
    expect(await recorded.json()).toMatchObject({ account: address, origin: HOST, revokedAt: null })

    const within = (calls: unknown[]) =>
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          calls,
          capabilities: { permissions: { context: permissionsContext } },
        },
      ])
    // 4 lUSD: inside the allowance, sent at once with no card
    const sent = ok(await within([lusdCall('transfer', '4')])).result as { id: Hex }
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
    expect((await statusOf(h, sent.id, 200)).receipts).toHaveLength(1)
    // 7 more would be 11 of 10; ETH and another contract were never granted
    expect(failure(await within([lusdCall('transfer', '7')]))).toEqual({
      message: OUTSIDE_PERMISSION,
      code: 4100,
    })
    expect(failure(await within([{ to: receiver, value: '0x1' }])).message).toBe(OUTSIDE_PERMISSION)
    const lkt = DEVNET_TOKENS.find((t) => t.symbol === 'LKT')?.address ?? '0x'
    expect(failure(await within([{ ...lusdCall('transfer', '1'), to: lkt }])).message).toBe(
      OUTSIDE_PERMISSION,
    )
    // 6 more is exactly the rest
    const rest = ok(await within([lusdCall('transfer', '6')])).result as { id: Hex }
    await statusOf(h, rest.id, 200)
    expect(failure(await within([lusdCall('transfer', '0.000001')])).message).toBe(
      OUTSIDE_PERMISSION,
    )

    ok(await rpc(h, 'wallet_revokePermissions', [{ permissionsContext }]))
    expect(failure(await within([]))).toMatchObject({ code: -32602 })
    expect(failure(await within([lusdCall('transfer', '0')])).message).toBe(PERMISSION_UNKNOWN)
    const ended = await stack
      .service()
      .request(`/v1/sessions/${permissionsContext}?projectId=${PROJECT}`)
    expect((await ended.json()).revokedAt).toEqual(expect.any(String))
  })
})
