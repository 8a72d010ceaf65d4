// The issuer's configuration: one public client per social provider, the accounts any
// `<provider>:<username>` names, and consent granted without a second screen.
import { type KeyObject, randomBytes } from 'node:crypto'
import type { Account, Configuration, Grant, KoaContextWithOIDC } from 'oidc-provider'
import {
  DISPLAY_NAMES,
  OIDC_MAX_USERNAME_LENGTH,
  OIDC_ROUTES,
  OIDC_SCOPE,
  OIDC_SOCIAL_CLIENTS,
  type OidcSocialClient,
} from './clients.ts'
import { memoryAdapter } from './memoryAdapter.ts'
import { escapeHtml, page } from './pages.ts'

export const isClient = (value: unknown): value is OidcSocialClient =>
  (OIDC_SOCIAL_CLIENTS as readonly unknown[]).includes(value)

/** `<provider>:<username>` → its claims; undefined for anything else. */
export function accountClaims(accountId: string) {
  const colon = accountId.indexOf(':')
  const provider = accountId.slice(0, colon)
  const username = accountId.slice(colon + 1)
  if (colon < 0 || !isClient(provider) || !isUsername(username)) return undefined
  return {
    sub: accountId,
    email: `${username}@${provider}.example`,
    email_verified: true,
    name: username,
    preferred_username: username,
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export function isUsername(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= OIDC_MAX_USERNAME_LENGTH &&
    value === value.trim() &&
    !CONTROL.test(value)
  )
}

/** The Grant a first-party client gets without a consent screen. */
async function autoGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { provider, session, client } = ctx.oidc
  const accountId = session.accountId
  if (!client || !accountId) return undefined
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
  if (grantId) {
    const grant = await provider.Grant.find(grantId)
    if (grant?.accountId === accountId && grant.clientId === client.clientId) return grant
  }
  const grant = new provider.Grant({ accountId, clientId: client.clientId })
  grant.addOIDCScope(OIDC_SCOPE)
  await grant.save()
  return grant
}

export function configuration(redirectUris: string[], signingKey: KeyObject): Configuration {
  return {
    adapter: memoryAdapter(),
    clients: OIDC_SOCIAL_CLIENTS.map((client) => ({
      client_id: client,
      client_name: DISPLAY_NAMES[client],
      redirect_uris: redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
    })),
    findAccount(_ctx, sub): Account | undefined {
      const claims = accountClaims(sub)
      return claims && { accountId: sub, claims: () => claims }
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: OIDC_SCOPE.split(' '),
    responseTypes: ['code'],
    // The id_token carries the scopes' claims too, not only sub
    conformIdTokenClaims: false,
    clientBasedCORS: () => false,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'devnet', alg: 'RS256' }] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    pkce: { required: () => true },
    routes: { ...OIDC_ROUTES },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: autoGrant,
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1>${Object.entries(out)
          .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
          .join('')}`,
      )
    },
  }
}
