// Passkeys' constants (issue 30; README "Passkeys (server)"). Values marked "ours" are not in
// WebAuthn Level 3, which leaves them to the relying party.

/** Ours: a ceremony's challenge is valid 5 minutes, and once */
export const AUTH_PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** WebAuthn L3 §13.4.3: at least 16 random bytes; ours 32 */
export const AUTH_PASSKEY_CHALLENGE_BYTES = 32
/** COSE algorithms offered and accepted: EdDSA, ES256, RS256 (the library's defaults, pinned) */
export const AUTH_PASSKEY_ALGORITHMS = [-8, -7, -257]
/** Ours: passkeys per user */
export const AUTH_PASSKEY_MAX_PER_USER = 20
/** Ours: the longest label kept */
export const AUTH_PASSKEY_MAX_NAME_LENGTH = 64
/** WebAuthn L3 §5.4.3: a credential id is at most 1023 bytes (base64url: 1364 characters) */
export const AUTH_PASSKEY_MAX_ID_LENGTH = 1364
/** Ours: the longest base64url field of a response read (attestation objects are a few KB) */
export const AUTH_PASSKEY_MAX_FIELD_LENGTH = 16_384
