// @vitest-environment jsdom
// Social login through the whole frame (composeFrame, gate, replies) against the auth API's
// contract (testing/fakeAuthServer.ts, whose `authorize` plays the visitor at the
// provider): the redirect URI, the connect, both keys made in the frame, and the errors.
import { createHash } from 'node:crypto'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { SOCIAL_CONNECT_FAILED, SOCIAL_START_FAILED } from './errors.ts'
import { solanaAddressOf } from './solanaKey.ts'
import { FAKE_PROVIDER } from './testing/fakeAuthShared.ts'
import { createHarness, failure, type Harness, HOST, MemoryStorage, ok } from './testing/harness.ts'
import { expectNoPlainKeys, serverKeys } from './testing/secrets.ts'

/** The popup: redirect URI from the frame, the provider's login, the URL it came back to. */
async function popup(h: Harness, provider = 'github', login = 'octo') {
  const { uri } = ok(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider })) as { uri: string }
  return h.server.authorize(uri, login)
}

async function socialLogin(h: Harness, provider = 'github', login = 'octo') {
  return ok(await h.send('APP_CONNECT_SOCIAL', { uri: await popup(h, provider, login) }))
}

describe('APP_GET_SOCIAL_REDIRECT_URI', () => {
  it("asks the server with the host page as redirect URI, answers the provider's URL", async () => {
    const h = await createHarness()
    const { uri } = ok(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as {
      uri: string
    }
    const url = new URL(uri)
    expect(`${url.origin}${url.pathname}`).toBe(`${FAKE_PROVIDER}/github/authorize`)
    expect(url.searchParams.get('redirect_uri')).toBe(`${HOST}/`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(h.server.socialStarts).toEqual([{ provider: 'github', redirectUri: `${HOST}/` }])
    expect(h.server.calls).toEqual(['GET /projects/v1/origins', 'POST /auth/v1/social/start'])
    // nothing kept: the state lives on the server
    expect([...h.storage.map.keys()]).toEqual([])
  })

  it("answers 'Failed to initiate social connection' whatever went wrong", async () => {
    const h = await createHarness()
    const failures = [
      { status: 400, body: { message: 'Failed to initiate social connection' } },
      { status: 500, body: { message: 'database on fire' } },
      { status: 200, body: { uri: 'javascript:alert(1)' } },
      { status: 200, body: {} },
    ]
    for (const forced of failures) {
      h.server.failNext.set('POST /auth/v1/social/start', forced)
      expect(failure(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'x' }))).toEqual({
        message: SOCIAL_START_FAILED,
      })
    }
    h.server.down = true
    expect(failure(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'x' }))).toEqual({
      message: SOCIAL_START_FAILED,
    })
    // The visitor sees the spec's text; the developer's log says what failed.
    expect(h.log.entries().map((entry) => entry.message)).toContain('could not start the x login')
    // an unknown provider never reaches the frame's handler: the protocol refuses it
    const before = h.posted.length
    expect(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' })).toBeUndefined()
    expect(h.posted).toHaveLength(before)
  })
})

describe('APP_CONNECT_SOCIAL', () => {
  it('signs in, makes both keys in the frame, answers the user with provider and name', async () => {
    const h = await createHarness()
    const uri = await popup(h)
    h.server.calls.length = 0
    const user = ok(await h.send('APP_CONNECT_SOCIAL', { uri }))
    expect(h.log.entries().map((entry) => entry.message)).toContain('signed in with github')
    expect(h.server.calls).toEqual([
      'POST /auth/v1/social/connect',
      'GET /auth/v1/wallet',
      'PUT /auth/v1/wallet',
      'PUT /auth/v1/wallet',
    ])
    const stored = h.server.userBySocial('github', 'octo')
    const { privateKey, seed } = await serverKeys(stored)
    expect(privateKeyToAddress(privateKey)).toBe(stored?.address)
    expect(await solanaAddressOf(seed)).toBe(stored?.solanaAddress)
    expect(user).toEqual({
      email: 'octo@github.example',
      address: stored?.address,
      chainId: 31337,
      accounts: [
        { address: stored?.address, type: 'EOA', namespace: 'eip155' },
        { address: stored?.solanaAddress, type: 'EOA', namespace: 'solana' },
      ],
      solanaAddress: stored?.solanaAddress,
      userName: 'octo',
      socialProvider: 'github',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(ok(await h.send('APP_GET_USER', {}))).toEqual(user)
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
    // at rest: the token and the two encrypted blobs
    expect([...h.storage.map.keys()].sort()).toEqual([
      `latchkey-frame:session:${h.server.projectId}`,
      `latchkey-frame:wallet:${h.server.projectId}`,
      `latchkey-frame:wallet:solana:${h.server.projectId}`,
    ])
    await expectNoPlainKeys([...h.storage.map.values()].join('\n'), privateKey, seed)
    await expectNoPlainKeys(JSON.stringify(h.log.entries()), privateKey, seed)
    expect(JSON.stringify(h.log.entries())).not.toContain(new URL(uri).searchParams.get('code'))
  })

  it('a reload, and a later login on another device, restore both keys (no new wallet)', async () => {
    const first = await createHarness()
    const user = await socialLogin(first)
    const reloaded = await createHarness({ server: first.server, storage: first.storage })
    first.server.calls.length = 0
    expect(ok(await reloaded.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect(ok(await reloaded.send('APP_GET_USER', {}))).toEqual(user)
    const device = await createHarness({ server: first.server, storage: new MemoryStorage() })
    expect(await socialLogin(device)).toEqual(user)
    expect(first.server.calls).not.toContain('PUT /auth/v1/wallet')
    expect(device.storage.getItem(`latchkey-frame:wallet:solana:${first.server.projectId}`)).toBe(
      JSON.stringify(first.server.userBySocial('github', 'octo')?.solanaWallet),
    )
  })

  it('another provider, or another login, is another user with other keys', async () => {
    const h = await createHarness()
    const octo = await socialLogin(h, 'github', 'octo')
    const google = await socialLogin(h, 'google', 'octo')
    const other = await socialLogin(h, 'github', 'cat')
    expect(new Set([octo.address, google.address, other.address]).size).toBe(3)
    expect(new Set([octo.solanaAddress, google.solanaAddress, other.solanaAddress]).size).toBe(3)
    expect(google).toMatchObject({ socialProvider: 'google', email: 'octo@google.example' })
    // the earlier sessions were ended by the later logins (best effort, not awaited)
    await new Promise((r) => setTimeout(r, 10))
    expect(h.server.sessionCount()).toBe(1)
  })

  it('takes the chain and RPC URL the host sends along', async () => {
    const h = await createHarness()
    const uri = await popup(h)
    const user = ok(
      await h.send('APP_CONNECT_SOCIAL', {
        uri,
        chainId: 31338,
        rpcUrl: 'http://127.0.0.1:8546',
        preferredAccountType: 'eoa',
      }),
    )
    expect(user.chainId).toBe(31338)
    expect(ok(await h.send('APP_GET_CHAIN_ID', {}))).toEqual({ chainId: 31338 })
    await new Promise((r) => setTimeout(r, 10))
    expect(h.server.userBySocial('github', 'octo')?.chainId).toBe(31338)
  })

  it("refuses a URL that is not the host page's without asking the server", async () => {
    const h = await createHarness()
    const uri = await popup(h)
    const elsewhere = new URL(uri)
    elsewhere.host = 'evil.example'
    for (const bad of [elsewhere.toString(), 'not a url', `${FAKE_PROVIDER}/?code=x&state=y`]) {
      h.server.calls.length = 0
      expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: bad }))).toEqual({
        message: SOCIAL_CONNECT_FAILED,
      })
      expect(h.server.calls).toEqual([])
    }
    // the real one still works
    ok(await h.send('APP_CONNECT_SOCIAL', { uri }))
  })

  it('finishes only a login this frame started; its verifier goes to the server, never to the page', async () => {
    const elsewhere = await createHarness()
    const h = await createHarness({ server: elsewhere.server })
    // A login another frame started (the URL a host script lifted from its own page):
    const lifted = await popup(elsewhere)
    h.server.calls.length = 0
    expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: lifted }))).toEqual({
      message: SOCIAL_CONNECT_FAILED,
    })
    expect(h.server.calls).toEqual([])

    const { uri: start } = ok(
      await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'github' }),
    ) as { uri: string }
    ok(await h.send('APP_CONNECT_SOCIAL', { uri: h.server.authorize(start, 'octo') }))
    const [connect] = h.server.socialConnects
    expect(connect?.codeVerifier).toMatch(/^[\w-]{43}$/)
    expect(JSON.stringify(h.posted)).not.toContain(connect?.codeVerifier)
    // The provider's URL carries the challenge of that verifier (PKCE S256).
    const challenge = createHash('sha256').update(String(connect?.codeVerifier)).digest('base64url')
    expect(new URL(start).searchParams.get('code_challenge')).toBe(challenge)
  })

  it("passes the server's 'Failed to connect' through: used state, provider error", async () => {
    const h = await createHarness()
    const uri = await popup(h)
    ok(await h.send('APP_CONNECT_SOCIAL', { uri }))
    expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri }))).toEqual({
      message: SOCIAL_CONNECT_FAILED,
    })
    const { uri: start } = ok(
      await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'discord' }),
    ) as { uri: string }
    const refused = h.server.authorize(start, 'octo', { error: 'access_denied' })
    expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: refused }))).toEqual({
      message: SOCIAL_CONNECT_FAILED,
    })
    // the earlier session is untouched by the failures
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
  })

  it('a failed upload of the new keys fails the login; the next attempt uploads the same keys', async () => {
    const h = await createHarness()
    h.server.failNext.set('PUT /auth/v1/wallet', { status: 503 })
    expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: await popup(h) }))).toEqual({
      message: 'HTTP status code: 503',
    })
    const pending = JSON.parse(
      h.storage.getItem(`latchkey-frame:wallet:${h.server.projectId}`) ?? '{}',
    )
    const user = await socialLogin(h)
    expect(user.address).toBe(pending.address)
  })
})
