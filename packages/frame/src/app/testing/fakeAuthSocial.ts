// The fake auth API's social and Telegram logins: the authorization URL, the code exchange
// (PKCE checked) and the Telegram initData (a hash of 'valid' passes).
import { createHash, randomBytes } from 'node:crypto'
import {
  FAKE_PROVIDER,
  type FakeAuthServer,
  type FakeUser,
  json,
  PROVIDERS,
  type SocialState,
} from './fakeAuthShared.ts'

export interface SocialContext {
  server: FakeAuthServer
  users: Map<string, FakeUser>
  socialStates: Map<string, SocialState>
  /** code → the provider's subject */
  codes: Map<string, { provider: string; login: string }>
  newUser(fields: Pick<FakeUser, 'email' | 'socialProvider' | 'userName'>): FakeUser
  newSession(user: FakeUser, jkt: string | undefined): Response
}

/** The answer to a social or Telegram login route; undefined for any other route. */
export async function socialRoutes(
  ctx: SocialContext,
  route: string,
  body: Record<string, unknown>,
  jkt: string | undefined,
): Promise<Response | undefined> {
  const { server, users, socialStates, codes, newUser, newSession } = ctx
  if (route === 'POST /auth/v1/social/start') {
    const failed = json(400, { message: 'Failed to initiate social connection' })
    const provider = String(body.provider)
    if (!PROVIDERS.includes(provider) || typeof body.redirectUri !== 'string') return failed
    let redirect: URL
    try {
      redirect = new URL(body.redirectUri)
    } catch {
      return failed
    }
    if (!server.allowedOrigins.includes(redirect.origin)) return failed
    if (typeof body.codeChallenge !== 'string' || !/^[\w-]{43}$/.test(body.codeChallenge)) {
      return failed
    }
    server.socialStarts.push({ provider, redirectUri: body.redirectUri })
    const state = randomBytes(16).toString('base64url')
    socialStates.set(state, {
      provider,
      codeChallenge: body.codeChallenge,
      redirectUri: body.redirectUri,
      used: false,
      expiresAt: server.now + 10 * 60_000,
    })
    const uri = new URL(`${FAKE_PROVIDER}/${provider}/authorize`)
    uri.searchParams.set('response_type', 'code')
    uri.searchParams.set('client_id', provider)
    uri.searchParams.set('redirect_uri', body.redirectUri)
    uri.searchParams.set('scope', 'openid email profile')
    uri.searchParams.set('state', state)
    uri.searchParams.set('code_challenge', body.codeChallenge)
    uri.searchParams.set('code_challenge_method', 'S256')
    return json(200, { uri: uri.toString() })
  }

  if (route === 'POST /auth/v1/social/connect') {
    server.socialConnects.push({ uri: String(body.uri), codeVerifier: body.codeVerifier })
    let back: URL
    try {
      back = new URL(String(body.uri))
    } catch {
      return json(400, { message: 'Failed to connect' })
    }
    const state = socialStates.get(back.searchParams.get('state') ?? '')
    const verifier = typeof body.codeVerifier === 'string' ? body.codeVerifier : ''
    if (
      state &&
      createHash('sha256').update(verifier).digest('base64url') !== state.codeChallenge
    ) {
      return json(400, { message: 'Failed to connect' })
    }
    if (!state || state.used || state.expiresAt < server.now) {
      return json(410, { message: 'Failed to connect' })
    }
    state.used = true
    const grant = codes.get(back.searchParams.get('code') ?? '')
    if (back.searchParams.has('error') || !grant || grant.provider !== state.provider) {
      return json(400, { message: 'Failed to connect' })
    }
    codes.delete(back.searchParams.get('code') ?? '')
    const key = `${grant.provider}:${grant.login}`
    let user = users.get(key)
    if (!user) {
      user = newUser({
        email: `${grant.login}@${grant.provider}.example`,
        socialProvider: grant.provider,
        userName: grant.login,
      })
      users.set(key, user)
    }
    return newSession(user, jkt)
  }

  // Telegram's signed initData is checked by the real server (server/src/auth/telegram.ts);
  // here a `hash` of "valid" stands for a good signature.
  if (route === 'POST /auth/v1/telegram/connect') {
    const data = new URLSearchParams(typeof body.initData === 'string' ? body.initData : '')
    const telegramUser = (() => {
      try {
        return JSON.parse(data.get('user') ?? '') as { id?: unknown; username?: unknown }
      } catch {
        return undefined
      }
    })()
    if (data.get('hash') !== 'valid' || typeof telegramUser?.id !== 'number') {
      return json(401, { message: 'Failed to connect' })
    }
    const key = `telegram:${telegramUser.id}`
    let user = users.get(key)
    if (!user) {
      user = newUser({
        email: null,
        socialProvider: 'telegram',
        userName: typeof telegramUser.username === 'string' ? telegramUser.username : null,
      })
      users.set(key, user)
    }
    return newSession(user, jkt)
  }
  return undefined
}
