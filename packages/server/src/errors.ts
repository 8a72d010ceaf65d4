// Error bodies the server answers with. Codes and short messages come from §8 (setup alerts);
// the other texts are ours.

import { ErrorText, SetupAlerts } from '@latchkey/core/shared'

export interface ErrorBody {
  error: string
  code?: string
}

function alertBody(code: 'APKT007' | 'APKT008' | 'APKT010'): ErrorBody {
  return { error: SetupAlerts[code].shortMessage, code }
}

/** §8 APKT008 Project ID Missing (HTTP 400) */
export const projectIdMissing = alertBody('APKT008')
/** §8 APKT007 Invalid Project ID (HTTP 403) */
export const invalidProjectId = alertBody('APKT007')
/** §7 HTTP 429 -> RATE_LIMITED, §8 APKT010 Rate Limited */
export const rateLimited = alertBody('APKT010')

/** §7 image blobs: an id we have no image for (HTTP 404) */
export const imageNotFound: ErrorBody = { error: 'Image not found' }
/** Ours: a path or method the service does not serve (HTTP 404) */
export const routeNotFound: ErrorBody = { error: 'Not found' }
/** docs/architecture.md "The local stack": bad input is a 4xx; this is the last resort for our own bugs */
export const internalError: ErrorBody = { error: 'Internal error' }

/** docs/architecture.md "The local stack": every 400 names the parameter at fault */
export function invalidParameter(name: string, reason: string): ErrorBody {
  return { error: `Invalid parameter '${name}': ${reason}` }
}

/** Ours: a chain the server has no node for (HTTP 400) */
export function unsupportedChain(chainId: string): ErrorBody {
  return { error: `Unsupported chain: ${chainId}` }
}
/** Thrown at start when another server has the PGlite data directory open */
export function dataDirInUse(dataDir: string, owner?: { pid: number; host: string }): string {
  const by = owner ? ` by the server with pid ${owner.pid} on ${owner.host}` : ''
  return (
    `The database directory ${dataDir} is in use${by}. PGlite serves one process: stop that ` +
    'server, or run several on PostgreSQL (DATABASE_URL).'
  )
}
/** Ours: a request body over the limit (HTTP 413) */
export const bodyTooLarge: ErrorBody = { error: 'Request body too large' }
/** Ours: a JSON body nested deeper than MAX_JSON_DEPTH (HTTP 400) */
export function jsonTooDeep(depth: number): string {
  return `Request body nested deeper than ${depth} levels`
}
/** Ours: the chain's node did not answer (HTTP 502) */
export const upstreamUnavailable: ErrorBody = { error: 'Chain node unavailable' }

// ---- Sign-In with X (issue 7; spec §3 "Sign-in message", §4 "Sign-in (SIWX)") ----
// A refused sign-in is a 400 when the request itself is wrong and a 401 when it is well formed
// but does not prove the account (nonce, times, signature). Never 403: clients read that as APKT007.

/** Ours (400): only EIP-4361 (eip155) and its Solana and Bitcoin forms are served */
export function siwxUnsupportedChain(chainId: string): ErrorBody {
  return {
    error: `Sign-in refused: chain ${chainId} is not an eip155, solana or known bip122 (Bitcoin) chain`,
  }
}
/** Ours (400): the signed text must be exactly serializeSiwxMessage(data) */
export const siwxMessageMismatch: ErrorBody = {
  error: "Sign-in refused: 'message' is not the sign-in text of 'data' (EIP-4361)",
}
/** Ours (400): EIP-4361 domain must be a host of one of the project's allowed origins (§7) */
export function siwxDomainNotAllowed(domain: string): ErrorBody {
  return {
    error: `Sign-in refused: domain '${domain.slice(0, 256)}' is not a host of the project's allowed origins`,
  }
}
/** Ours (401) */
export const siwxNonceUnknown: ErrorBody = {
  error: 'Sign-in refused: the nonce was not issued by this server',
}
/** Ours (401) */
export const siwxNonceOtherProject: ErrorBody = {
  error: 'Sign-in refused: the nonce was issued for another project',
}
/** Ours (401): SIWX_NONCE_TTL_MS */
export const siwxNonceExpired: ErrorBody = {
  error: 'Sign-in refused: the nonce has expired, ask for a new one',
}
/** Ours (401): a nonce is good for one sign-in (replay) */
export const siwxNonceUsed: ErrorBody = {
  error: 'Sign-in refused: the nonce has already been used',
}
/** Ours (401): SIWX_CLOCK_SKEW_MS */
export const siwxIssuedInFuture: ErrorBody = {
  error: "Sign-in refused: the message's issuedAt is in the future",
}
/** Ours (401): EIP-4361 expiration-time */
export const siwxMessageExpired: ErrorBody = {
  error: "Sign-in refused: the message's expirationTime has passed",
}
/** Ours (401): EIP-4361 not-before */
export const siwxMessageNotYetValid: ErrorBody = {
  error: "Sign-in refused: the message's notBefore has not been reached",
}
/** Ours (401) */
export const siwxSignatureInvalid: ErrorBody = {
  error: 'Sign-in refused: the signature does not match the message and the account',
}
/** Ours (404): DELETE /siwx/v1/sessions/{id} of a session the project does not have */
export const siwxSessionNotFound: ErrorBody = { error: 'Session not found' }

// SIWX access tokens (README "Sign-In with X" › "Access tokens"): 401 with WWW-Authenticate.

/** Ours (401): GET/DELETE sessions and POST email need the account's access JWT */
export const siwxTokenMissing: ErrorBody = {
  error: "Sign-in required: send 'Authorization: Bearer <accessToken>' from POST /siwx/v1/sessions",
}
/** Ours (401): not a JWT, a bad signature, an unknown key or another issuer */
export const siwxTokenInvalid: ErrorBody = {
  error: 'Sign-in required: the access token is not valid, sign in again',
}
/** Ours (401): SIWX_ACCESS_TOKEN_TTL_MS */
export const siwxTokenExpired: ErrorBody = {
  error: 'Sign-in required: the access token has expired, refresh it at POST /siwx/v1/token',
}
/** Ours (401): `aud` is another project */
export const siwxTokenOtherProject: ErrorBody = {
  error: 'Sign-in required: the access token was issued for another project',
}
/** Ours (401): `sub` is another account than the one acted on */
export const siwxTokenOtherAccount: ErrorBody = {
  error: 'Sign-in required: the access token is for another account',
}
/** Ours (401): unknown, expired, revoked, or its session was revoked or expired */
export const siwxRefreshInvalid: ErrorBody = {
  error: 'Refresh refused: the refresh token is unknown, expired or revoked, sign in again',
}
/** Ours (401): a rotated refresh token came back; its whole family and session are revoked */
export const siwxRefreshReused: ErrorBody = {
  error:
    'Refresh refused: the refresh token was already used, so its sign-in is revoked; sign in again',
}

// ---- WalletConnect relay (docs/architecture.md "Real stand-ins": the server's relay endpoint) ----

/** Why a relay connection's auth JWT was refused (the relay-auth JWT of @walletconnect/relay-auth) */
export type RelayAuthRefusal =
  | 'missing'
  | 'malformed'
  | 'unsupported-header'
  | 'invalid-issuer'
  | 'invalid-signature'
  | 'expired'
  | 'audience-mismatch'
  | 'not-yet-valid'
  | 'lifetime-too-long'

/** Ours: the reason texts of a refused relay JWT */
export const RELAY_AUTH_REFUSALS: Readonly<Record<RelayAuthRefusal, string>> = {
  missing: "the 'auth' query parameter is missing",
  malformed: 'the JWT is not three base64url JSON parts',
  'unsupported-header': "the JWT header must be { alg: 'EdDSA', typ: 'JWT' }",
  'invalid-issuer': "'iss' is not an Ed25519 did:key",
  'invalid-signature': "the signature does not match 'iss'",
  expired: "'exp' has passed",
  'audience-mismatch': "'aud' is not this relay's URL",
  'not-yet-valid': "'iat' is in the future: the client's clock runs ahead",
  'lifetime-too-long': "'exp' is more than a day away",
}

/** Ours: a relay upgrade refused for its JWT (HTTP 401) */
export function relayAuthFailed(reason: RelayAuthRefusal): ErrorBody {
  return { error: `Relay authentication failed: ${RELAY_AUTH_REFUSALS[reason]}` }
}

/**
 * §8 Provider texts: refusals the relay sends after the upgrade, as a WebSocket close with code
 * RELAY_REFUSAL_CLOSE_CODE and the text as reason, because a browser cannot read an upgrade's
 * HTTP error body. The client raises the matching setup alert (APKT006, APKT007, APKT002).
 */
export const relayRefusals = {
  notYetValid: ErrorText.providerJwtNotYetValid,
  invalidKey: ErrorText.providerInvalidKey,
  originNotAllowed: ErrorText.providerOriginNotAllowed,
} as const

/** A JSON-RPC 2.0 error object (JSON-RPC 2.0 §5.1) */
export interface JsonRpcErrorObject {
  code: number
  message: string
}

/** JSON-RPC 2.0 §5.1 -32700: the frame is not JSON */
export const relayParseError = 'Parse error: the frame is not valid JSON'
/** JSON-RPC 2.0 §5.1 -32600: JSON, but not a request or response */
export const relayInvalidRequest =
  "Invalid request: expected a JSON-RPC 2.0 object with 'method' and 'id'"
/** JSON-RPC 2.0 §5.1 -32601 */
export function relayMethodNotFound(method: string): string {
  return `Method not found: ${method.slice(0, 64)}`
}
/** JSON-RPC 2.0 §5.1 -32602: names the parameter at fault, like the HTTP routes' 400s */
export function relayInvalidParams(method: string, detail: string): string {
  return `Invalid params for ${method}: ${detail}`
}
/** Ours (-32000): RELAY_MAX_TOPICS_PER_CLIENT */
export function relayTooManyTopics(limit: number): string {
  return `Too many subscriptions: a client may hold at most ${limit} topics`
}
/** Ours (-32000): RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS */
export function relayTooManySubscriptions(limit: number): string {
  return `Too many subscriptions: the clients of one address may hold at most ${limit} topics`
}
/** Ours (-32000): RELAY_MAX_MESSAGES_PER_TOPIC */
export function relayTopicFull(limit: number): string {
  return `Mailbox full: a topic holds at most ${limit} messages until they expire`
}
/** Ours (-32000): RELAY_MAX_STORED_MESSAGES */
export const relayMailboxFull = 'Mailbox full: the relay holds too many messages, try again later'
/** Ours (-32000): RELAY_MAX_STORED_BYTES */
export const relayStorageFull = 'Mailbox full: the relay holds too many bytes, try again later'
/** Ours (-32000): RELAY_MAX_STORED_BYTES_PER_CLIENT / _PER_ADDRESS */
export function relayQuotaFull(who: 'client' | 'address', limitBytes: number): string {
  const kib = Math.floor(limitBytes / 1024)
  return `Mailbox full: one ${who} may keep at most ${kib} KiB of messages until they expire`
}
/** Ours (-32000): RELAY_CLIENT_PUBLISH_RATE / RELAY_ADDRESS_PUBLISH_RATE */
export function relayPublishRate(who: 'client' | 'address', burst: number, perSecond: number) {
  return `Too many publishes: one ${who} may publish ${burst} at once, then ${perSecond} a second`
}
/** Ours (JSON-RPC -32602 detail): RELAY_MAX_ATTESTATION_LENGTH */
export function relayAttestationTooLong(limit: number): string {
  return `An attestation is at most ${limit} characters`
}
/** Ours (HTTP 429): RELAY_MAX_CONNECTIONS_PER_ADDRESS */
export function relayTooManyConnections(limit: number): ErrorBody {
  return { error: `Too many relay connections: at most ${limit} from one address` }
}
/** docs/architecture.md "The local stack": the last resort for our own bugs (JSON-RPC -32603) */
export const relayInternalError = 'Internal error'

// ---- Embedded-wallet auth (README "Embedded-wallet auth") ----
// The frame shows these texts as they are, so they are `{ message }` bodies, never 403.

export interface AuthErrorBody {
  message: string
  /** Wrong one-time code: tries left before the challenge locks */
  attemptsLeft?: number
  /** Cooldown: whole seconds to wait (also the Retry-After header) */
  retryAfter?: number
}

/** §5 Email warning (HTTP 400) */
export const authInvalidEmail: AuthErrorBody = { message: ErrorText.invalidEmail }
/** §8 Others (HTTP 401): no, an unknown or an expired session token */
export const authNotConnected: AuthErrorBody = { message: ErrorText.notConnectedToEmailOrSocial }
/** §8 'Please try again after N seconds': email login within 30 s (HTTP 429) */
export function authCooldown(seconds: number): AuthErrorBody {
  return { message: ErrorText.tryAgainAfter(seconds), retryAfter: seconds }
}
/** Ours (400) */
export function authInvalidParameter(name: string, reason: string): AuthErrorBody {
  return { message: invalidParameter(name, reason).error }
}
/** Ours (400) */
export function authWrongOtp(attemptsLeft: number): AuthErrorBody {
  return { message: 'Invalid code', attemptsLeft }
}
/** Ours (429): AUTH_OTP_MAX_ATTEMPTS wrong codes lock the challenge */
export const authOtpLocked: AuthErrorBody = { message: 'Too many wrong codes. Request a new code.' }
/** Ours (410): unknown, expired or used */
export const authOtpExpired: AuthErrorBody = {
  message: 'This code has expired. Request a new code.',
}
/** Ours (410): a device-approval challenge that is unknown or expired */
export const authChallengeExpired: AuthErrorBody = {
  message: 'This sign-in request has expired. Start again.',
}
/** Ours (409): a wallet is never overwritten */
export const authWalletExists: AuthErrorBody = { message: 'This account already has a wallet' }
/** Ours (409): a wrapping-key rotation committed after it expired or another one started */
export const authRotationGone: AuthErrorBody = {
  message: 'This key rotation has expired or was replaced. Start again.',
}
/** Ours (409): a rotation's re-encrypted wallets are not the account's (one added meanwhile) */
export const authRotationWalletsChanged: AuthErrorBody = {
  message: "The re-encrypted wallets are not this account's wallets. Start again.",
}
/** Ours (401): a session use or sign-in without a DPoP proof (SECURITY.md "Proof of possession") */
export const authProofRequired: AuthErrorBody = {
  message: "A proof of possession is required: send 'Authorization: DPoP <token>' and a DPoP proof",
}
/** Ours (401): a DPoP proof that is malformed, stale, replayed, for another request or key */
export function authProofInvalid(reason: string): AuthErrorBody {
  return { message: `The proof of possession is invalid: ${reason}` }
}
/** Ours (400) */
export const authSameEmail: AuthErrorBody = { message: 'That is already your email address' }
/** Ours (409) */
export const authEmailInUse: AuthErrorBody = { message: 'That email address is already in use' }
/** Ours (502): the SMTP server did not take the mail */
export const authMailFailed: AuthErrorBody = { message: 'Could not send the email. Try again.' }
/** Ours (400): a social user has no email login whose address could change */
export const authNoEmailLogin: AuthErrorBody = {
  message: 'This account signs in with a social provider: its email cannot be changed here',
}
/** §8 'Failed to initiate social connection' (400): the provider is not configured */
export const authSocialStartFailed: AuthErrorBody = {
  message: ErrorText.failedToInitiateSocialConnection,
}
/** §8 'Failed to connect': 410 for an unknown, used or expired state; 400 for a provider error */
export const authSocialConnectFailed: AuthErrorBody = { message: ErrorText.failedToConnect }
/** Ours: the device-approval page's texts (200 / 400) */
export const authDeviceApprovedText = 'Device approved. Return to the page you were signing in on.'
export const authApprovalLinkInvalidText = 'This link is invalid or has expired.'
/** Ours: the approval form came without its cookie or with another page's token (400) */
export const authApprovalNotConfirmedText =
  'This approval could not be confirmed. Open the link from the email again.'
/** Ours (429): AUTH_OTP_FAILURES_PER_HOUR / _PER_DAY wrong codes lock the email's login */
export function authEmailLoginLocked(retryAfter: number): AuthErrorBody {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60))
  return {
    message: `Too many wrong codes for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter,
  }
}

// ---- Administration (issue 21: the CLI and /admin/v1/*) ----

/** A refused admin operation: the CLI prints the message, the admin API answers it with status */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 404,
  ) {
    super(message)
    this.name = 'AdminError'
  }
}

export const adminErrors = {
  /** No admin token or project token, or a wrong one (the answer does not say which) */
  unauthorized: () => new AdminError('Admin token missing or wrong', 401),
  projectNotFound: (projectId: string) => new AdminError(`No project '${projectId}'`, 404),
  invalidName: (max: number) => new AdminError(`A project name is 1 to ${max} characters`, 400),
  invalidOrigin: (value: string) =>
    new AdminError(
      `'${value}' is not an origin: http(s)://host[:port], with nothing after the host or port`,
      400,
    ),
  tooManyOrigins: (max: number) => new AdminError(`A project lists at most ${max} origins`, 400),
  invalidFeatures: (reason: string) => new AdminError(`Invalid features: ${reason}`, 400),
}

/** §8: a chain without an exchange, asked for swap tokens, quotes or transactions (HTTP 400) */
export const swapsUnsupported: ErrorBody = { error: 'Network not supported for Swaps' }
/** §8: a chain without an exchange, asked for gas prices (HTTP 400) */
export const gasPriceUnsupported: ErrorBody = { error: 'Network not supported for Gas Price' }
/** §8: no pool path can take the trade (HTTP 400) */
export const insufficientLiquidity: ErrorBody = { error: 'Insufficient liquidity' }
/** Ours: the node ran a built swap and it failed; its reason (allowance or balance short) (HTTP 400) */
export function swapWouldFail(reason: string): ErrorBody {
  return { error: `The swap would fail: ${reason.slice(0, 300)}` }
}

/** §9 An onramp amount outside the payment method's limits (HTTP 400) */
export function onrampAmountOutOfRange(min: number, max: number, currency: string): ErrorBody {
  return { error: `Amount must be between ${min} and ${max} ${currency}` }
}
/** §1 An onramp asked from a restricted timezone: no checkout URL (HTTP 403) */
export const onrampRegionRestricted: ErrorBody = {
  error: 'Buying crypto is not available in your region',
}
/** Ours: an onramp order id that is not known (HTTP 404) */
export const onrampOrderNotFound: ErrorBody = { error: 'Order not found' }
