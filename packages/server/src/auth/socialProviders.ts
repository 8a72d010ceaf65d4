import { OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { SocialProvider } from '../db/authSchema.ts'

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

// ---- OAuth ----

/** The config of a provider that has a client id */
export function configured(options: SocialOptions, provider: SocialProvider) {
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
