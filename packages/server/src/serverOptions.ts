// What startServer() takes and gives back.
import type { Kysely } from 'kysely'
import type { App } from './app.ts'
import type { MailInbox } from './auth/devInbox.ts'
import type { FarcasterOptions } from './auth/farcaster/relay.ts'
import type { MailOptions } from './auth/mailer.ts'
import type { SocialOptions } from './auth/socialProviders.ts'
import type { BitcoinChainConfig } from './chain/bitcoinConfig.ts'
import type { ChainConfig } from './chain/config.ts'
import type { Indexer } from './chain/indexer.ts'
import type { SolanaChainConfig } from './chain/solanaConfig.ts'
import type { Database } from './db/schema.ts'
import type { LogLevel } from './logger.ts'
import type { RateLimitOptions } from './middleware/rateLimit.ts'
import type { TrustedProxies } from './net/clientAddress.ts'
import type { RelayLimits } from './relay/budget.ts'
import type { Relay } from './relay/relay.ts'
import type { SeedWallet } from './seed/wallets.ts'

export interface StartServerOptions {
  /** Default SERVER_PORT or 8787; 0 picks a free port */
  port?: number
  host?: string
  /** PostgreSQL URL; default DATABASE_URL. null uses PGlite even when DATABASE_URL is set. */
  databaseUrl?: string | null
  /**
   * PGlite data directory, relative to the working directory unless absolute; default PGLITE_DIR
   * or .data/pglite. One server at a time: a second is refused (the directory is locked).
   */
  dataDir?: string
  logLevel?: LogLevel
  /** Generated wallets after the real ones; default LATCHKEY_DIRECTORY_SIZE or 0 */
  directorySize?: number
  /** The seeded project; default LATCHKEY_PROJECT_ID or the demo project */
  projectId?: string
  /** The seeded project's origins; default the demo's and the frame site's on 127.0.0.1/localhost */
  allowedOrigins?: string[]
  /** The directory's real wallets; default REAL_WALLETS */
  wallets?: readonly SeedWallet[]
  rateLimit?: RateLimitOptions
  /**
   * The proxies in front of the server (a hop count, or their addresses and CIDRs), whose
   * X-Forwarded-For entries are believed; default TRUSTED_PROXIES, else none
   */
  trustedProxies?: TrustedProxies
  /** Clock (ms) for rate-limit windows and SIWX nonces and sessions; Date.now by default */
  now?: () => number
  /** EVM chains for the blockchain data API; default EVM_RPC_URLS (chainId=url,…) or none */
  chains?: ChainConfig[]
  /**
   * Solana chains for the balance and history routes; default SOLANA_RPC_URLS
   * (solana:<reference>=url,…, with the devnet's lUSD as their token) or none
   */
  solanaChains?: SolanaChainConfig[]
  /**
   * Bitcoin networks (mainnet, testnet, signet, regtest) for the balance and history routes, each
   * behind an Esplora API; default BITCOIN_ESPLORA_URLS (bip122:<reference>=url,…) or none
   */
  bitcoinChains?: BitcoinChainConfig[]
  /** Indexer poll interval (ms); default INDEXER_POLL_MS */
  indexerPollMs?: number
  relay?: RelayServerOptions
  timeouts?: ServerTimeouts
  /**
   * The SMTP server the embedded-wallet auth mails go to; default SMTP_HOST (127.0.0.1) and
   * SMTP_PORT (2525, the devnet's capture). If it does not take a mail the route answers 502.
   */
  mail?: MailOptions
  /**
   * The local SMTP capture (@latchkey/devnet startMailCapture): serves GET /dev/v1/mails, in
   * development mode only
   */
  mailInbox?: MailInbox
  /**
   * What the server is run for; default LATCHKEY_MODE, else production. Development tools (the
   * dev inbox) are served only in development.
   */
  mode?: ServerMode
  /** The embedded-wallet frame's origins, the only ones allowed on /auth/v1/*; default FRAME_PORT's */
  frameOrigins?: string[]
  /** The server's URL as browsers reach it, for device-approval links; default its own url */
  publicUrl?: string
  /**
   * Social login's OAuth clients (README "Social login"). Default: OIDC_ISSUER when set (every
   * provider played by that OpenID issuer, e.g. the devnet's startOidcProvider), else the real
   * providers with <PROVIDER>_CLIENT_ID / <PROVIDER>_CLIENT_SECRET.
   */
  social?: SocialOptions
  /**
   * Sign In With Farcaster (README "Farcaster login"): the relay (https://relay.farcaster.xyz in
   * production; the devnet's startFarcasterRelay locally) and an RPC of the chain whose IdRegistry
   * says who owns a fid (Optimism's; the devnet's chains have a stand-in). Default
   * FARCASTER_RELAY_URL and FARCASTER_RPC_URL; neither: no Farcaster login (its routes answer 400).
   */
  farcaster?: FarcasterOptions
  /** What /appkit/v1/version answers; default LATCHKEY_LATEST_KIT_VERSION, else this build's */
  latestKitVersion?: string
  /**
   * The project's Telegram bot token (Mini App login, checked against initData's HMAC); default
   * LATCHKEY_TELEGRAM_BOT_TOKEN. Unset, a token stored earlier is kept; none: no Telegram login.
   */
  telegramBotToken?: string
  /**
   * Serves the built frame app (packages/frame `vite build`) on its own origin, with its headers
   * (README "Serving the frame"); default FRAME_DIR on FRAME_PORT (5174), else not served
   */
  frame?: FrameSiteServerOptions
  /**
   * The Redis every instance shares (README "Several instances"): rate-limit counters; default
   * REDIS_URL; null: none even when REDIS_URL is set. Without it each instance counts alone.
   */
  redisUrl?: string | null
  /**
   * The operator's token for /admin/v1/* (README "Production"), at least 32 characters; default
   * LATCHKEY_ADMIN_TOKEN. Without one the admin API is not served.
   */
  adminToken?: string
  /**
   * The onramp sandbox's treasury key (README "Buy crypto"; the devnet's ONRAMP_TREASURY_KEY);
   * default ONRAMP_TREASURY_KEY. Served in development mode only: its payments are test payments.
   */
  onrampTreasuryKey?: `0x${string}`
  /**
   * The sandbox's Solana treasury, a 32-byte ed25519 seed in hex (the devnet's
   * SOLANA_ONRAMP_TREASURY_KEY); default ONRAMP_SOLANA_TREASURY_KEY. With it, SOL is sold too.
   */
  onrampSolanaTreasuryKey?: string
  /**
   * Onramp providers with a hosted checkout (README "Buy crypto"): id, name, a URL template with
   * {address}, {network}, {chainId}, {asset}, {amount}, {cryptoAmount}, {currency}, and the
   * networks they sell on. Default ONRAMP_PROVIDERS (a JSON array). Served in every mode; in
   * production their URLs must be https.
   */
  onrampProviders?: unknown[]
  /**
   * The zone the name service registers names in (README "Names"), e.g. `example.id`; default
   * NAME_ZONE, else latchkey.id. `.reown.id` is accepted as a spelling of it.
   */
  nameZone?: string
}

export interface FrameSiteServerOptions {
  /** The frame build's folder */
  dir: string
  /** Default FRAME_PORT or 5174; 0 picks a free port */
  port?: number
  /** Default the server's host */
  host?: string
}

export type ServerMode = 'development' | 'production'

/** The WalletConnect relay on `/relay` (see the README's "WalletConnect relay") */
export interface RelayServerOptions {
  /** Default RELAY_PING_INTERVAL_MS */
  pingIntervalMs?: number
  /** The relay's URL as clients behind a proxy see it; their JWT `aud` may name it */
  publicUrl?: string
  /** Per client and per address budgets; default DEFAULT_RELAY_LIMITS (relay/budget.ts) */
  limits?: Partial<RelayLimits>
}

export interface RunningServer {
  url: string
  port: number
  /** The WalletConnect relay: ws://host:port/relay (a client's `relayUrl`) */
  relayUrl: string
  relay: Relay
  app: App
  databaseKind: 'pglite' | 'postgres'
  /** The server's database, for tests and tools that look at what it stored */
  db: Kysely<Database>
  /** Follows the configured chains' blocks (none configured: nothing to follow) */
  indexer: Indexer
  /** This instance runs the indexers: always on PGlite; on PostgreSQL the one holding the lock */
  leadsIndexing(): boolean
  /** Milliseconds from the call to listening */
  startupMs: number
  /** The frame site's URL, when the server serves the frame (`frame`, FRAME_DIR) */
  frameUrl?: string
  close(): Promise<void>
}

/** How long a client may take to send a request (a slow sender holds a socket and memory) */
export interface ServerTimeouts {
  /** Default SERVER_HEADERS_TIMEOUT_MS */
  headersMs?: number
  /** Default SERVER_REQUEST_TIMEOUT_MS */
  requestMs?: number
  /** How often they are checked; default SERVER_TIMEOUT_CHECK_MS */
  checkMs?: number
}
