// The local OpenID provider, driven from Node as a browser and a relying party would: the
// authorization code flow with PKCE, the login form, the token exchange, the id_token's
// signature and claims, userinfo.
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OidcBrowser, signInWithOidc } from './browser.ts'
import { DEFAULT_OIDC_PORT, OIDC_SOCIAL_CLIENTS } from './clients.ts'
import { accountClaims } from './configuration.ts'
import { defaultOidcPort, type OidcProvider, startOidcProvider } from './provider.ts'

const REDIRECT = 'http://127.0.0.1:5173/'

function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

function decodeJwt(jwt: string) {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  return {
    header: json(header) as { alg: string; kid: string },
    payload: json(payload) as Record<string, unknown>,
    signed: Buffer.from(`${header}.${payload}`),
    signature: Buffer.from(signature, 'base64url'),
  }
}

describe('startOidcProvider', () => {
  let oidc: OidcProvider

  beforeAll(async () => {
    oidc = await startOidcProvider({ port: 0, redirectUris: ['https://dapp.example/callback'] })
  })
  afterAll(() => oidc?.stop())

  function authorizationUrl(
    client: string,
    { challenge, state = 'st', redirectUri = REDIRECT, method = 'S256' as string | null } = {
      challenge: pkce().challenge as string | null,
    },
  ) {
    const url = new URL('/auth', oidc.issuer)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client,
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      ...(challenge && { code_challenge: challenge }),
      ...(challenge && method && { code_challenge_method: method }),
    }).toString()
    return url.href
  }

  async function exchange(
    code: string,
    verifier: string,
    client = 'google',
    redirectUri = REDIRECT,
  ) {
    const response = await fetch(new URL('/token', oidc.issuer), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client,
        code_verifier: verifier,
      }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, string> }
  }

  it('listens on 127.0.0.1 and publishes its discovery document', async () => {
    expect(oidc.issuer).toBe(`http://127.0.0.1:${oidc.port}`)
    const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const discovery = (await response.json()) as Record<string, unknown>
    expect(discovery).toMatchObject({
      issuer: oidc.issuer,
      authorization_endpoint: `${oidc.issuer}/auth`,
      token_endpoint: `${oidc.issuer}/token`,
      userinfo_endpoint: `${oidc.issuer}/me`,
      jwks_uri: `${oidc.issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    })
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    )
  })

  it('runs the code flow with PKCE: login form → code → id_token with sub, email, name', async () => {
    const { verifier, challenge } = pkce()
    const browser = new OidcBrowser()
    const back = new URL(
      await browser.signIn(authorizationUrl('google', { challenge, state: 'state-1' }), {
        login: 'alice',
      }),
    )
    expect(browser.loginPages).toBe(1)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe('state-1')
    expect(back.searchParams.get('iss')).toBe(oidc.issuer)
    const code = back.searchParams.get('code') ?? ''
    expect(code).not.toBe('')

    const token = await exchange(code, verifier)
    expect(token.status).toBe(200)
    expect(token.body.token_type).toBe('Bearer')
    const idToken = decodeJwt(token.body.id_token ?? '')
    expect(idToken.header.alg).toBe('RS256')
    expect(idToken.payload).toMatchObject({
      iss: oidc.issuer,
      aud: 'google',
      sub: 'google:alice',
      email: 'alice@google.example',
      email_verified: true,
      name: 'alice',
      preferred_username: 'alice',
    })
    expect(Number(idToken.payload.exp)).toBeGreaterThan(Date.now() / 1000)

    // The signature verifies with the published key
    const jwks = (await (await fetch(`${oidc.issuer}/jwks`)).json()) as {
      keys: { kid: string }[]
    }
    const jwk = jwks.keys.find((key) => key.kid === idToken.header.kid)
    expect(jwk).toBeDefined()
    const key = createPublicKey({ key: jwk as never, format: 'jwk' })
    expect(verify('sha256', idToken.signed, key, idToken.signature)).toBe(true)

    const userinfo = await fetch(`${oidc.issuer}/me`, {
      headers: { Authorization: `Bearer ${token.body.access_token}` },
    })
    expect(userinfo.status).toBe(200)
    expect(await userinfo.json()).toEqual({
      sub: 'google:alice',
      email: 'alice@google.example',
      email_verified: true,
      name: 'alice',
      preferred_username: 'alice',
    })

    // A code is good once
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant')
  })

  it('serves a client per social provider; the account is <provider>:<username>', async () => {
    for (const client of OIDC_SOCIAL_CLIENTS) {
      const { verifier, challenge } = pkce()
      const back = new URL(
        await signInWithOidc(authorizationUrl(client, { challenge }), { login: 'bob' }),
      )
      const token = await exchange(back.searchParams.get('code') ?? '', verifier, client)
      expect(token.status, client).toBe(200)
      expect(decodeJwt(token.body.id_token ?? '').payload).toMatchObject({
        aud: client,
        sub: `${client}:bob`,
        email: `bob@${client}.example`,
        name: 'bob',
      })
    }
  })

  it('refuses a wrong code_verifier, and an authorization without PKCE', async () => {
    const { challenge } = pkce()
    const back = new URL(await signInWithOidc(authorizationUrl('github', { challenge })))
    const wrong = await exchange(back.searchParams.get('code') ?? '', pkce().verifier, 'github')
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')

    const without = await fetch(authorizationUrl('github', { challenge: null }), {
      redirect: 'manual',
    })
    const location = new URL(without.headers.get('location') ?? '', oidc.issuer)
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)

    const plain = await fetch(authorizationUrl('github', { challenge, method: 'plain' }), {
      redirect: 'manual',
    })
    const plainLocation = new URL(plain.headers.get('location') ?? '', oidc.issuer)
    expect(plainLocation.searchParams.get('error')).toBe('invalid_request')
  })

  it('asks for the username on every sign-in, even in the same browser', async () => {
    const browser = new OidcBrowser()
    const first = new URL(await browser.signIn(authorizationUrl('x'), { login: 'carol' }))
    const second = new URL(await browser.signIn(authorizationUrl('x'), { login: 'dave' }))
    expect(browser.loginPages).toBe(2)
    expect(first.searchParams.get('code')).not.toBe(second.searchParams.get('code'))
  })

  it('redirects back with error=access_denied when the person cancels', async () => {
    const back = new URL(
      await signInWithOidc(
        authorizationUrl('discord', { challenge: pkce().challenge, state: 's2' }),
        {
          cancel: true,
        },
      ),
    )
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('s2')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('accepts the registered redirect URIs and any loopback one, nothing else', async () => {
    const registered = new URL(
      await signInWithOidc(
        authorizationUrl('apple', {
          challenge: pkce().challenge,
          redirectUri: 'https://dapp.example/callback',
        }),
      ),
    )
    expect(registered.origin).toBe('https://dapp.example')
    expect(registered.searchParams.get('code')).not.toBeNull()
    const localhost = new URL(
      await signInWithOidc(
        authorizationUrl('apple', {
          challenge: pkce().challenge,
          redirectUri: 'http://localhost:4000/x',
        }),
      ),
    )
    expect(localhost.origin).toBe('http://localhost:4000')

    for (const redirectUri of ['https://evil.example/', 'http://127.0.0.1.evil.example/']) {
      const response = await fetch(
        authorizationUrl('apple', { challenge: pkce().challenge, redirectUri }),
        { redirect: 'manual' },
      )
      expect(response.status, redirectUri).toBe(400)
      const html = await response.text()
      expect(html).toContain('redirect_uri did not match any of the client')
      expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"<\s]*fonts/)
    }
    const unknownClient = await fetch(authorizationUrl('farcaster'), { redirect: 'manual' })
    expect(unknownClient.status).toBe(400)
  })

  it('serves a login page without external assets, and re-asks for an empty username', async () => {
    const browser = new OidcBrowser()
    const start = await browser.fetch(authorizationUrl('google'))
    const interaction = new URL(start.headers.get('location') ?? '', oidc.issuer)
    const form = await browser.fetch(interaction.href)
    expect(form.status).toBe(200)
    expect(form.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await form.text()
    expect(html).toContain('data-testid="oidc-login"')
    expect(html).toContain('name="login"')
    expect(html).toContain('data-testid="oidc-submit"')
    expect(html).toContain('Sign in with Google')
    expect(html).not.toMatch(/(src|href)=|@import|url\(/)

    const empty = await browser.fetch(`${interaction.href}/login`, {
      method: 'POST',
      body: 'login=%20%20',
      type: 'application/x-www-form-urlencoded',
    })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Enter a username.')
    const escaped = await browser.fetch(`${interaction.href}/login`, {
      method: 'POST',
      body: new URLSearchParams({ login: `<b>${'x'.repeat(70)}` }).toString(),
      type: 'application/x-www-form-urlencoded',
    })
    expect(escaped.status).toBe(400)
    expect(await escaped.text()).not.toContain('<b>')

    // Without the interaction cookie: an expired page, never a crash
    const stranger = await fetch(interaction.href)
    expect(stranger.status).toBe(400)
    expect(await stranger.text()).toContain('This sign-in has expired')
    expect((await fetch(`${oidc.issuer}/interaction/%E0%A4%A`)).status).toBe(400)
  })

  it('reads accounts only as <provider>:<username>', () => {
    expect(accountClaims('github:eve')).toMatchObject({
      sub: 'github:eve',
      email: 'eve@github.example',
    })
    expect(accountClaims('farcaster:eve')).toBeUndefined()
    expect(accountClaims('eve')).toBeUndefined()
    expect(accountClaims('google:')).toBeUndefined()
  })
})

describe('defaultOidcPort', () => {
  it('is OIDC_PORT or 8790', () => {
    const saved = process.env.OIDC_PORT
    try {
      delete process.env.OIDC_PORT
      expect(defaultOidcPort()).toBe(DEFAULT_OIDC_PORT)
      process.env.OIDC_PORT = '9001'
      expect(defaultOidcPort()).toBe(9001)
      process.env.OIDC_PORT = 'nope'
      expect(() => defaultOidcPort()).toThrow(/OIDC_PORT/)
    } finally {
      if (saved === undefined) delete process.env.OIDC_PORT
      else process.env.OIDC_PORT = saved
    }
  })

  it('refuses a port in use', async () => {
    const first = await startOidcProvider({ port: 0 })
    try {
      await expect(startOidcProvider({ port: first.port })).rejects.toThrow(/already in use/)
    } finally {
      await first.stop()
    }
  })
})
