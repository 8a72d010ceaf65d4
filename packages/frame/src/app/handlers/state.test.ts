// @vitest-environment jsdom
// What the frame keeps in step: the user's chain on the server after a network switch, and the
// requests in flight that APP_RPC_ABORT ends. The whole frame (harness) against the auth API's
// contract and a loopback RPC endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_ABORTED } from '../../protocol/rpcRules.ts'
import { createHarness, failure, ok, signedInFrame } from '../testing/harness.ts'
import { startRpcEndpoint } from '../testing/rpcEndpoint.ts'

const PATCH_USER = 'PATCH /auth/v1/user'

let endpoint: Awaited<ReturnType<typeof startRpcEndpoint>>
beforeAll(async () => {
  endpoint = await startRpcEndpoint()
})
afterAll(() => endpoint?.close())

const messages = (h: { log: { entries(): { message: string }[] } }) =>
  h.log.entries().map((entry) => entry.message)

describe("the user's chain on the server", () => {
  it('a signed-in switch saves the chain; a signed-out one asks the server nothing', async () => {
    const alone = await createHarness()
    ok(await alone.send('APP_SWITCH_NETWORK', { chainId: 10 }))
    expect(alone.server.calls).not.toContain(PATCH_USER)

    const { h } = await signedInFrame()
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338 }))
    await expect.poll(() => h.server.userByEmail('visitor@example.com')?.chainId).toBe(31338)
    expect(ok(await h.send('APP_GET_USER', {})).chainId).toBe(31338)
  })

  it('a failed save is only logged: the switch itself stands', async () => {
    const { h } = await signedInFrame()
    h.server.failNext.set(PATCH_USER, { status: 503 })
    expect(ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338 }))).toEqual({ chainId: 31338 })
    await expect.poll(() => messages(h)).toContain('could not update the user')
    expect(ok(await h.send('APP_GET_CHAIN_ID', {}))).toEqual({ chainId: 31338 })
  })
})

describe('APP_RPC_ABORT', () => {
  it('ends every read in flight and says how many; finished ones are not counted', async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31337, rpcUrl: endpoint.url }))
    ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    endpoint.answerWith('hang')
    const before = endpoint.seen.length
    const reads = [
      h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }),
      h.send('APP_RPC_REQUEST', { method: 'eth_gasPrice' }),
    ]
    await expect.poll(() => endpoint.seen.length).toBe(before + 2)
    ok(await h.send('APP_RPC_ABORT', {}))
    for (const read of reads) expect(failure(await read).message).toBe(REQUEST_ABORTED)
    expect(messages(h)).toContain('aborted 2 pending request(s)')
    ok(await h.send('APP_RPC_ABORT', {}))
    expect(messages(h)).toContain('aborted 0 pending request(s)')
  })
})
