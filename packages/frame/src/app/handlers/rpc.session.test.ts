// @vitest-environment jsdom
// APP_RPC_REQUEST and the session under it: eth_accounts once the session ended in another tab
// or its key cannot be read, and a card the visitor approves after someone else signed in on
// the frame, which signs nothing (EVM and Solana). The frame in full (testing/harness.ts).
import { describe, expect, it } from 'vitest'
import { createHarness, failure, ok, signedInFrame, signIn } from '../testing/harness.ts'
import { NOT_CONNECTED } from '../wallet.ts'

const GET_WALLET = 'GET /auth/v1/wallet'
/** Where the frame keeps its session in the origin's storage (storage.ts's prefix) */
const sessionKey = (projectId: string) => `latchkey-frame:session:${projectId}`

describe('eth_accounts', () => {
  it('none once another tab signed out (the session left the shared storage)', async () => {
    const { h, address } = await signedInFrame()
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [address],
    })
    expect(h.storage.getItem(sessionKey(h.server.projectId))).not.toBeNull()
    h.storage.removeItem(sessionKey(h.server.projectId))
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({ result: [] })
  })

  it('none while the key cannot be read; the account once it can', async () => {
    const { h, address } = await signedInFrame()
    // the next page load of the same visitor, whose wallet the server cannot give at first
    const again = await createHarness({ server: h.server, storage: h.storage })
    h.server.failNext.set(GET_WALLET, { status: 503, body: { message: 'Unavailable' } })
    expect(ok(await again.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [],
    })
    expect(ok(await again.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [address],
    })
  })
})

describe('a card approved after someone else signed in on the frame', () => {
  it('signs nothing: EVM', async () => {
    const { h, address } = await signedInFrame()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
    })
    await h.approvalShown()
    await signIn(h, 'other@example.com')
    h.button('approve').click()
    expect(failure(await pending)).toEqual({ message: NOT_CONNECTED })
  })

  it('signs nothing: Solana', async () => {
    const { h } = await signedInFrame()
    const { solanaAddress } = ok(await h.send('APP_GET_USER', {})) as { solanaAddress: string }
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: 'aGk', pubkey: solanaAddress },
      chainNamespace: 'solana',
    })
    await h.approvalShown()
    await signIn(h, 'other@example.com')
    h.button('approve').click()
    expect(failure(await pending)).toEqual({ message: NOT_CONNECTED })
  })
})
