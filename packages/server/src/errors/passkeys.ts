// Passkeys' refusals (README "Passkeys (server)"), as `{ message }` like the other auth routes:
// the frame shows them as they are.
import { AUTH_PASSKEY_MAX_PER_USER } from '../constants/passkeys.ts'
import type { AuthErrorBody } from './auth.ts'

/** Ours (400): options asked from an origin that is not one of the frame's (the RP is its host) */
export const passkeyOriginRefused: AuthErrorBody = {
  message: "Passkeys must be used from the embedded wallet's own origin",
}
/** Ours (410): the response's challenge is not one we gave, was used, or is older than 5 minutes */
export const passkeyChallengeExpired: AuthErrorBody = {
  message: 'This passkey request has expired. Start again.',
}
/** Ours (400): the response is not a WebAuthn response we can read */
export const passkeyResponseMalformed: AuthErrorBody = {
  message: 'This is not a passkey response',
}
/** Ours (401): the signature, origin, RP ID, flags or attestation did not verify */
export function passkeyNotVerified(reason: string): AuthErrorBody {
  return { message: `The passkey could not be verified: ${reason.slice(0, 200)}` }
}
/** Ours (401): a credential this app has no user for (unknown, removed, or another app's) */
export const passkeyUnknown: AuthErrorBody = {
  message: 'This passkey is not registered here. Sign in another way and add it in Account.',
}
/** Ours (401): WebAuthn L3 §7.2 step 22, the signature counter did not grow: a cloned authenticator */
export const passkeyCounterRegressed: AuthErrorBody = {
  message:
    "This passkey's signature counter went backwards, so it may have been copied. Sign in another way and remove it.",
}
/** Ours (409): the credential is registered already (to this user or another) */
export const passkeyAlreadyRegistered: AuthErrorBody = {
  message: 'This passkey is already registered',
}
/** Ours (409) */
export const passkeyLimitReached: AuthErrorBody = {
  message: `An account holds at most ${AUTH_PASSKEY_MAX_PER_USER} passkeys. Remove one first.`,
}
/** Ours (404): not one of the user's passkeys */
export const passkeyNotFound: AuthErrorBody = { message: 'Passkey not found' }
/**
 * Ours (409): removing it would leave the account no way to sign in (no email login, no social
 * account, no other passkey)
 */
export const passkeyLastFactor: AuthErrorBody = {
  message:
    'This passkey is the only way to sign in to this account. Add another passkey or sign-in method first.',
}
