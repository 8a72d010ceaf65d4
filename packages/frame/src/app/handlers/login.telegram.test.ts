// @vitest-environment jsdom
// APP_CONNECT_TELEGRAM: a Telegram Mini App's signed initData signs the visitor in (§4 socials),
// with the chain and RPC URL the page is on; a refusal is 'Failed to connect'. The whole frame
// (harness) against the auth API's contract (the signature itself: server/src/auth/telegram.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_LOGIN_PENDING } from '../errors.ts'
import { createHarness, failure, ok } from '../testing/harness.ts'
import { startRpcEndpoint } from '../testing/rpcEndpoint.ts'

let endpoint: Awaited<ReturnType<typeof startRpcEndpoint>>
beforeAll(async () => {
  endpoint = await startRpcEndpoint()
})
afterAll(() => endpoint?.close())

const initData = (hash: string, user: unknown = { id: 42, username: 'tg_visitor' }) =>
  new URLSearchParams({ user: JSON.stringify(user), auth_date: '1700000000', hash }).toString()

describe('APP_CONNECT_TELEGRAM', () => {
  it('signs in: the user with the Telegram name, on the chain and RPC URL the page gave', async () => {
    const h = await createHarness()
    const user = ok(
      await h.send('APP_CONNECT_TELEGRAM', {
        initData: initData('valid'),
        chainId: 10,
        rpcUrl: endpoint.url,
      }),
    )
    expect(user).toMatchObject({ chainId: 10, userName: 'tg_visitor', email: null })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The login's answer is the user: the session is not asked for it again.
    expect(h.server.calls).not.toContain('GET /auth/v1/session')
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId' }))).toEqual({
      result: '0xa',
    })
    const before = endpoint.seen.length
    ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    expect(endpoint.seen).toHaveLength(before + 1)
  })

  it('asked for the smart account where none is offered: signed in with the EOA all the same', async () => {
    const h = await createHarness()
    const user = ok(
      await h.send('APP_CONNECT_TELEGRAM', {
        initData: initData('valid'),
        chainId: 10,
        rpcUrl: endpoint.url,
        preferredAccountType: 'smartAccount',
      }),
    )
    expect(user).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(user.accounts).toEqual([
      { address: user.address, type: 'EOA', namespace: 'eip155' },
      expect.objectContaining({ namespace: 'solana' }),
    ])
  })

  it('without a chain, the frame stays on its own', async () => {
    const h = await createHarness()
    const user = ok(await h.send('APP_CONNECT_TELEGRAM', { initData: initData('valid') }))
    expect(user.chainId).toBe(31337)
  })

  it("refused initData: 'Failed to connect', logged, and nobody signed in", async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_CONNECT_TELEGRAM', { initData: initData('forged') }))).toEqual(
      {
        message: 'Failed to connect',
      },
    )
    expect(h.log.entries().map((entry) => entry.message)).toContain(
      'the Telegram login was refused',
    )
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
  })

  it('replaces an email sign-in waiting for its code', async () => {
    const h = await createHarness()
    ok(await h.send('APP_CONNECT_EMAIL', { email: 'visitor@example.com' }))
    ok(await h.send('APP_CONNECT_TELEGRAM', { initData: initData('valid') }))
    expect(
      failure(await h.send('APP_CONNECT_OTP', { otp: h.server.lastOtp('visitor@example.com') })),
    ).toEqual({ message: NO_LOGIN_PENDING })
  })
})
