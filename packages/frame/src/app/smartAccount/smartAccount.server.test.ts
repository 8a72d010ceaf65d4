// The embedded wallet's smart account end to end: the frame signed in by email against the real
// server, whose bundler gateway fronts a real Alto bundler on a real anvil chain with EntryPoint
// v0.7 and the SimpleAccountFactory (testing/smartAccountStack.ts). Node environment.
import { testTokenAbi } from '@latchkey/devnet'
import { type Address, encodeFunctionData, type Hex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { failure, ok } from '../testing/harness.ts'
import { lusd, receiver, useSmartAccountStack } from '../testing/smartAccountStack.ts'
import {
  CALL_DATA_INVALID,
  CALL_TO_INVALID,
  ENTRY_POINT_07,
  SIMPLE_ACCOUNT_CANNOT_SIGN,
} from './constants.ts'
import { simpleAccountAbi } from './simpleAccountAbi.ts'

const stack = useSmartAccountStack()
const { signedIn, rpc, approved, fund, lusdCall, statusOf } = stack
const lusdOf = (address: Address) =>
  stack.client().readContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })

describe('the embedded wallet’s smart account', () => {
  it('is offered on the chains with a bundler, known before it exists, and chosen by the visitor', async () => {
    const h = await signedIn()
    const eoa = (ok(await rpc(h, 'eth_accounts')).result as string[])[0]
    expect(ok(await h.send('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}))).toEqual({
      smartAccountEnabledNetworks: [31337],
    })
    const init = ok(await h.send('APP_INIT_SMART_ACCOUNT', {})) as { address: Address }
    expect(init.address).not.toBe(eoa)
    expect(init).toMatchObject({ isDeployed: false })
    expect(await stack.client().getCode({ address: init.address })).toBeUndefined()

    expect(ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))).toEqual({
      type: 'smartAccount',
      address: init.address,
    })
    expect(ok(await rpc(h, 'eth_accounts')).result).toEqual([init.address])
    const user = ok(await h.send('APP_GET_USER', {}))
    expect(user).toMatchObject({
      address: init.address,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(user.accounts).toEqual(
      expect.arrayContaining([
        { address: init.address, type: 'SMART_ACCOUNT', namespace: 'eip155' },
        { address: eoa, type: 'EOA', namespace: 'eip155' },
      ]),
    )
    expect(ok(await rpc(h, 'wallet_getCapabilities', [init.address])).result).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    expect(ok(await rpc(h, 'wallet_getCapabilities', [eoa])).result).toEqual({})
    expect(failure(await rpc(h, 'personal_sign', ['0x6869', init.address])).message).toBe(
      SIMPLE_ACCOUNT_CANNOT_SIGN,
    )

    // Back to the EOA; on a chain without a bundler the smart account is not offered.
    ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
    expect(ok(await rpc(h, 'eth_accounts')).result).toEqual([eoa])
    ok(
      await h.send('APP_SWITCH_NETWORK', {
        chainId: 31338,
        rpcUrl: stack.devnet().chains[1]?.rpcUrl,
      }),
    )
    expect(
      failure(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).message,
    ).toBe(SMART_ACCOUNTS_UNAVAILABLE)
  })

  it('a choice belongs to its user: signed out and in as someone else, the frame answers their EOA', async () => {
    const h = await signedIn()
    const smart = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    expect(ok(await rpc(h, 'eth_accounts')).result).toEqual([smart.address])
    ok(await h.send('APP_SIGN_OUT', {}))
    await stack.signInAgain(h)
    const [other] = ok(await rpc(h, 'eth_accounts')).result as Address[]
    expect(other).not.toBe(smart.address)
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({
      address: other,
      preferredAccountType: 'eoa',
    })
  })

  it('sends a batch (approve + transfer) atomically after one approval listing every call; the first one deploys it', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const before = await stack.client().readContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver],
    })
    const { reply, card } = await approved(
      h,
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: address,
          atomicRequired: true,
          calls: [lusdCall('approve', '2'), lusdCall('transfer', '3')],
        },
      ]),
    )
    expect(h.doc.querySelector('h1')?.textContent).toBe('Send calls')
    expect(card).toContain('Call 1 of 2')
    expect(card).toContain('Call 2 of 2')
    expect(card).toContain('function 0x095ea7b3')
    expect(card).toContain('function 0xa9059cbb')
    const { id } = ok(reply).result as { id: Hex }
    const status = await statusOf(h, id, 200)
    // §6 user-operation reads go to the chain's bundler
    const byReceipt = ok(await rpc(h, 'eth_getUserOperationReceipt', [id])).result as {
      userOpHash: Hex
      success: boolean
    }
    expect(byReceipt).toMatchObject({ userOpHash: id, success: true })
    expect(ok(await rpc(h, 'eth_supportedEntryPoints')).result).toEqual([
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    ])
    expect(status.receipts?.[0]?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
      stack
        .client()
        .readContract({ address: lusd.address, abi: testTokenAbi, functionName, args } as never)
    expect(await read('allowance', [address, receiver])).toBe(parseUnits('2', lusd.decimals))
    expect((await read('balanceOf', [receiver])) as bigint).toBe(
      before + parseUnits('3', lusd.decimals),
    )
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({ smartAccountDeployed: true })

    // eth_sendTransaction from the smart account goes through the bundler too.
    const ethBefore = await stack.client().getBalance({ address: receiver })
    const sent = await approved(
      h,
      rpc(h, 'eth_sendTransaction', [{ from: address, to: receiver, value: '0x2386f26fc10000' }]),
    )
    const txHash = ok(sent.reply).result as Hex
    expect((await stack.client().getTransactionReceipt({ hash: txHash })).status).toBe('success')
    expect((await stack.client().getBalance({ address: receiver })) - ethBefore).toBe(10n ** 16n)
  })

  it('a batch with a failing call is refused before it is sent: nothing moved', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const ethBefore = await stack.client().getBalance({ address: receiver })
    const { reply } = await approved(
      h,
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          calls: [
            { to: receiver, value: '0x2386f26fc10000' },
            // 1,000 lUSD: more than the account's 10, the token reverts
            lusdCall('transfer', '1000'),
          ],
        },
      ]),
    )
    const failed = failure(reply)
    // The bundler's simulation refuses a batch that would revert: nothing reaches the chain.
    expect(failed.message).toBeTruthy()
    expect(await stack.client().getBalance({ address: receiver })).toBe(ethBefore)
  })

  it("sends an app's own user operation after one approval listing its calls; the app's gas terms are kept", async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const before = await lusdOf(receiver)
    const callData = encodeFunctionData({
      abi: simpleAccountAbi,
      functionName: 'executeBatch',
      args: [
        [lusd.address, receiver],
        [0n, 10n ** 15n],
        [lusdCall('transfer', '1').data, '0x'],
      ],
    })
    const operation = { sender: address, callData, signature: '0x' }
    const { reply, card } = await approved(
      h,
      rpc(h, 'eth_sendUserOperation', [operation, ENTRY_POINT_07]),
    )
    expect(h.doc.querySelector('h1')?.textContent).toBe('Send user operation')
    expect(card).toContain('Call 2 of 2')
    const hash = ok(reply).result as Hex
    let receipt: { success: boolean } | null = null
    for (let i = 0; i < 200 && !receipt; i++) {
      receipt = ok(await rpc(h, 'eth_getUserOperationReceipt', [hash])).result as typeof receipt
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(receipt).toMatchObject({ userOpHash: hash, success: true })
    expect(await lusdOf(receiver)).toBe(before + parseUnits('1', lusd.decimals))

    // The app's gas terms are kept: too little gas to verify the signature is the bundler's refusal.
    const starved = await approved(
      h,
      rpc(h, 'eth_sendUserOperation', [
        { ...operation, verificationGasLimit: '0x1' },
        ENTRY_POINT_07,
      ]),
    )
    expect(failure(starved.reply).message).toBe(
      'The `validateUserOp` function on the Smart Account reverted.',
    )
  })

  it('refuses bad calls with the spec’s rules before any card is shown', async () => {
    const h = await signedIn()
    ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))
    const send = (calls: unknown[], chainId = '0x7a69') =>
      rpc(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId, calls }])
    expect(failure(await send([{ to: receiver.slice(2) }]))).toEqual({
      message: CALL_TO_INVALID,
      code: -32602,
    })
    expect(failure(await send([{ to: receiver, data: '0x123' }]))).toEqual({
      message: CALL_DATA_INVALID,
      code: -32602,
    })
    expect(failure(await send([{ to: receiver, data: 'abcd' }])).message).toBe(CALL_DATA_INVALID)
    expect(failure(await send([]))).toMatchObject({ code: -32602 })
    expect(failure(await send([{ to: receiver }], '0x1'))).toMatchObject({ code: 5710 })
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
  })
})
