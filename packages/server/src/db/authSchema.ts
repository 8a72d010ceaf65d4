// The embedded-wallet auth's tables (part of ./schema.ts's Database).
import type { OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { JsonColumn } from './schema.ts'

// ---- Embedded-wallet auth (README "Embedded-wallet auth"): secrets are stored as SHA-256 hashes ----

export type AccountTypePreference = 'eoa' | 'smartAccount'

/** §3 Embedded-wallet user, per project: (project_id, email) is unique */
export interface AuthUsersTable {
  id: string
  project_id: string
  /**
   * The email login's address, trimmed and lower-cased; null for a user that signs in with a
   * social provider (its provider's email is on its auth_social_identities row)
   */
  email: string | null
  /** The last chain id the frame set, as it was given (a number or a string) */
  chain_id: JsonColumn<number | string | null>
  preferred_account_type: AccountTypePreference
  user_name: string | null
  created_at: Date
}

/** A device (the frame's deviceId, hashed) that may sign in to the user with a code alone */
export interface AuthDevicesTable {
  user_id: string
  device_hash: string
  approved_at: Date
}

export type AuthChallengeKind = 'login' | 'change_primary' | 'change_secondary' | 'reverify'

/** One email round trip: a one-time code and, for a login from a new device, an approval link */
export interface AuthChallengesTable {
  id: string
  project_id: string
  kind: AuthChallengeKind
  /** Where the mails go */
  email: string
  /** Null for a login of an email that has no user yet */
  user_id: string | null
  /** login: the frame's deviceId, hashed */
  device_hash: string | null
  /** change_primary: the address asked for */
  new_email: string | null
  /** Device approval: sha256 of the link's token */
  approval_token_hash: string | null
  approved_at: Date | null
  /** sha256(salt + code), hex; null until the code is mailed */
  otp_salt: string | null
  otp_hash: string | null
  /** Codes tried (right or wrong); AUTH_OTP_MAX_ATTEMPTS locks */
  attempts: Generated<number>
  created_at: Date
  expires_at: Date
  used_at: Date | null
  /** login: the asking browser, summarised ('Chrome on macOS'), for the approval mail and page */
  request_device: ColumnType<string | null, string | null | undefined, string | null>
  /** login: the asking client's address */
  request_ip: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * The wrong login codes of an email (per project), in fixed windows that start at their first
 * wrong code: AUTH_OTP_FAILURES_PER_HOUR / _PER_DAY lock the email's login until the window ends
 */
export interface AuthOtpBudgetsTable {
  project_id: string
  email: string
  hour_start: Date
  hour_count: number
  day_start: Date
  day_count: number
}

/** §4 Email login cooldown: the last mail sent per project, address and kind */
export interface AuthCooldownsTable {
  project_id: string
  email: string
  kind: 'login' | 'change'
  sent_at: Date
}

export interface AuthSessionsTable {
  /** sha256 of the bearer token, hex */
  token_hash: string
  user_id: string
  created_at: Date
  /** Slides with use: AUTH_SESSION_IDLE_MS after it, never past created_at + AUTH_SESSION_MAX_AGE_MS */
  expires_at: Date
  /** RFC 7638 thumbprint of the frame key the session is bound to (DPoP); null: from before */
  jkt: ColumnType<string | null, string | null | undefined, string | null>
  /** The last time the user proved a factor again in this session (issue 30: key export) */
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** A DPoP proof seen (sha256 of its jkt and jti, hex), kept until it is too old to be accepted */
export interface AuthDpopProofsTable {
  proof_hash: string
  expires_at: Date
}

/** Kept apart from the wallets: released only to a valid session */
export interface AuthWrappingKeysTable {
  user_id: string
  /** base64 of AUTH_TOKEN_BYTES random bytes */
  wrapping_key: string
  /** When this key became the user's (rotated after AUTH_WRAPPING_KEY_MAX_AGE_MS) */
  created_at: Date
  /** A rotation the frame started: its id and new key, until committed or expired */
  pending_id: string | null
  pending_key: string | null
  pending_expires_at: Date | null
}

/** §5 The social providers of the embedded wallet's OAuth flow */
export type SocialProvider = (typeof OAUTH_SOCIAL_PROVIDERS)[number]
/**
 * Who vouches for a user signed in without email: an OAuth provider, Telegram (initData), or
 * Farcaster (a Sign In With Farcaster message by the fid's custody address)
 */
export type IdentityProvider = SocialProvider | 'telegram' | 'farcaster'

/** A social provider's account, signed in to one user: (project_id, provider, sub) is the key */
export interface AuthSocialIdentitiesTable {
  project_id: string
  provider: IdentityProvider
  /** The provider's user id (OpenID `sub`, or the id of its user API) */
  sub: string
  /** One identity per user */
  user_id: string
  /** As the provider gave them at the last sign-in */
  email: string | null
  user_name: string | null
  created_at: Date
  updated_at: Date
}

/** A social sign-in in flight (README "Social login"): single use, 10 minutes */
export interface AuthSocialStatesTable {
  /** sha256 of the OAuth `state`, hex */
  state_hash: string
  project_id: string
  provider: SocialProvider
  /** The frame's PKCE S256 challenge: only the frame holds the verifier (auth/socialStates.ts) */
  code_challenge: string
  /** The OpenID nonce the id_token must carry (OpenID providers only) */
  nonce: string | null
  redirect_uri: string
  created_at: Date
  expires_at: Date
}

/** The chains the embedded wallet keeps a key for */
export type WalletNamespace = 'eip155' | 'solana'

/**
 * The frame's wallets, one per namespace, encrypted in the browser with the wrapping key
 * (AES-GCM); never replaced. (user_id, namespace) is the key.
 */
export interface AuthWalletsTable {
  user_id: string
  namespace: WalletNamespace
  /** eip155: checksummed; solana: base58 of the ed25519 public key */
  address: string
  /** base64 */
  iv: string
  /** base64 */
  ciphertext: string
  created_at: Date
}

/** A Sign In With Farcaster in flight (README "Farcaster login"): single use, 5 minutes */
export interface FarcasterChannelsTable {
  /** sha256 of the relay's channel token, hex */
  channel_hash: string
  project_id: string
  /** The frame's PKCE S256 challenge: only the frame holds the verifier */
  code_challenge: string
  /** What the signed message must say: the nonce the server made, the frame origin's host */
  nonce: string
  domain: string
  created_at: Date
  expires_at: Date
  /** Set once, when a completed sign-in is taken to verify */
  used_at: Date | null
}

export type AuthUserRow = Selectable<AuthUsersTable>
export type AuthChallengeRow = Selectable<AuthChallengesTable>
export type AuthSocialStateRow = Selectable<AuthSocialStatesTable>
export type FarcasterChannelRow = Selectable<FarcasterChannelsTable>
