import type { OAUTH_SOCIAL_PROVIDERS, RemoteFeatures, SIWXMessageData } from '@latchkey/core/shared'
import type { ColumnType, Generated, Selectable } from 'kysely'

/** §7 /appkit/v1/config features, as stored: any subset overrides the defaults. */
export type StoredRemoteFeatures = RemoteFeatures

/** Written as a JSON string so both drivers store it unchanged. */
type JsonColumn<T> = ColumnType<T, string, string>

export interface ProjectsTable {
  project_id: string
  name: string
  allowed_origins: string[]
  features: JsonColumn<StoredRemoteFeatures>
  analytics_enabled: boolean
  /** The Telegram bot a Mini App's initData is signed by (a secret); null: no Telegram login */
  telegram_bot_token: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  /** SHA-256 (hex) of the project's admin token; null until one is issued */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>
  updated_at: Generated<Date>
}

export type BadgeType = 'certified' | 'none'

export interface WalletsTable {
  id: string
  name: string
  rdns: string | null
  /** CAIP-2 network ids the wallet declares */
  chains: string[]
  /** The wallet adds any EVM network on request (EIP-3085), so it serves any eip155 chain */
  custom_evm_networks: boolean
  homepage: string | null
  /** Native deep-link scheme, e.g. metamask:// */
  mobile_link: string | null
  /** Universal link that opens the app, or its site when the app is missing */
  universal_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  badge_type: BadgeType
  /** Directory order: lower first */
  rank: number
  /** A stored logo; null means one is drawn from the name */
  image_svg: string | null
  /** Position in the generated directory; null for real wallets */
  directory_index: number | null
  /** lower(name), kept by the database */
  name_lower: ColumnType<string, never, never>
  /** lower(rdns), '' without rdns, kept by the database */
  rdns_lower: ColumnType<string, never, never>
}

/** A known ERC-20 token of a configured chain. Addresses are stored lowercase. */
export interface TokensTable {
  chain_id: number
  address: string
  name: string
  symbol: string
  decimals: number
  /** A path on this server (/public/getTokenImage/…) or an absolute URL */
  icon: string | null
}

/** Fiat prices by chain and token address (NATIVE_TOKEN_ADDRESS for the native coin). */
export interface PricesTable {
  chain_id: number
  address: string
  currency: string
  price: number
  updated_at: Generated<Date>
}

/** Fiat prices of a Solana chain's coins by CAIP-2 id and mint (SOLANA_NATIVE_TOKEN_ADDRESS for SOL). */
export interface SolanaPricesTable {
  network: string
  mint: string
  currency: string
  price: number
  updated_at: Generated<Date>
}

/**
 * One movement of value: a transaction's native value (log_index -1), native value a contract
 * sent inside it (-2, -3, …) or an ERC-20 Transfer log.
 */
export interface TransfersTable {
  chain_id: number
  block_number: number
  tx_index: number
  log_index: number
  tx_hash: string
  from_address: string
  to_address: string
  /** null for the native coin */
  token_address: string | null
  /** Base units, numeric(78,0); read back as text */
  amount: ColumnType<string, string, string>
  mined_at: Date
}

/** The last block the indexer finished, per chain. */
export interface IndexerStateTable {
  chain_id: number
  last_block: number
}

/** A SIWX nonce this server issued (single use: `used_at` is set when a sign-in takes it). */
export interface SiwxNoncesTable {
  nonce: string
  project_id: string
  created_at: Date
  expires_at: Date
  used_at: Date | null
}

/** A verified SIWX session; revoked ones are kept but never listed. */
export interface SiwxSessionsTable {
  id: string
  project_id: string
  /** CAIP-2 */
  chain_id: string
  /** EVM addresses checksummed; Solana base58 */
  address: string
  /** The signed text */
  message: string
  signature: string
  /** The SIWXMessageData the message was built from */
  data: JsonColumn<SIWXMessageData>
  created_at: Date
  /** The message's expirationTime; null: until revoked */
  expires_at: Date | null
  revoked_at: Date | null
}

/** The ES256 key pairs SIWX access JWTs are signed with (JWK, `kid` = its RFC 7638 thumbprint) */
export interface SiwxSigningKeysTable {
  kid: string
  alg: string
  public_jwk: JsonColumn<Record<string, string>>
  /** A secret: whoever reads it can mint access tokens for any account */
  private_jwk: JsonColumn<Record<string, string>>
  created_at: Date
  /** Set when rotated out; still published until the tokens it signed have expired */
  retired_at: Date | null
}

/** A SIWX refresh token (sha256 of it, hex): single use, rotated within its family */
export interface SiwxRefreshTokensTable {
  token_hash: string
  /** One sign-in's chain of rotations; a reused token revokes the whole family */
  family_id: string
  session_id: string
  project_id: string
  /** CAIP-10: the account the access JWTs name as `sub` */
  subject: string
  created_at: Date
  /** The family's absolute end: the session's expiry, capped at SIWX_REFRESH_MAX_LIFETIME_MS */
  expires_at: Date
  used_at: Date | null
  revoked_at: Date | null
}

/** §4 DataCapture: the email a visitor gave before signing in, per project and account */
export interface CapturedEmailsTable {
  project_id: string
  /** CAIP-10 */
  caip_address: string
  email: string
  created_at: Date
}

export type OnrampOrderStatus = 'created' | 'pending' | 'completed' | 'failed'

/** An onramp sandbox order (README "Buy crypto"): created with its checkout URL, paid once */
export interface OnrampOrdersTable {
  id: string
  project_id: string
  status: OnrampOrderStatus
  /** CAIP-2 */
  network: string
  /** The asset's symbol and address (null: the native coin) */
  asset: string
  asset_address: string | null
  destination: string
  partner_user_id: string | null
  preset_fiat_cents: string | null
  /** A purchase asked for in crypto (presetCryptoAmount), base units */
  preset_crypto_amount: string | null
  /** The way to pay chosen in the modal; the checkout starts with it */
  preferred_method: string | null
  /** The fiat currency paid (ONRAMP_PAYMENT_CURRENCIES) */
  currency: string
  /** Set when paid: the method, what was paid and what it bought (base units) */
  method: string | null
  total_cents: string | null
  fee_cents: string | null
  purchase_amount: string | null
  tx_hash: string | null
  failure: string | null
  created_at: Date
  updated_at: Date
  expires_at: Date
}

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

export type AuthChallengeKind = 'login' | 'change_primary' | 'change_secondary'

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
/** Who vouches for a user signed in without email: an OAuth provider, or Telegram (initData) */
export type IdentityProvider = SocialProvider | 'telegram'

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

/** One row (id 1): bumped by a trigger on every change to `wallets` */
export interface DirectoryVersionTable {
  id: number
  version: ColumnType<string, string | number, string | number>
}

export interface Database {
  projects: ProjectsTable
  wallets: WalletsTable
  directory_version: DirectoryVersionTable
  tokens: TokensTable
  prices: PricesTable
  solana_prices: SolanaPricesTable
  transfers: TransfersTable
  indexer_state: IndexerStateTable
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
  captured_emails: CapturedEmailsTable
  siwx_signing_keys: SiwxSigningKeysTable
  siwx_refresh_tokens: SiwxRefreshTokensTable
  auth_users: AuthUsersTable
  auth_devices: AuthDevicesTable
  auth_challenges: AuthChallengesTable
  auth_cooldowns: AuthCooldownsTable
  auth_otp_budgets: AuthOtpBudgetsTable
  auth_sessions: AuthSessionsTable
  auth_dpop_proofs: AuthDpopProofsTable
  auth_wrapping_keys: AuthWrappingKeysTable
  auth_wallets: AuthWalletsTable
  auth_social_identities: AuthSocialIdentitiesTable
  auth_social_states: AuthSocialStatesTable
  onramp_orders: OnrampOrdersTable
}

export type ProjectRow = Selectable<ProjectsTable>
export type WalletRow = Selectable<WalletsTable>
export type TokenRow = Selectable<TokensTable>
export type OnrampOrderRow = Selectable<OnrampOrdersTable>
export type SiwxSessionRow = Selectable<SiwxSessionsTable>
export type SiwxRefreshTokenRow = Selectable<SiwxRefreshTokensTable>
export type AuthUserRow = Selectable<AuthUsersTable>
export type AuthChallengeRow = Selectable<AuthChallengesTable>
export type AuthSocialStateRow = Selectable<AuthSocialStatesTable>
