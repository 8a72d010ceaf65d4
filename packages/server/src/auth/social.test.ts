// Social login against the real server and the devnet's real OpenID provider (oidc-provider),
// signed in from Node the way the popup's browser would (login form, redirects, cookies), on every
// available database. Also the wallets per namespace (EVM and Solana) of a social user.
import { createHash, randomBytes } from 'node:crypto'
import { encodeBase58 } from '@latchkey/core/shared'
import { type OidcProvider, signInWithOidc, startOidcProvider } from '@latchkey/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_SOCIAL_STATE_TTL_MS } from '../constants/auth.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { authCaller } from '../testing/authCaller.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import {
  PRODUCTION_SOCIAL_PROVIDERS,
  type SocialOptions,
  socialFromEnv,
  socialFromIssuer,
} from './socialProviders.ts'
import { pkceChallenge } from './socialStates.ts'
import { socialUserFromClaims } from './socialUser.ts'

const FRAME = 'http://127.0.0.1:5174'
const PAGE = 'http://127.0.0.1:5173'
const REDIRECT = `${PAGE}/`
const EVM_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FAILED = { message: 'Failed to connect' }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const solanaAddress = () => encodeBase58(randomBytes(32))
const encrypted = () => ({
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(48).toString('base64'),
})
let users = 0
const newLogin = (name = 'user') => `${name}${++users}`

interface User {
  email: string | null
  address: string | null
  solanaAddress: string | null
  accounts: { address: string; type: string; namespace: string }[]
  userName: string | null
  socialProvider: string | null
}

describe.each(availableDatabases())('social login on $name', (database) => {
  let oidc: OidcProvider
  let service: TestServer
  /** Added to the real clock: the id_token's exp is real time */
  let skew = 0

  beforeAll(async () => {
    oidc = await startOidcProvider({ port: 0 })
    const { apple: _apple, ...providers } = socialFromIssuer(oidc.issuer).providers
    const social: SocialOptions = {
      providers: {
        ...providers,
        // Configured without a client id: as good as missing
        ...(providers.discord && { discord: { ...providers.discord, clientId: '' } }),
      },
    }
    service = await startTestServer(database, {
      mail: { host: '127.0.0.1', port: 9 },
      frameOrigins: [FRAME],
      allowedOrigins: [PAGE, FRAME],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => Date.now() + skew,
      social,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await oidc?.stop()
  })

  const call = authCaller((path, init) => service.request(path, init), FRAME, {
    url: () => service.server.url,
    now: () => Date.now() + skew,
  })

  /** The verifiers the frame would hold, by the state of the sign-in they started */
  const verifiers = new Map<string, string>()
  const stateOf = (uri: string) => URL.parse(uri)?.searchParams.get('state') ?? ''
  /** A start body as the frame sends it, with the challenge of a fresh verifier */
  function startBody(provider: string, redirectUri: string) {
    const codeVerifier = randomBytes(32).toString('base64url')
    return {
      codeVerifier,
      body: { provider, redirectUri, codeChallenge: pkceChallenge(codeVerifier) },
    }
  }

  async function start(provider = 'google', redirectUri = REDIRECT) {
    const { codeVerifier, body } = startBody(provider, redirectUri)
    const response = await call('POST', '/auth/v1/social/start', { body })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const { uri } = response.body as { uri: string }
    verifiers.set(stateOf(uri), codeVerifier)
    return uri
  }

  /** The frame's connect: the URL the popup came back to and the verifier of its sign-in */
  const connect = (uri: string, codeVerifier = verifiers.get(stateOf(uri)) ?? 'v'.repeat(43)) =>
    call('POST', '/auth/v1/social/connect', { body: { uri, codeVerifier } })

  /** start → the provider's login form → the URL the popup comes back to */
  async function popup(provider = 'google', login = newLogin()) {
    return signInWithOidc(await start(provider), { login })
  }

  async function signIn(provider = 'google', login = newLogin()) {
    const response = await connect(await popup(provider, login))
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body as { token: string; user: User }
  }

  async function userIdOf(token: string) {
    const row = await service.server.db
      .selectFrom('auth_sessions')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
    return row.user_id
  }

  it('signs in with the provider: start → login form → code → connect → token and user', async () => {
    const uri = new URL(await start('google'))
    expect(`${uri.origin}${uri.pathname}`).toBe(`${oidc.issuer}/auth`)
    const params = Object.fromEntries(uri.searchParams)
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'google',
      redirect_uri: REDIRECT,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the state's hash is stored, and the frame's challenge: never a verifier
    const stored = await service.server.db
      .selectFrom('auth_social_states')
      .selectAll()
      .where('state_hash', '=', sha256(params.state ?? ''))
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(params.state)
    expect(JSON.stringify(stored)).not.toContain(verifiers.get(params.state ?? ''))
    expect(stored.code_challenge).toBe(params.code_challenge)
    expect(stored).toMatchObject({ provider: 'google', redirect_uri: REDIRECT })
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(AUTH_SOCIAL_STATE_TTL_MS)

    const back = await signInWithOidc(uri.href, { login: 'alice' })
    expect(back.startsWith(`${REDIRECT}?code=`)).toBe(true)
    const response = await connect(back)
    expect(response.status).toBe(200)
    const { token, user } = response.body as { token: string; user: User }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).toEqual({
      email: 'alice@google.example',
      address: null,
      solanaAddress: null,
      chainId: null,
      accounts: [],
      userName: 'alice',
      socialProvider: 'google',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect((await call('GET', '/auth/v1/session', { token })).body).toEqual({ user })

    // The state is used up
    expect(await connect(back)).toMatchObject({ status: 410, body: FAILED })
  })

  it('signs the same provider account in to the same user; another account or provider is another user', async () => {
    const login = newLogin('same')
    const first = await signIn('google', login)
    const again = await signIn('google', login)
    expect(again.token).not.toBe(first.token)
    expect(await userIdOf(again.token)).toBe(await userIdOf(first.token))
    const otherProvider = await signIn('github', login)
    expect(otherProvider.user).toMatchObject({
      socialProvider: 'github',
      email: `${login}@github.example`,
    })
    expect(await userIdOf(otherProvider.token)).not.toBe(await userIdOf(first.token))
    const otherAccount = await signIn('google', newLogin('same'))
    expect(await userIdOf(otherAccount.token)).not.toBe(await userIdOf(first.token))
  })

  it('creates one user when two sign-ins of a new account race', async () => {
    const login = newLogin('race')
    const popups = await Promise.all([popup('x', login), popup('x', login), popup('x', login)])
    const responses = await Promise.all(popups.map((back) => connect(back)))
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200])
    const ids = await Promise.all(
      responses.map((r) => userIdOf((r.body as { token: string }).token)),
    )
    expect(new Set(ids).size).toBe(1)
    const identities = await service.server.db
      .selectFrom('auth_social_identities')
      .selectAll()
      .where('sub', '=', `x:${login}`)
      .execute()
    expect(identities).toHaveLength(1)
  })

  it('a return URL lifted from the page completes nothing without the frame’s verifier, and does not use the sign-in up', async () => {
    const back = await popup('google')
    // A host script read ?code&state and posts it from its own server, with a verifier of its own.
    const lifted = await connect(back, randomBytes(32).toString('base64url'))
    expect(lifted).toMatchObject({ status: 410, body: FAILED })
    expect(await call('POST', '/auth/v1/social/connect', { body: { uri: back } })).toMatchObject({
      status: 400,
    })
    // The frame, which holds the verifier, still signs in.
    expect((await connect(back)).status).toBe(200)
    // The provider's authorization URL carried the frame's challenge, not one of the server's.
    const uri = await start('google')
    const challenge = new URL(uri).searchParams.get('code_challenge')
    expect(challenge).toBe(pkceChallenge(verifiers.get(stateOf(uri)) ?? ''))
  })

  it('lets only one of two racing connects take a state', async () => {
    const back = await popup('google')
    const statuses = (await Promise.all([connect(back), connect(back)])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 410])
  })

  it('refuses a redirectUri outside the project`s origins, and an unknown or unconfigured provider', async () => {
    for (const redirectUri of [
      'https://evil.example/',
      'http://127.0.0.1:5175/',
      'javascript:alert(1)',
      'not a url',
      `${PAGE}/#fragment`,
      `http://user:pw@127.0.0.1:5173/`,
      `ftp://127.0.0.1:5173/`,
    ]) {
      const response = await call('POST', '/auth/v1/social/start', {
        body: startBody('google', redirectUri).body,
      })
      expect(response.status, redirectUri).toBe(400)
      expect((response.body as { message: string }).message).toMatch(
        /^Invalid parameter 'redirectUri'/,
      )
    }
    // Any page of an allowed origin is fine, the frame's too
    expect(
      new URL(await start('google', `${PAGE}/some/page?x=1`)).searchParams.get('redirect_uri'),
    ).toBe(`${PAGE}/some/page?x=1`)
    const unknown = await call('POST', '/auth/v1/social/start', {
      body: startBody('farcaster', REDIRECT).body,
    })
    expect(unknown.status).toBe(400)
    expect((unknown.body as { message: string }).message).toMatch(/^Invalid parameter 'provider'/)
    for (const provider of ['apple', 'discord']) {
      expect(
        await call('POST', '/auth/v1/social/start', { body: startBody(provider, REDIRECT).body }),
      ).toMatchObject({ status: 400, body: { message: 'Failed to initiate social connection' } })
    }
  })

  it('answers 400 when the provider says no, and ends the sign-in', async () => {
    const uri = await start('facebook')
    const state = new URL(uri).searchParams.get('state') ?? ''
    const back = await signInWithOidc(uri, { cancel: true })
    expect(new URL(back).searchParams.get('error')).toBe('access_denied')
    expect(await connect(back)).toMatchObject({ status: 400, body: FAILED })
    const row = await service.server.db
      .selectFrom('auth_social_states')
      .select('state_hash')
      .where('state_hash', '=', sha256(state))
      .executeTakeFirst()
    expect(row).toBeUndefined()
    expect(await connect(`${REDIRECT}?error=server_error`)).toMatchObject({ status: 400 })
  })

  it('answers 400 for a code the provider refuses, a foreign redirect or issuer; 410 for an unknown state', async () => {
    const tampered = new URL(await popup('google'))
    tampered.searchParams.set('code', 'x'.repeat(43))
    expect(await connect(tampered.href)).toMatchObject({ status: 400, body: FAILED })

    const moved = new URL(await popup('google'))
    moved.pathname = '/elsewhere'
    expect(await connect(moved.href)).toMatchObject({ status: 400, body: FAILED })

    const mixedUp = new URL(await popup('google'))
    mixedUp.searchParams.set('iss', 'https://accounts.google.com')
    expect(await connect(mixedUp.href)).toMatchObject({ status: 400, body: FAILED })

    const noCode = new URL(await popup('google'))
    noCode.searchParams.delete('code')
    expect(await connect(noCode.href)).toMatchObject({ status: 400, body: FAILED })

    expect(await connect(`${REDIRECT}?code=abc&state=${'y'.repeat(43)}`)).toMatchObject({
      status: 410,
      body: FAILED,
    })
    expect(await connect(`${REDIRECT}?code=abc`)).toMatchObject({ status: 410, body: FAILED })
    expect(await connect('not a url')).toMatchObject({ status: 400, body: FAILED })
    const tooLong = await connect(`${REDIRECT}?code=${'a'.repeat(9000)}`)
    expect(tooLong.status).toBe(400)
  })

  it('keeps a started sign-in 10 minutes', async () => {
    const back = await popup('github')
    skew += AUTH_SOCIAL_STATE_TTL_MS
    try {
      expect(await connect(back)).toMatchObject({ status: 410, body: FAILED })
    } finally {
      skew -= AUTH_SOCIAL_STATE_TTL_MS
    }
  })

  it('stores an EVM and a Solana wallet per user, each once; lists both accounts', async () => {
    const { token } = await signIn('google', 'wallets')
    const keys = await call('GET', '/auth/v1/wallet', { token })
    expect(keys.body).toMatchObject({ wallet: null, wallets: {} })

    const solana = { namespace: 'solana', address: solanaAddress(), ...encrypted() }
    const putSolana = await call('PUT', '/auth/v1/wallet', { token, body: solana })
    expect(putSolana.status).toBe(201)
    expect((putSolana.body as { user: User }).user).toMatchObject({
      address: null,
      solanaAddress: solana.address,
      accounts: [{ address: solana.address, type: 'EOA', namespace: 'solana' }],
    })
    const evm = { address: EVM_ADDRESS, ...encrypted() }
    const putEvm = await call('PUT', '/auth/v1/wallet', { token, body: evm })
    expect(putEvm.status).toBe(201)
    const user = (putEvm.body as { user: User }).user
    expect(user).toMatchObject({
      address: CHECKSUMMED,
      solanaAddress: solana.address,
      accounts: [
        { address: CHECKSUMMED, type: 'EOA', namespace: 'eip155' },
        { address: solana.address, type: 'EOA', namespace: 'solana' },
      ],
      socialProvider: 'google',
    })

    // Never overwritten, per namespace
    for (const again of [
      { ...solana, ...encrypted(), address: solanaAddress() },
      { ...evm, ...encrypted(), namespace: 'eip155' },
    ]) {
      expect(await call('PUT', '/auth/v1/wallet', { token, body: again })).toMatchObject({
        status: 409,
        body: { message: 'This account already has a wallet' },
      })
    }
    const { namespace: _, ...solanaWallet } = solana
    expect((await call('GET', '/auth/v1/wallet', { token })).body).toEqual({
      wrappingKey: (keys.body as { wrappingKey: string }).wrappingKey,
      wallet: { ...evm, address: CHECKSUMMED },
      wallets: { eip155: { ...evm, address: CHECKSUMMED }, solana: solanaWallet },
    })
    expect((await call('GET', '/auth/v1/session', { token })).body).toEqual({ user })
    // A new sign-in finds the same wallets
    const again = await signIn('google', 'wallets')
    expect(again.user).toEqual(user)
  })

  it('validates the wallet address per namespace', async () => {
    const { token } = await signIn('github')
    const short = encodeBase58(randomBytes(31))
    for (const [body, path] of [
      [{ namespace: 'solana', address: EVM_ADDRESS }, 'address'],
      [{ namespace: 'solana', address: short }, 'address'],
      [{ namespace: 'solana', address: `${solanaAddress().slice(0, -1)}0` }, 'address'],
      [{ namespace: 'solana', address: 'x'.repeat(200) }, 'address'],
      [{ namespace: 'eip155', address: solanaAddress() }, 'address'],
      [{ address: solanaAddress() }, 'address'],
      [{ namespace: 'cosmos', address: solanaAddress() }, 'namespace'],
      [{ namespace: 'solana' }, 'address'],
    ] as const) {
      const response = await call('PUT', '/auth/v1/wallet', {
        token,
        body: { ...encrypted(), ...body },
      })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((response.body as { message: string }).message).toMatch(
        new RegExp(`^Invalid parameter '${path}'`),
      )
    }
  })

  it('lets the frame rename a social user; an email change is refused', async () => {
    const { token } = await signIn('x', 'renamed')
    const patched = await call('PATCH', '/auth/v1/user', { token, body: { userName: 'Ren' } })
    expect((patched.body as { user: User }).user.userName).toBe('Ren')
    const cleared = await call('PATCH', '/auth/v1/user', { token, body: { userName: null } })
    expect((cleared.body as { user: User }).user.userName).toBe('renamed')
    const change = await call('POST', '/auth/v1/email/change', {
      token,
      body: { email: 'new@example.org' },
    })
    expect(change.status).toBe(400)
    expect((change.body as { message: string }).message).toMatch(/social provider/)
  })

  it('lets only the frame origins through CORS on the social routes', async () => {
    const preflight = (origin: string) =>
      service.request(`/auth/v1/social/start?projectId=${DEMO_PROJECT_ID}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
    expect((await preflight(FRAME)).headers.get('access-control-allow-origin')).toBe(FRAME)
    expect((await preflight(PAGE)).headers.get('access-control-allow-origin')).toBeNull()
    const missing = await service.request('/auth/v1/social/start', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'google', redirectUri: REDIRECT }),
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'APKT008' })
  })

  it('never answers 5xx to random bodies on the social routes', async () => {
    const { token } = await signIn('google')
    const field = fc.oneof(
      fc.constantFrom('provider', 'redirectUri', 'uri', 'namespace', 'address', '__proto__'),
      fc.string({ maxLength: 8 }),
    )
    const value = fc.oneof(
      fc.constantFrom(
        'google',
        'apple',
        'solana',
        REDIRECT,
        `${REDIRECT}?code=a&state=b`,
        `${REDIRECT}?error=x&state=b`,
        solanaAddress(),
        '',
        null,
      ),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.webUrl({ withQueryParameters: true }),
      fc.integer(),
      fc.boolean(),
      fc.json().map((j) => JSON.parse(j) as unknown),
    )
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['POST', '/auth/v1/social/start'],
          ['POST', '/auth/v1/social/connect'],
          ['PUT', '/auth/v1/wallet'],
        ),
        fc.oneof(fc.dictionary(field, value, { maxKeys: 4 }), fc.json({ maxDepth: 2 })),
        async ([method, path], body) => {
          const response = await call(method, path, { body, token })
          if (response.status >= 500) {
            failures.push(`${response.status} ${path} ${JSON.stringify(body)}`)
          }
          return response.status < 500
        },
      ),
      { numRuns: 200, seed: 20_300_901 },
    )
    expect(failures).toEqual([])
  })
})

describe('social login configuration', () => {
  it('points every provider at OIDC_ISSUER, with client_id = the provider', () => {
    const { providers } = socialFromEnv({ OIDC_ISSUER: 'http://127.0.0.1:8790/' })
    expect(Object.keys(providers).sort()).toEqual(
      ['apple', 'discord', 'facebook', 'github', 'google', 'x'].sort(),
    )
    expect(providers.x).toEqual({
      authorizationEndpoint: 'http://127.0.0.1:8790/auth',
      tokenEndpoint: 'http://127.0.0.1:8790/token',
      userinfoEndpoint: 'http://127.0.0.1:8790/me',
      clientId: 'x',
      scope: 'openid email profile',
      issuer: 'http://127.0.0.1:8790',
    })
  })

  it('uses the real providers with <PROVIDER>_CLIENT_ID / _SECRET otherwise', () => {
    const { providers } = socialFromEnv({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GITHUB_CLIENT_ID: ' gh-id ',
    })
    expect(providers.google).toEqual({
      ...PRODUCTION_SOCIAL_PROVIDERS.google,
      clientId: 'g-id',
      clientSecret: 'g-secret',
    })
    expect(providers.google?.authorizationEndpoint).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    )
    expect(providers.github).toMatchObject({
      clientId: 'gh-id',
      userinfoEndpoint: 'https://api.github.com/user',
    })
    expect(providers.github).not.toHaveProperty('clientSecret')
    expect(providers.discord?.clientId).toBe('')
    expect(PRODUCTION_SOCIAL_PROVIDERS.discord.userinfoEndpoint).toBe(
      'https://discord.com/api/users/@me',
    )
    expect(PRODUCTION_SOCIAL_PROVIDERS.x.userinfoEndpoint).toBe('https://api.x.com/2/users/me')
    expect(PRODUCTION_SOCIAL_PROVIDERS.facebook.userinfoEndpoint).toBe(
      'https://graph.facebook.com/me?fields=id,name,email',
    )
  })

  it("reads each provider's user shape", () => {
    expect(
      socialUserFromClaims({
        sub: 'g-1',
        email: 'A@Example.org',
        email_verified: true,
        name: 'Ann',
      }),
    ).toEqual({ sub: 'g-1', userName: 'Ann', email: 'a@example.org' })
    // GitHub: a numeric id, the login is the username
    expect(
      socialUserFromClaims({ id: 583231, login: 'octocat', name: 'The Octocat', email: null }),
    ).toEqual({ sub: '583231', userName: 'octocat', email: null })
    // X wraps the user in data
    expect(
      socialUserFromClaims({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } }),
    ).toEqual({ sub: '2244994945', userName: 'XDevelopers', email: null })
    // Discord: an unverified email is dropped
    expect(
      socialUserFromClaims({
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly',
        email: 'nelly@discord.com',
        verified: false,
      }),
    ).toEqual({ sub: '80351110224678912', userName: 'nelly', email: null })
    // Facebook
    expect(socialUserFromClaims({ id: '10', name: 'Fay', email: 'fay@example.org' })).toEqual({
      sub: '10',
      userName: 'Fay',
      email: 'fay@example.org',
    })
    // Apple without scopes: the sub alone
    expect(socialUserFromClaims({ sub: '001.abc' })).toEqual({
      sub: '001.abc',
      userName: null,
      email: null,
    })
    expect(socialUserFromClaims({ name: 'no id' })).toBeUndefined()
    expect(socialUserFromClaims({ sub: 'a\u0000b' })).toBeUndefined()
    expect(socialUserFromClaims({ sub: 1.5 })).toBeUndefined()
    expect(
      socialUserFromClaims({ sub: 's', name: `  ${'n'.repeat(100)}\u0007 `, email: 'bad' }),
    ).toEqual({ sub: 's', userName: 'n'.repeat(64), email: null })
  })
})
