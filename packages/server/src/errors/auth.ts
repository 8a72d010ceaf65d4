// The embedded-wallet auth routes' refusals (a part of the catalogue errors.ts re-exports).
import { ErrorText } from '@latchkey/core/shared'
import { invalidParameter } from './body.ts'

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

/** Issue 30: a key export from a session older than AUTH_KEY_EXPORT_FRESH_MS (HTTP 409) */
export const authExportNeedsFreshSignIn: AuthErrorBody = {
  message: 'For your safety, showing your key needs a sign-in or a code from the last 5 minutes.',
}
/** Issue 30: a key export of a namespace the user holds no wallet in (HTTP 404) */
export const authNoWalletToExport: AuthErrorBody = { message: 'There is no wallet to export' }
/** Issue 30: a reverification asked by a user without email login (HTTP 409) */
export const authNoEmailToReverify: AuthErrorBody = {
  message: 'This account signs in without email: sign out and sign in again to confirm it is you.',
}
