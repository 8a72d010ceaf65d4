// The WebAuthn ceremonies (Level 3 §7.1 registration, §7.2 authentication), verified by
// @simplewebauthn/server: the challenge we gave, the frame origin, its RP ID, user presence and
// user verification, the signature and the attestation. What stays ours: which top origins may
// embed the frame, the user handle's owner, and the signature counter (store.ts advanceCounter).
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { AUTH_PASSKEY_ALGORITHMS, AUTH_PASSKEY_CHALLENGE_TTL_MS } from '../../constants/passkeys.ts'
import type { AuthPasskeyRow } from '../../db/passkeysSchema.ts'

/** The ceremony a challenge was given for: the frame origin and its hostname as RP ID */
export interface Ceremony {
  challenge: string
  origin: string
  rpId: string
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The RP ID of a frame origin: its hostname (WebAuthn L3 §5.1.3: the origin's effective domain). */
export const rpIdOf = (origin: string) => new URL(origin).hostname

/**
 * The challenge and client data of a response, read with the library's decoder; undefined when
 * it is not base64url JSON with a challenge.
 */
export function clientDataOf(clientDataJSON: string) {
  try {
    const data = decodeClientDataJSON(clientDataJSON)
    return typeof data.challenge === 'string' && data.challenge !== '' ? data : undefined
  } catch {
    return undefined
  }
}

/**
 * An allowed-origin entry matches an origin as core's api/origins.ts reads it (the frame's
 * frame-ancestors too): exact, a `*` host label or port, or a bare host for any scheme.
 */
function originMatches(origin: string, allowed: string): boolean {
  const pattern = allowed.trim().toLowerCase().replace(/\/+$/, '')
  if (pattern === '') return false
  const withScheme = pattern.includes('://') ? pattern : `*://${pattern}`
  const escaped = withScheme.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[a-z0-9.-]+')}$`).test(origin.toLowerCase())
}

/**
 * The frame runs inside the app's page, so a browser reports the ceremony as cross-origin with
 * that page as topOrigin (L3 §5.8.1). The page must be one the project allows (the frame's
 * frame-ancestors), or the frame itself; a response that names no topOrigin (Safari) passes.
 */
export function topOriginRefusal(
  clientData: { crossOrigin?: boolean; topOrigin?: string },
  allowedPages: readonly string[],
  frameOrigins: readonly string[],
): string | undefined {
  const top = clientData.topOrigin
  if (top === undefined) return undefined
  if (!clientData.crossOrigin) return 'topOrigin without crossOrigin'
  if (frameOrigins.includes(top) || allowedPages.some((page) => originMatches(top, page))) {
    return undefined
  }
  return `the page ${top.slice(0, 100)} may not embed the wallet`
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function registrationOptions(input: {
  challenge: string
  rpId: string
  rpName: string
  userId: string
  userName: string
  userDisplayName: string
  exclude: AuthPasskeyRow[]
}) {
  return generateRegistrationOptions({
    rpName: input.rpName,
    rpID: input.rpId,
    userID: new TextEncoder().encode(input.userId),
    userName: input.userName,
    userDisplayName: input.userDisplayName,
    challenge: isoBase64URL.toBuffer(input.challenge),
    timeout: AUTH_PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: input.exclude.map((p) => ({
      id: p.credential_id,
      transports: p.transports,
    })),
    // A discoverable credential (a passkey: sign-in asks no username), verified by the user
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    supportedAlgorithmIDs: AUTH_PASSKEY_ALGORITHMS,
  })
}

export function authenticationOptions(input: { challenge: string; rpId: string }) {
  return generateAuthenticationOptions({
    rpID: input.rpId,
    challenge: isoBase64URL.toBuffer(input.challenge),
    timeout: AUTH_PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'required',
  })
}

export async function verifyRegistration(response: RegistrationResponseJSON, ceremony: Ceremony) {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: AUTH_PASSKEY_ALGORITHMS,
    })
    if (!verified.verified) return { ok: false, reason: 'the attestation did not verify' } as const
    return { ok: true, value: verified.registrationInfo } as const
  } catch (error) {
    return { ok: false, reason: reasonOf(error) } as const
  }
}

/**
 * Verifies an assertion by the stored credential. The library is given a counter of 0 so that it
 * checks the signature only: the counter is compared once the signature holds, atomically with
 * its update (store.ts advanceCounter), which also refuses two racing uses of one counter value.
 */
export async function verifyAuthentication(
  response: AuthenticationResponseJSON,
  ceremony: Ceremony & { topOrigin?: string },
  passkey: AuthPasskeyRow,
) {
  const handle = response.response.userHandle
  if (handle !== undefined && handle !== '') {
    // L3 §7.2 step 6: a user handle names the credential's owner
    const owner = isoBase64URL.isBase64URL(handle) ? isoBase64URL.toUTF8String(handle) : undefined
    if (owner !== passkey.user_id)
      return { ok: false, reason: 'the user handle is not its owner' } as const
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rpId,
      ...(ceremony.topOrigin !== undefined && { expectedTopOrigin: ceremony.topOrigin }),
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: 0,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    })
    if (!verified.verified) return { ok: false, reason: 'the signature is not valid' } as const
    return { ok: true, value: verified.authenticationInfo } as const
  } catch (error) {
    return { ok: false, reason: reasonOf(error) } as const
  }
}
