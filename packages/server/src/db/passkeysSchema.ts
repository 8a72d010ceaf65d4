// Passkeys' tables (part of ./schema.ts's Database; README "Passkeys (server)", issue 30).
import type { ColumnType, Generated, Selectable } from 'kysely'

/**
 * A WebAuthn credential (a passkey) a user signs in with. Its relying party is the frame's origin
 * (`rp_id` its hostname), so every app embedding that frame offers it; it opens this one user.
 */
export interface AuthPasskeysTable {
  /** The credential id, base64url, as the authenticator made it */
  credential_id: string
  user_id: string
  /** The RP ID it was registered for: sign-ins are checked against this one */
  rp_id: string
  /** The COSE public key, base64url */
  public_key: string
  /** The last signature counter seen (0 for authenticators that keep none); a bigint column */
  counter: ColumnType<string | number | bigint, number, number>
  /** What the browser said the authenticator speaks over ('internal', 'hybrid', 'usb', ...) */
  transports: string[]
  /** The authenticator model's AAGUID (all zeros when it names none, as under 'none' attestation) */
  aaguid: string
  /** The label the user gave it; null: the frame names it by its AAGUID */
  name: string | null
  /** Synced to other devices (WebAuthn's backup state) */
  backed_up: boolean
  created_at: Date
  last_used_at: Date | null
}

export type PasskeyCeremony = 'registration' | 'authentication'

/** A challenge the server gave for one ceremony: single use, AUTH_PASSKEY_CHALLENGE_TTL_MS */
export interface AuthPasskeyChallengesTable {
  /** sha256 of the challenge (base64url), hex */
  challenge_hash: string
  project_id: string
  ceremony: PasskeyCeremony
  /** registration: the signed-in user it adds a passkey to; null for a sign-in */
  user_id: string | null
  /** The frame origin the ceremony runs on (the expected clientData origin) and its RP ID */
  origin: string
  rp_id: string
  created_at: Date
  expires_at: Date
  used_at: Date | null
}

export type AuthPasskeyRow = Selectable<AuthPasskeysTable>
export type AuthPasskeyChallengeRow = Selectable<AuthPasskeyChallengesTable>

/** A key export (issue 30): the frame showed the user's key after a fresh sign-in */
export interface AuthKeyExportsTable {
  id: Generated<string>
  user_id: string
  namespace: 'eip155' | 'solana'
  /** The exported wallet's address */
  address: string
  /** The browser in a few words (requestInfo.ts deviceSummary), never the raw User-Agent */
  device: string
  ip: string
  created_at: Date
}
