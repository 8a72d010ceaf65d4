// Social login for the embedded wallet (README "Social login"): the OAuth 2.0 authorization code
// flow with PKCE (S256), run by this server for the frame, whose code verifier it is: the frame
// sends its challenge to POST /auth/v1/social/start, which gives the provider's authorization URL
// (a popup opens it); the popup comes back to the dapp page with ?code&state, and the frame hands
// that URL and its verifier to POST /auth/v1/social/connect, which exchanges the code, reads the
// provider's user, and signs the user in. The URL alone, which the dapp page sees, is worth
// nothing (socialStates.ts).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { isValidEmail, OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import {
  AUTH_MAX_USER_NAME_LENGTH,
  AUTH_PKCE_CHALLENGE,
  AUTH_PKCE_VERIFIER,
  AUTH_SOCIAL_CLOCK_SKEW_MS,
  AUTH_SOCIAL_HTTP_TIMEOUT_MS,
  AUTH_SOCIAL_MAX_RESPONSE_BYTES,
  AUTH_SOCIAL_MAX_URI_LENGTH,
  AUTH_SOCIAL_STATE_TTL_MS,
} from '../constants.ts'
import type { Database, SocialProvider } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { authInvalidParameter, authSocialConnectFailed, authSocialStartFailed } from '../errors.ts'
import { hasControlCharacters } from '../text.ts'
import { bindSession } from './dpop.ts'
import {
  authValidationHook,
  body,
  CommonQuery,
  error,
  guarded,
  json,
  toUser,
  UserSchema,
} from './routes.ts'
import { createSocialState, type PendingSocialLogin, takeSocialState } from './socialStates.ts'
import { completeSocialLogin, findUser, randomToken, type SocialAccount } from './store.ts'

export type { SocialProvider }

/** One provider's OAuth client (README "Social login") */
export interface SocialProviderConfig {
  authorizationEndpoint: string
  tokenEndpoint: string
  /**
   * Where the user is read with the access token (OpenID userinfo, or the provider's own user
   * API). Without it the user comes from the id_token alone.
   */
  userinfoEndpoint?: string
  /** Empty: the provider is not configured (start answers 400) */
  clientId: string
  /** Confidential clients; public ones rely on PKCE alone */
  clientSecret?: string
  /** Space-separated; empty sends no scope */
  scope: string
  /**
   * OpenID providers: the issuer the id_token's `iss` (and the authorization response's `iss`,
   * RFC 9207) must name. With it, a nonce is sent and checked.
   */
  issuer?: string
  /** How the client secret goes to the token endpoint; default client_secret_post */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic'
}

export interface SocialOptions {
  /** A provider missing here, or with an empty clientId, answers 400 on start */
  providers: Partial<Record<SocialProvider, SocialProviderConfig>>
}

type ProviderEndpoints = Omit<SocialProviderConfig, 'clientId' | 'clientSecret'>

/**
 * The real providers' endpoints (production). Client ids and secrets come from the environment
 * (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, …). GitHub, X, Discord and Facebook are OAuth 2.0
 * without OpenID: their user is read from their user APIs.
 */
export const PRODUCTION_SOCIAL_PROVIDERS: Record<SocialProvider, ProviderEndpoints> = {
  google: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    issuer: 'https://accounts.google.com',
  },
  apple: {
    // Apple sends the name and email only with response_mode=form_post, which a static dapp
    // page cannot receive: no scope is asked, the user is the id_token's sub.
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    scope: '',
    issuer: 'https://appleid.apple.com',
  },
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    scope: 'read:user user:email',
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
    tokenEndpointAuthMethod: 'client_secret_basic',
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify email',
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'public_profile email',
  },
}

/**
 * Every provider played by one OpenID issuer with client_id = the provider's name: the local
 * stand-in (@latchkey/devnet startOidcProvider, whose routes are /auth, /token and /me).
 */
export function socialFromIssuer(issuer: string): SocialOptions {
  const base = issuer.replace(/\/+$/, '')
  const providers = Object.fromEntries(
    OAUTH_SOCIAL_PROVIDERS.map((provider) => [
      provider,
      {
        authorizationEndpoint: `${base}/auth`,
        tokenEndpoint: `${base}/token`,
        userinfoEndpoint: `${base}/me`,
        clientId: provider,
        scope: 'openid email profile',
        issuer: base,
      } satisfies SocialProviderConfig,
    ]),
  )
  return { providers }
}

/**
 * OIDC_ISSUER set: every provider → that issuer (socialFromIssuer). Else the real providers with
 * `<PROVIDER>_CLIENT_ID` and `<PROVIDER>_CLIENT_SECRET` (a provider without a client id is off).
 */
export function socialFromEnv(env: NodeJS.ProcessEnv = process.env): SocialOptions {
  const issuer = env.OIDC_ISSUER?.trim()
  if (issuer) return socialFromIssuer(issuer)
  const providers = Object.fromEntries(
    OAUTH_SOCIAL_PROVIDERS.map((provider) => {
      const prefix = provider.toUpperCase()
      const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim()
      const config: SocialProviderConfig = {
        ...PRODUCTION_SOCIAL_PROVIDERS[provider],
        clientId: env[`${prefix}_CLIENT_ID`]?.trim() ?? '',
        ...(clientSecret && { clientSecret }),
      }
      return [provider, config]
    }),
  )
  return { providers }
}

// ---- Routes ----

export const postSocialStartRoute = createRoute({
  method: 'post',
  path: '/auth/v1/social/start',
  summary: "Starts a social login: the provider's authorization URL (PKCE, single-use state)",
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        provider: z.enum(OAUTH_SOCIAL_PROVIDERS),
        redirectUri: z.string().max(2048).openapi({
          description:
            "Where the provider sends the popup back: a page on one of the project's origins",
        }),
        codeChallenge: z
          .string()
          .regex(AUTH_PKCE_CHALLENGE, { error: 'must be a PKCE S256 challenge' })
          .openapi({
            description: 'S256 of a PKCE code verifier only the frame holds (RFC 7636)',
          }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ uri: z.string() }), 'The URL the popup opens'),
    ...guarded,
  },
})

export const postSocialConnectRoute = createRoute({
  method: 'post',
  path: '/auth/v1/social/connect',
  summary: 'Completes a social login from the URL the popup came back to; creates the user if new',
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        uri: z.string().max(AUTH_SOCIAL_MAX_URI_LENGTH).openapi({
          description: 'redirectUri?code=…&state=… (or ?error=…&state=…)',
        }),
        codeVerifier: z
          .string()
          .regex(AUTH_PKCE_VERIFIER, { error: 'must be a PKCE code verifier' })
          .openapi({
            description: "The verifier of start's codeChallenge",
          }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    ...guarded,
    400: error('Bad input, or the provider refused (Failed to connect)'),
    410: error('Unknown, used or expired state (Failed to connect)'),
  },
})

/** The social routes: they take projectId (project, frame CORS, rate limits) */
export const SOCIAL_ROUTES = [postSocialStartRoute, postSocialConnectRoute]

// ---- OAuth ----

/** The config of a provider that has a client id */
function configured(options: SocialOptions, provider: SocialProvider) {
  const config = options.providers[provider]
  return config?.clientId ? config : undefined
}

/** An http(s) page on one of the origins, without credentials or fragment, as a URL. */
export function allowedRedirectUri(value: string, origins: readonly string[]): URL | undefined {
  const url = URL.parse(value)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
  if (url.username || url.password || value.includes('#')) return undefined
  return origins.includes(url.origin) ? url : undefined
}

export function authorizationUrl(
  config: SocialProviderConfig,
  state: { state: string; codeChallenge: string; nonce: string | null; redirectUri: string },
): string {
  const url = new URL(config.authorizationEndpoint)
  const params = url.searchParams
  params.set('response_type', 'code')
  params.set('client_id', config.clientId)
  params.set('redirect_uri', state.redirectUri)
  if (config.scope) params.set('scope', config.scope)
  params.set('state', state.state)
  params.set('code_challenge', state.codeChallenge)
  params.set('code_challenge_method', 'S256')
  if (state.nonce) params.set('nonce', state.nonce)
  return url.href
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A JSON object answer of at most AUTH_SOCIAL_MAX_RESPONSE_BYTES; undefined otherwise. */
async function readJsonObject(response: Response): Promise<Json | undefined> {
  const reader = response.body?.getReader()
  if (!reader) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > AUTH_SOCIAL_MAX_RESPONSE_BYTES) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    return isObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

class ProviderRefused extends Error {}

async function call(url: string, init: RequestInit): Promise<Json> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(AUTH_SOCIAL_HTTP_TIMEOUT_MS),
    })
  } catch (cause) {
    throw new ProviderRefused(`${url} could not be reached`, { cause })
  }
  const answer = await readJsonObject(response)
  if (!response.ok || !answer) {
    const reason = typeof answer?.error === 'string' ? `: ${answer.error}` : ''
    throw new ProviderRefused(`${url} answered ${response.status}${reason}`)
  }
  return answer
}

/** The code for tokens at the token endpoint, with the PKCE verifier. */
async function exchangeCode(config: SocialProviderConfig, code: string, state: PendingSocialLogin) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: state.redirect_uri,
    code_verifier: state.codeVerifier,
  })
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    'User-Agent': 'Latchkey',
  }
  if (config.clientSecret && config.tokenEndpointAuthMethod === 'client_secret_basic') {
    const id = encodeURIComponent(config.clientId)
    const secret = encodeURIComponent(config.clientSecret)
    headers.Authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
  } else {
    form.set('client_id', config.clientId)
    if (config.clientSecret) form.set('client_secret', config.clientSecret)
  }
  const tokens = await call(config.tokenEndpoint, { method: 'POST', headers, body: form })
  if (typeof tokens.error === 'string') {
    // GitHub answers 200 with an error
    throw new ProviderRefused(`the token endpoint refused: ${tokens.error}`)
  }
  const accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : undefined
  const idToken = typeof tokens.id_token === 'string' ? tokens.id_token : undefined
  const tokenType = typeof tokens.token_type === 'string' ? tokens.token_type : 'bearer'
  if (tokenType.toLowerCase() !== 'bearer') {
    throw new ProviderRefused(`unexpected token_type ${tokenType}`)
  }
  return { accessToken, idToken }
}

/**
 * The id_token's claims, checked: iss (when the provider has an issuer), aud, azp, exp and the
 * nonce. Its signature is not checked: it came straight from the token endpoint over TLS, which
 * OpenID Connect Core 3.1.3.7 allows in place of the signature.
 */
function idTokenClaims(
  idToken: string,
  config: SocialProviderConfig,
  nonce: string | null,
  now: Date,
): Json {
  const [, payload = '', extra] = idToken.split('.')
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    claims = undefined
  }
  if (extra === undefined || !isObject(claims)) throw new ProviderRefused('malformed id_token')
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  const skew = AUTH_SOCIAL_CLOCK_SKEW_MS / 1000
  const seconds = now.getTime() / 1000
  const problems = [
    config.issuer !== undefined && claims.iss !== config.issuer && 'iss',
    !audiences.includes(config.clientId) && 'aud',
    claims.azp !== undefined && claims.azp !== config.clientId && 'azp',
    !(typeof claims.exp === 'number' && claims.exp + skew > seconds) && 'exp',
    nonce !== null && claims.nonce !== nonce && 'nonce',
  ].filter(Boolean)
  if (problems.length > 0) throw new ProviderRefused(`id_token: bad ${problems.join(', ')}`)
  return claims
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

function text(value: unknown, maxLength: number): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const cleaned = value.replace(CONTROL_CHARACTERS, '').trim()
  return cleaned === '' ? undefined : [...cleaned].slice(0, maxLength).join('')
}

/**
 * The provider's user from its claims: OpenID (sub, preferred_username, name, email), GitHub
 * (id, login, name, email), X ({ data: { id, username, name } }), Discord (id, username,
 * global_name, email, verified), Facebook (id, name, email). userName is the username when the
 * provider has one, else the name. An email marked unverified is dropped.
 */
export function socialUserFromClaims(
  claims: Json,
): { sub: string; userName: string | null; email: string | null } | undefined {
  const user = isObject(claims.data) ? claims.data : claims
  const raw = user.sub ?? user.id
  const sub = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw
  if (typeof sub !== 'string' || sub === '' || sub.length > 255 || hasControlCharacters(sub)) {
    return undefined
  }
  const userName =
    text(user.preferred_username, AUTH_MAX_USER_NAME_LENGTH) ??
    text(user.login, AUTH_MAX_USER_NAME_LENGTH) ??
    text(user.username, AUTH_MAX_USER_NAME_LENGTH) ??
    text(user.name, AUTH_MAX_USER_NAME_LENGTH) ??
    null
  const verified = user.email_verified !== false && user.verified !== false
  const rawEmail = typeof user.email === 'string' ? user.email.trim().toLowerCase() : ''
  const email = verified && rawEmail.length <= 254 && isValidEmail(rawEmail) ? rawEmail : null
  return { sub, userName, email }
}

/** The code → tokens → the provider's user. Throws ProviderRefused. */
async function readProviderUser(
  config: SocialProviderConfig,
  code: string,
  state: PendingSocialLogin,
  now: Date,
) {
  const { accessToken, idToken } = await exchangeCode(config, code, state)
  const fromIdToken = idToken ? idTokenClaims(idToken, config, state.nonce, now) : undefined
  if (config.issuer !== undefined && !fromIdToken) throw new ProviderRefused('no id_token')
  let claims = fromIdToken ?? {}
  if (config.userinfoEndpoint) {
    if (!accessToken) throw new ProviderRefused('no access_token')
    const userinfo = await call(config.userinfoEndpoint, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        'User-Agent': 'Latchkey',
      },
    })
    if (fromIdToken && userinfo.sub !== fromIdToken.sub) {
      throw new ProviderRefused('userinfo and id_token name different users')
    }
    claims = { ...claims, ...userinfo }
  }
  const user = socialUserFromClaims(claims)
  if (!user) throw new ProviderRefused('the provider named no user')
  return user
}

export interface SocialRouteDeps {
  db: Kysely<Database>
  now: () => number
  social: SocialOptions
  logger?: Logger
}

export function registerSocialRoutes(app: OpenAPIHono<AppEnv>, deps: SocialRouteDeps) {
  const { db } = deps
  const now = () => new Date(deps.now())

  app.openapi(
    postSocialStartRoute,
    async (c) => {
      const { provider, redirectUri, codeChallenge } = c.req.valid('json')
      const project = c.var.project
      const redirect = allowedRedirectUri(redirectUri, project.allowed_origins)
      if (!redirect) {
        return c.json(
          authInvalidParameter(
            'redirectUri',
            "must be an http(s) page on one of the project's allowed origins",
          ),
          400,
        )
      }
      const config = configured(deps.social, provider)
      if (!config) return c.json(authSocialStartFailed, 400)
      const at = now()
      const state = randomToken()
      const nonce = config.issuer === undefined ? null : randomToken()
      await createSocialState(
        db,
        {
          projectId: project.project_id,
          provider,
          state,
          codeChallenge,
          nonce,
          redirectUri: redirect.href,
          expiresAt: new Date(at.getTime() + AUTH_SOCIAL_STATE_TTL_MS),
        },
        at,
      )
      const uri = authorizationUrl(config, {
        state,
        codeChallenge,
        nonce,
        redirectUri: redirect.href,
      })
      return c.json({ uri }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postSocialConnectRoute,
    async (c) => {
      const projectId = c.var.project.project_id
      const { uri, codeVerifier } = c.req.valid('json')
      const url = URL.parse(uri)
      if (!url) return c.json(authSocialConnectFailed, 400)
      const params = url.searchParams
      const state = params.get('state')
      if (params.has('error')) {
        // The provider (or the person) said no: the sign-in is over.
        if (state) await takeSocialState(db, projectId, state, codeVerifier, now())
        return c.json(authSocialConnectFailed, 400)
      }
      const at = now()
      const pending = state
        ? await takeSocialState(db, projectId, state, codeVerifier, at)
        : undefined
      if (!pending) return c.json(authSocialConnectFailed, 410)
      const expected = new URL(pending.redirect_uri)
      const config = configured(deps.social, pending.provider)
      const code = params.get('code')
      const iss = params.get('iss')
      if (
        !config ||
        url.origin !== expected.origin ||
        url.pathname !== expected.pathname ||
        !code ||
        (iss !== null && config.issuer !== undefined && iss !== config.issuer)
      ) {
        return c.json(authSocialConnectFailed, 400)
      }
      let account: SocialAccount
      try {
        const user = await readProviderUser(config, code, pending, at)
        account = { projectId, provider: pending.provider, ...user }
      } catch (error) {
        if (!(error instanceof ProviderRefused)) throw error
        deps.logger?.warn(
          { provider: pending.provider, reason: error.message },
          'social login refused by the provider',
        )
        return c.json(authSocialConnectFailed, 400)
      }
      const { token, userId } = await completeSocialLogin(db, account, now())
      const user = await findUser(db, { id: userId })
      if (!user) return c.json(authSocialConnectFailed, 410) // deleted meanwhile
      await bindSession(db, token, c.var.dpopJkt)
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
