import type { RemoteFeatures, SIWXMessageData } from '@latchkey/core/shared'
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { AnalyticsEventsTable } from './analyticsSchema.ts'
import type {
  AuthChallengesTable,
  AuthCooldownsTable,
  AuthDevicesTable,
  AuthDpopProofsTable,
  AuthOtpBudgetsTable,
  AuthSessionsTable,
  AuthSocialIdentitiesTable,
  AuthSocialStatesTable,
  AuthUsersTable,
  AuthWalletsTable,
  AuthWrappingKeysTable,
  FarcasterChannelsTable,
} from './authSchema.ts'
import type { NameAddressesTable, NameMessagesTable, NamesTable } from './namesSchema.ts'
import type {
  AuthKeyExportsTable,
  AuthPasskeyChallengesTable,
  AuthPasskeysTable,
} from './passkeysSchema.ts'
import type { SmartSessionsTable } from './sessionsSchema.ts'

/** §7 /appkit/v1/config features, as stored: any subset overrides the defaults. */
export type StoredRemoteFeatures = RemoteFeatures

/** Written as a JSON string so both drivers store it unchanged. */
export type JsonColumn<T> = ColumnType<T, string, string>

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
  farcaster_channels: FarcasterChannelsTable
  auth_passkeys: AuthPasskeysTable
  auth_passkey_challenges: AuthPasskeyChallengesTable
  auth_key_exports: AuthKeyExportsTable
  onramp_orders: OnrampOrdersTable
  names: NamesTable
  name_addresses: NameAddressesTable
  name_messages: NameMessagesTable
  smart_sessions: SmartSessionsTable
  analytics_events: AnalyticsEventsTable
}

export type ProjectRow = Selectable<ProjectsTable>
export type WalletRow = Selectable<WalletsTable>
export type TokenRow = Selectable<TokensTable>
export type OnrampOrderRow = Selectable<OnrampOrdersTable>
export type SiwxSessionRow = Selectable<SiwxSessionsTable>
export type SiwxRefreshTokenRow = Selectable<SiwxRefreshTokensTable>
