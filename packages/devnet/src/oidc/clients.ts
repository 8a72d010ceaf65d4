// The local issuer's clients, routes and limits.

/** docs/architecture.md "The local stack": the OpenID provider on 8790, env OIDC_PORT */
export const DEFAULT_OIDC_PORT = 8790

/** The clients of the local issuer: one per social provider (spec §5) */
export const OIDC_SOCIAL_CLIENTS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const
export type OidcSocialClient = (typeof OIDC_SOCIAL_CLIENTS)[number]

/** The scopes every client may ask for */
export const OIDC_SCOPE = 'openid email profile'

/** Where oidc-provider serves each endpoint on the issuer (pinned, so a relying party may rely on them) */
export const OIDC_ROUTES = {
  authorization: '/auth',
  token: '/token',
  userinfo: '/me',
  jwks: '/jwks',
} as const

/** The longest username the login form takes */
export const OIDC_MAX_USERNAME_LENGTH = 64

export const DISPLAY_NAMES: Record<OidcSocialClient, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

export const MAX_FORM_BYTES = 8 * 1024
