// @vitest-environment jsdom
// APP_CONNECT_SOCIAL beside the rest of the frame's state: the chain and RPC URL it brings, and
// an email sign-in it replaces. The whole frame (harness) against the auth API's contract.
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_LOGIN_PENDING } from '../errors.ts'
import { createHarness, failure, type Harness, HOST, ok } from '../testing/harness.ts'
import { startRpcEndpoint } from '../testing/rpcEndpoint.ts'

let endpoint: Awaited<ReturnType<typeof startRpcEndpoint>>
beforeAll(async () => {
  endpoint = await startRpcEndpoint()
})
afterAll(() => endpoint?.close())

async function returnedFromProvider(h: Harness) {
  const { uri } = ok(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as {
    uri: string
  }
  return h.server.authorize(uri, 'octo')
}

describe('APP_CONNECT_SOCIAL', () => {
  it('an RPC URL without a chain is the URL of the chain the frame is on', async () => {
    const h = await createHarness()
    const uri = await returnedFromProvider(h)
    const user = ok(await h.send('APP_CONNECT_SOCIAL', { uri, rpcUrl: endpoint.url }))
    expect(user.chainId).toBe(31337)
    const before = endpoint.seen.length
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      result: '0x10',
    })
    expect(endpoint.seen).toHaveLength(before + 1)
  })

  it('without an RPC URL, the chain keeps the URL it had', async () => {
    const h = await createHarness()
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31337, rpcUrl: endpoint.url }))
    const uri = await returnedFromProvider(h)
    ok(await h.send('APP_CONNECT_SOCIAL', { uri, chainId: 31337 }))
    const before = endpoint.seen.length
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      result: '0x10',
    })
    expect(endpoint.seen).toHaveLength(before + 1)
  })

  it("a chain with an RPC URL: reads on that chain go to it, the first chain's URL stays its own", async () => {
    const h = await createHarness()
    const uri = await returnedFromProvider(h)
    ok(await h.send('APP_CONNECT_SOCIAL', { uri, chainId: 10, rpcUrl: endpoint.url }))
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId' }))).toEqual({
      result: '0xa',
    })
    const before = endpoint.seen.length
    ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    expect(endpoint.seen).toHaveLength(before + 1)
    // Chain 31337 keeps the URL the frame was opened with (the harness's devnet URL).
    const devnetRead = await h.send('APP_RPC_REQUEST', {
      method: 'eth_blockNumber',
      chainId: 31337,
    })
    expect(endpoint.seen).toHaveLength(before + 1)
    expect(devnetRead?.message.type).toMatch(/^FRAME_RPC_REQUEST_(SUCCESS|ERROR)$/)
  })

  it('replaces an email sign-in waiting for its code', async () => {
    const h = await createHarness()
    ok(await h.send('APP_CONNECT_EMAIL', { email: 'visitor@example.com' }))
    const otp = h.server.lastOtp('visitor@example.com')
    ok(await h.send('APP_CONNECT_SOCIAL', { uri: await returnedFromProvider(h) }))
    expect(failure(await h.send('APP_CONNECT_OTP', { otp }))).toEqual({ message: NO_LOGIN_PENDING })
  })
})

describe('APP_CONNECT_SOCIAL with the sign-in (§4: one approval for both)', () => {
  const template = (domain: string, uri: string) => ({
    accountAddress: '',
    chainId: 'eip155:31337',
    domain,
    uri,
    version: '1',
    nonce: 'abcdefgh',
    issuedAt: '2030-01-01T00:00:00.000Z',
  })

  it("signs the page's sign-in with the new account, a signature the account's address verifies", async () => {
    const h = await createHarness()
    const uri = await returnedFromProvider(h)
    const host = new URL(HOST)
    const answer = ok(
      await h.send('APP_CONNECT_SOCIAL', { uri, siwxMessage: template(host.host, HOST) }),
    ) as { address: `0x${string}`; message?: string; signature?: `0x${string}` } & Record<
      string,
      unknown
    >
    expect(answer.siwxMessage).toMatchObject({ domain: host.host, accountAddress: answer.address })
    expect(answer.message).toContain(`${host.host} wants you to sign in`)
    expect(
      await verifyMessage({
        address: answer.address,
        message: answer.message ?? '',
        signature: answer.signature ?? '0x',
      }),
    ).toBe(true)
  })

  it("does not sign another site's sign-in: the login alone is answered", async () => {
    const h = await createHarness()
    const uri = await returnedFromProvider(h)
    const answer = ok(
      await h.send('APP_CONNECT_SOCIAL', {
        uri,
        siwxMessage: template('evil.example', 'https://evil.example'),
      }),
    )
    expect(answer.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(answer).not.toHaveProperty('signature')
    expect(answer).not.toHaveProperty('siwxMessage')
  })
})
