// @vitest-environment jsdom
// APP_RPC_REQUEST at its edges: what the frame answers itself (the account, the chain id), and
// the requests it refuses as not implemented, before any card or call. The frame in full
// (testing/harness.ts); no RPC endpoint is reached by any of these.
import { describe, expect, it } from 'vitest'
import { SMART_ACCOUNT_NEEDED } from '../smartAccount/constants.ts'
import { createHarness, failure, ok, signedInFrame } from '../testing/harness.ts'

const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('answered by the frame itself', () => {
  it('eth_accounts: the signed-in account, none before the sign-in', async () => {
    const h = await createHarness()
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({ result: [] })
    const { h: signedIn, address } = await signedInFrame()
    expect(ok(await signedIn.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [address],
    })
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it('eth_chainId of a chain that is not an EVM chain is refused', async () => {
    const { h } = await signedInFrame()
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId', chainId: SOLANA_MAINNET })),
    ).toEqual({ message: `Chain ${SOLANA_MAINNET} is not an EVM chain` })
  })
})

describe('refused with no card shown', () => {
  it('a user operation needs the smart account', async () => {
    const { h } = await signedInFrame()
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'eth_sendUserOperation', params: [] })),
    ).toEqual({ message: SMART_ACCOUNT_NEEDED, code: 4100 })
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
  })

  it('batched calls need the smart account; a batch id this frame did not send is unknown', async () => {
    const { h } = await signedInFrame()
    const calls = [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: `0x${'1'.repeat(40)}` }] }]
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'wallet_sendCalls', params: calls })),
    ).toEqual({ message: SMART_ACCOUNT_NEEDED, code: 5760 })
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
    const status = (params: unknown[]) =>
      h.send('APP_RPC_REQUEST', { method: 'wallet_getCallsStatus', params })
    expect(failure(await status([]))).toEqual({ message: 'Invalid calls id', code: -32602 })
    // User-operation reads go to a bundler; the fake services know none.
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'eth_getUserOperationReceipt',
          params: [`0x${'ab'.repeat(32)}`],
        }),
      ).message,
    ).toBe('Smart accounts are not available')
    const grant = [{ expiry: 4_000_000_000, permissions: [{ type: 'contract-call', data: {} }] }]
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', { method: 'wallet_grantPermissions', params: grant }),
      ),
    ).toEqual({ message: SMART_ACCOUNT_NEEDED, code: 4100 })
    const revoke = (params: unknown[]) =>
      h.send('APP_RPC_REQUEST', { method: 'wallet_revokePermissions', params })
    expect(failure(await revoke([]))).toEqual({
      message: 'A permissionsContext is required',
      code: -32602,
    })
    expect(failure(await revoke([{ permissionsContext: `0x${'cd'.repeat(32)}` }])).message).toBe(
      'Unknown or ended permission',
    )
    expect(failure(await status([`0x${'ab'.repeat(32)}`]))).toEqual({
      message: 'Unknown bundle id',
      code: 5730,
    })
  })

  it('requests of a namespace the embedded wallet has no key for', async () => {
    const { h } = await signedInFrame()
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'eth_blockNumber',
          params: [],
          chainNamespace: 'bip122',
        }),
      ),
    ).toEqual({ message: 'not implemented: bip122 requests' })
  })

  it('signing on a chain that is not an EVM chain', async () => {
    const { h, address } = await signedInFrame()
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'personal_sign',
          params: ['0x6869', address],
          chainId: SOLANA_MAINNET,
        }),
      ),
    ).toEqual({ message: `not implemented: signing on chain ${SOLANA_MAINNET}` })
  })
})
