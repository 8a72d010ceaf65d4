import { isValidEmail } from '@latchkey/core/shared'
import {
  AUTH_MAX_USER_NAME_LENGTH,
  AUTH_SOCIAL_CLOCK_SKEW_MS,
  AUTH_SOCIAL_HTTP_TIMEOUT_MS,
  AUTH_SOCIAL_MAX_RESPONSE_BYTES,
} from '../constants/auth.ts'
import { hasControlCharacters } from '../text.ts'
import type { SocialProviderConfig } from './socialProviders.ts'
import type { PendingSocialLogin } from './socialStates.ts'

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

/** The provider could not be reached, or refused: the login fails, nothing else does */
export class ProviderRefused extends Error {}

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
export async function exchangeCode(
  config: SocialProviderConfig,
  code: string,
  state: PendingSocialLogin,
) {
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
export async function readProviderUser(
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
