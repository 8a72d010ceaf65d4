// The SIWX routes' refusals (a part of the catalogue errors.ts re-exports).
import type { ErrorBody } from './body.ts'

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
