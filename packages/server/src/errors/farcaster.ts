// Sign In With Farcaster's refusals (README "Farcaster login"), as `{ message }` like the other
// auth routes: the frame shows them as they are.
import { FARCASTER_PRODUCTION_RELAY_URL } from '../constants/auth.ts'
import { type AuthErrorBody, authSocialConnectFailed } from './auth.ts'

/** Ours (400): the server was started without `farcaster` (FARCASTER_RELAY_URL, FARCASTER_RPC_URL) */
export const authFarcasterNotConfigured: AuthErrorBody = {
  message: 'Farcaster login is not configured',
}
/** Ours (400): a start from an origin that is not the frame's (the sign-in message names it) */
export const authFarcasterOriginRefused: AuthErrorBody = {
  message: "Farcaster login must be started from the embedded wallet's own origin",
}
/** Ours (502): the relay did not answer, or not as a relay does */
export const authFarcasterRelayFailed: AuthErrorBody = {
  message: 'Could not reach the Farcaster relay. Try again.',
}
/** Ours (502): the chain that says which address owns a fid could not be read */
export const authFarcasterChainFailed: AuthErrorBody = {
  message: 'Could not check the Farcaster account on chain. Try again.',
}
/** §8 'Failed to connect' (410): unknown, used or expired channel, or not this verifier's */
export const authFarcasterChannelGone: AuthErrorBody = authSocialConnectFailed
/** §8 'Failed to connect' (401): the signed message does not prove the fid for this sign-in */
export const authFarcasterRefused: AuthErrorBody = authSocialConnectFailed

/** Thrown at start when only one of the two settings is given */
export const farcasterEnvIncomplete =
  'Farcaster login needs both FARCASTER_RELAY_URL (the relay, e.g. ' +
  `${FARCASTER_PRODUCTION_RELAY_URL}) and FARCASTER_RPC_URL (an Optimism RPC: the IdRegistry's chain)`
