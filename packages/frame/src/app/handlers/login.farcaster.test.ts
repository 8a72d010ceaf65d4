// @vitest-environment jsdom
// Farcaster sign-in: APP_GET_FARCASTER_URI opens a relay channel tied to a PKCE verifier only the
// frame holds; APP_CONNECT_FARCASTER polls until the visitor's Farcaster app signed in, a refusal
// or the channel's end (its stops: login.farcaster.stop.test.ts). The whole frame (harness)
// against the auth API's contract (testing/fakeAuthFarcaster.ts plays the Farcaster app).
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApi } from '../api.ts'
import { FARCASTER_POLL_MS, FARCASTER_TIMEOUT_MS } from '../config.ts'
import {
  FARCASTER_EXPIRED,
  FARCASTER_FAILED,
  NO_FARCASTER_PENDING,
  NO_LOGIN_PENDING,
} from '../errors.ts'
import { FARCASTER_CHANNEL_TTL_MS, FARCASTER_RELAY } from '../testing/fakeAuthFarcaster.ts'
import { createFakeAuthServer } from '../testing/fakeAuthServer.ts'
import {
  FARCASTER_CONNECT,
  farcasterFrame,
  farcasterUrl,
  polls,
} from '../testing/farcasterHarness.ts'
import { createHarness, failure, HOST, ok } from '../testing/harness.ts'

const START = 'POST /auth/v1/farcaster/start'
const SOON = '2030-01-01T00:00:00.000Z'

describe('APP_GET_FARCASTER_URI', () => {
  it("answers the relay channel's URL; the verifier stays in the frame, the server gets its S256", async () => {
    const { h } = await farcasterFrame()
    const url = await farcasterUrl(h)
    expect(url.startsWith(`${FARCASTER_RELAY}?channelToken=`)).toBe(true)
    const [start] = h.server.farcasterStarts
    expect(Object.keys(start ?? {})).toEqual(['codeChallenge'])
    expect(h.server.calls).toEqual(['GET /projects/v1/origins', START])

    h.server.signInWithFarcaster(url, 'dwr')
    ok(await h.send('APP_CONNECT_FARCASTER', {}))
    const [connect] = h.server.farcasterConnects
    const verifier = String(connect?.codeVerifier)
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(start?.codeChallenge)
    expect(connect?.channelToken).toBe(new URL(url).searchParams.get('channelToken'))
    // The page never saw the verifier: not in the URL, not in any reply; nothing stored.
    expect(url).not.toContain(verifier)
    expect(JSON.stringify(h.posted)).not.toContain(verifier)
  })

  it("answers 'Failed to connect to farcaster' whatever went wrong, and keeps no channel", async () => {
    const { h } = await farcasterFrame()
    const failures = [
      { status: 502, body: { message: 'The Farcaster relay could not be reached' } },
      { status: 200, body: { url: 'javascript:alert(1)', channelToken: 't', expiresAt: SOON } },
      { status: 200, body: { url: `${FARCASTER_RELAY}?channelToken=t`, channelToken: 't' } },
      { status: 200, body: { url: FARCASTER_RELAY, channelToken: 't', expiresAt: 'soon' } },
      { status: 200, body: { url: FARCASTER_RELAY, channelToken: 't', expiresAt: 1e12 } },
    ]
    for (const forced of failures) {
      h.server.failNext.set(START, forced)
      expect(failure(await h.send('APP_GET_FARCASTER_URI', {}))).toEqual({
        message: FARCASTER_FAILED,
      })
    }
    h.server.down = true
    expect(failure(await h.send('APP_GET_FARCASTER_URI', {}))).toEqual({
      message: FARCASTER_FAILED,
    })
    h.server.down = false
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: NO_FARCASTER_PENDING,
    })
    expect(h.log.entries().map((e) => e.message)).toContain('could not start the Farcaster login')
  })

  it('a server without Farcaster (400) refuses it the same way', async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_GET_FARCASTER_URI', {}))).toEqual({
      message: FARCASTER_FAILED,
    })
  })
})

describe('the channel’s end', () => {
  it("is the server's expiry on the frame's clock, however far the two clocks are apart", async () => {
    const serverNow = Date.now() + 3_600_000
    const api = createApi({
      baseUrl: 'http://127.0.0.1:9',
      projectId: 'p',
      fetch: async () =>
        new Response(
          JSON.stringify({
            url: `${FARCASTER_RELAY}?channelToken=t`,
            channelToken: 't',
            expiresAt: new Date(serverNow + 300_000).toISOString(),
          }),
          { headers: { Date: new Date(serverNow).toUTCString() } },
        ),
    })
    const { expiresAt } = await api.farcasterStart({ codeChallenge: 'c'.repeat(43) })
    expect(Math.abs(expiresAt - (Date.now() + 300_000))).toBeLessThan(2_000)
  })
})

describe('APP_CONNECT_FARCASTER', () => {
  it('polls every 2 s (FARCASTER_POLL_MS) until the Farcaster app signed in, then signs in as a social login', async () => {
    let url = ''
    const waits: number[] = []
    const { h } = await farcasterFrame({
      sleep: async (ms) => {
        waits.push(ms)
        if (waits.length === 3) h.server.signInWithFarcaster(url, 'dwr')
      },
    })
    url = await farcasterUrl(h)
    const user = ok(await h.send('APP_CONNECT_FARCASTER', { chainId: 10 }))
    expect(waits).toEqual(Array(3).fill(FARCASTER_POLL_MS))
    expect(polls(h)).toBe(4)
    expect(user).toMatchObject({
      socialProvider: 'farcaster',
      userName: 'dwr',
      email: null,
      chainId: 10,
    })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Signed in: the session (bound to the frame's key) answers, the channel is spent.
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect(ok(await h.send('APP_GET_USER', {})).address).toBe(user.address)
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: NO_FARCASTER_PENDING,
    })
  })

  it("signs the page's sign-in with the new account, as a social login does (§4)", async () => {
    const { h } = await farcasterFrame()
    const url = await farcasterUrl(h)
    h.server.signInWithFarcaster(url, 'dwr')
    const host = new URL(HOST)
    const answer = ok(
      await h.send('APP_CONNECT_FARCASTER', {
        siwxMessage: {
          chainId: 'eip155:31337',
          domain: host.host,
          uri: HOST,
          version: '1',
          nonce: 'abcdefgh',
          issuedAt: '2030-01-01T00:00:00.000Z',
        },
      }),
    )
    expect(answer.siwxMessage).toMatchObject({ accountAddress: answer.address })
    expect(answer.signature).toMatch(/^0x[0-9a-f]+$/)
  })

  it('replaces an email sign-in waiting for its code', async () => {
    const { h } = await farcasterFrame()
    ok(await h.send('APP_CONNECT_EMAIL', { email: 'visitor@example.com' }))
    const otp = h.server.lastOtp('visitor@example.com')
    h.server.signInWithFarcaster(await farcasterUrl(h), 'dwr')
    ok(await h.send('APP_CONNECT_FARCASTER', {}))
    expect(failure(await h.send('APP_CONNECT_OTP', { otp }))).toEqual({ message: NO_LOGIN_PENDING })
  })

  it('a server error, a rate limit or a dropped connection is retried', async () => {
    let url = ''
    const waits: number[] = []
    const { h } = await farcasterFrame({
      sleep: async (ms) => {
        waits.push(ms)
        if (waits.length === 1) h.server.failNext.set(FARCASTER_CONNECT, { status: 500 })
        if (waits.length === 2) h.server.failNext.set(FARCASTER_CONNECT, { status: 429 })
        if (waits.length === 3) h.server.down = true
        if (waits.length === 4) h.server.down = false
        if (waits.length === 5) h.server.signInWithFarcaster(url, 'dwr')
      },
    })
    url = await farcasterUrl(h)
    expect(ok(await h.send('APP_CONNECT_FARCASTER', {})).userName).toBe('dwr')
    expect(waits).toEqual(Array(5).fill(FARCASTER_POLL_MS))
  })

  it("a refused signature is final: 'Failed to connect to farcaster', no more polls, no channel", async () => {
    const { h, waits } = await farcasterFrame()
    h.server.signInWithFarcaster(await farcasterUrl(h), 'mallory', { refused: true })
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_FAILED,
    })
    expect(waits).toEqual([])
    expect(h.server.sessionCount()).toBe(0)
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: NO_FARCASTER_PENDING,
    })
  })

  it('a channel the server no longer knows (410) has expired', async () => {
    const { h } = await farcasterFrame()
    await farcasterUrl(h)
    h.server.now += FARCASTER_CHANNEL_TTL_MS + 1
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_EXPIRED,
    })
    expect(polls(h)).toBe(1)
  })

  it('gives up when the channel ends: its expiry, or §9’s 120 s when that comes first', async () => {
    const server = createFakeAuthServer({ farcaster: true })
    // 50 s of the channel's life left when the wait starts
    let clock = server.now + FARCASTER_CHANNEL_TTL_MS - 50_000
    const advance = async (ms: number) => {
      clock += ms
    }
    const h = await createHarness({ server, now: () => clock, sleep: advance })
    await farcasterUrl(h)
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_EXPIRED,
    })
    expect(polls(h)).toBe(50_000 / FARCASTER_POLL_MS + 1)

    clock = server.now
    const before = polls(h)
    await farcasterUrl(h)
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_EXPIRED,
    })
    expect(polls(h) - before).toBe(FARCASTER_TIMEOUT_MS / FARCASTER_POLL_MS + 1)
    expect(clock).toBe(server.now + FARCASTER_TIMEOUT_MS)
  })
})
