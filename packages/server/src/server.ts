import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAbsolute, resolve } from 'node:path'
import { serve } from '@hono/node-server'
import type { Kysely } from 'kysely'
import { type App, createApp } from './app.ts'
import type { MailInbox } from './auth/devInbox.ts'
import { type MailOptions, smtpMailer } from './auth/mailer.ts'
import { type SocialOptions, socialFromEnv } from './auth/socialProviders.ts'
import { Chains } from './chain/client.ts'
import { type ChainConfig, chainsFromEnv } from './chain/config.ts'
import { Indexer } from './chain/indexer.ts'
import { SolanaChains } from './chain/solanaChains.ts'
import { type SolanaChainConfig, solanaChainsFromEnv } from './chain/solanaConfig.ts'
import { seedSolanaPrices } from './chain/solanaPrices.ts'
import { seedChainData } from './chain/tokens.ts'
import {
  DEFAULT_DEMO_PORT,
  DEFAULT_FRAME_PORT,
  DEFAULT_PGLITE_DIR,
  DEFAULT_SERVER_HOST,
  DEFAULT_SERVER_PORT,
  DEFAULT_SMTP_PORT,
  DEMO_PROJECT_ID,
  DEMO_PROJECT_NAME,
  RELAY_PATH,
  SERVER_HEADERS_TIMEOUT_MS,
  SERVER_REQUEST_TIMEOUT_MS,
  SERVER_TIMEOUT_CHECK_MS,
} from './constants.ts'
import { migrateToLatest } from './db/migrations.ts'
import { openDatabase } from './db/open.ts'
import { findProject } from './db/projects.ts'
import type { Database } from './db/schema.ts'
import { seedDatabase } from './db/seed.ts'
import { type FrameSite, startFrameSite } from './frameSite/site.ts'
import { createLogger, type LogLevel } from './logger.ts'
import type { RateLimitOptions } from './middleware/rateLimit.ts'
import { type TrustedProxies, trustedProxiesFromEnv } from './net/clientAddress.ts'
import { type AttachedRelay, attachRelay } from './relay/attach.ts'
import type { RelayLimits } from './relay/budget.ts'
import { cachedProjectCheck } from './relay/projects.ts'
import type { Relay } from './relay/relay.ts'
import { REAL_WALLETS, type SeedWallet } from './seed/wallets.ts'

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
}

export interface FrameSiteServerOptions {
  /** The frame build's folder */
  dir: string
  /** Default FRAME_PORT or 5174; 0 picks a free port */
  port?: number
  /** Default the server's host */
  host?: string
}

function frameFromEnv(): FrameSiteServerOptions | undefined {
  const dir = process.env.FRAME_DIR
  return dir ? { dir: resolve(process.cwd(), dir) } : undefined
}

export type ServerMode = 'development' | 'production'

function modeFromEnv(): ServerMode {
  return process.env.LATCHKEY_MODE === 'development' ? 'development' : 'production'
}

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
  /** Milliseconds from the call to listening */
  startupMs: number
  /** The frame site's URL, when the server serves the frame (`frame`, FRAME_DIR) */
  frameUrl?: string
  close(): Promise<void>
}

function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 && value < 65_536 ? value : fallback
}

function directorySizeFromEnv(): number {
  const raw = process.env.LATCHKEY_DIRECTORY_SIZE
  if (raw === undefined || raw === '') return 0
  const size = Number(raw)
  if (!Number.isInteger(size) || size < 0) {
    throw new Error(`LATCHKEY_DIRECTORY_SIZE must be a whole number, got '${raw}'`)
  }
  return size
}

/** docs/architecture.md "The local stack": the demo page and the frame site, by IP and by name. */
export function defaultAllowedOrigins(): string[] {
  const ports = new Set([
    DEFAULT_DEMO_PORT,
    portFromEnv('DEMO_PORT', DEFAULT_DEMO_PORT),
    portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT),
  ])
  return [...ports].flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

/** docs/architecture.md "The local stack": the frame site, by IP and by name. */
export function defaultFrameOrigins(): string[] {
  const port = portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT)
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

/** SMTP_HOST and SMTP_PORT when SMTP_PORT is set, else the devnet's capture on 127.0.0.1:2525 */
function mailFromEnv(): MailOptions {
  const port = portFromEnv('SMTP_PORT', 0)
  return port
    ? { host: process.env.SMTP_HOST || DEFAULT_SERVER_HOST, port }
    : { host: DEFAULT_SERVER_HOST, port: DEFAULT_SMTP_PORT }
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

function listen(app: App, port: number, host: string, timeouts: ServerTimeouts): Promise<Server> {
  return new Promise((resolveListening, reject) => {
    const server = serve({
      fetch: app.fetch,
      port,
      hostname: host,
      serverOptions: {
        headersTimeout: timeouts.headersMs ?? SERVER_HEADERS_TIMEOUT_MS,
        requestTimeout: timeouts.requestMs ?? SERVER_REQUEST_TIMEOUT_MS,
        connectionsCheckingInterval: timeouts.checkMs ?? SERVER_TIMEOUT_CHECK_MS,
      },
    }) as Server
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolveListening(server)
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClosed) => {
    server.close(() => resolveClosed())
    // Keep-alive sockets would hold close() open until they time out.
    server.closeAllConnections()
  })
}

/** Opens the database, migrates, seeds (idempotent) and listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const startedAt = performance.now()
  const logger = createLogger(options.logLevel)
  const port = options.port ?? portFromEnv('SERVER_PORT', DEFAULT_SERVER_PORT)
  const host = options.host ?? DEFAULT_SERVER_HOST
  const databaseUrl =
    options.databaseUrl === null ? undefined : (options.databaseUrl ?? process.env.DATABASE_URL)
  const dataDir = options.dataDir ?? (process.env.PGLITE_DIR || DEFAULT_PGLITE_DIR)
  const mode = options.mode ?? modeFromEnv()
  const trustedProxies = options.trustedProxies ?? trustedProxiesFromEnv()
  const allowedOrigins = options.allowedOrigins ?? defaultAllowedOrigins()
  const frameOrigins = options.frameOrigins ?? defaultFrameOrigins()
  if (options.mailInbox && mode !== 'development') {
    logger.warn('the dev inbox (/dev/v1/mails) is served in development mode only')
  }

  const database = await openDatabase({
    databaseUrl,
    dataDir:
      isAbsolute(dataDir) || dataDir.startsWith('memory://')
        ? dataDir
        : resolve(process.cwd(), dataDir),
    onIdleError: (err) => logger.warn({ err }, 'database connection lost; the pool reconnects'),
  })
  let server: Server | undefined
  let indexer: Indexer | undefined
  let relay: AttachedRelay | undefined
  let frameSite: FrameSite | undefined
  const mailer = smtpMailer(options.mail ?? mailFromEnv())
  let url = ''
  try {
    await migrateToLatest(database.db)
    await seedDatabase(database.db, {
      projectId: options.projectId ?? process.env.LATCHKEY_PROJECT_ID ?? DEMO_PROJECT_ID,
      projectName: DEMO_PROJECT_NAME,
      allowedOrigins,
      wallets: options.wallets ?? REAL_WALLETS,
      directorySize: options.directorySize ?? directorySizeFromEnv(),
      telegramBotToken:
        options.telegramBotToken ?? (process.env.LATCHKEY_TELEGRAM_BOT_TOKEN || undefined),
    })
    const chains = new Chains(options.chains ?? chainsFromEnv())
    await seedChainData(database.db, chains.ids)
    const solanaChains = new SolanaChains(options.solanaChains ?? solanaChainsFromEnv())
    await seedSolanaPrices(database.db, solanaChains.all)
    const app = createApp({
      db: database.db,
      logger,
      chains,
      solanaChains,
      ...(options.rateLimit && { rateLimit: options.rateLimit }),
      trustedProxies,
      ...(options.now && { now: options.now }),
      mailer,
      frameOrigins,
      publicUrl: () => (options.publicUrl ?? url).replace(/\/+$/, ''),
      ...(options.mailInbox && mode === 'development' && { mailInbox: options.mailInbox }),
      devOrigins: [...allowedOrigins, ...frameOrigins],
      social: options.social ?? socialFromEnv(),
      ...(options.latestKitVersion && { latestKitVersion: options.latestKitVersion }),
    })
    indexer = new Indexer(database.db, chains.all, {
      ...(options.indexerPollMs !== undefined && { pollMs: options.indexerPollMs }),
      onError: (chainId, err) => logger.warn({ err, chainId }, 'indexer step failed'),
    })
    await indexer.start()
    server = await listen(app, port, host, options.timeouts ?? {})
    const address = server.address() as AddressInfo
    const authority = `${host.includes(':') ? `[${host}]` : host}:${address.port}`
    url = `http://${authority}`
    const relayUrl = `ws://${authority}${RELAY_PATH}`
    const db = database.db
    relay = attachRelay(server, {
      logger,
      projectAccess: cachedProjectCheck(async (id) => {
        const project = await findProject(db, id)
        return project && { allowedOrigins: project.allowed_origins }
      }),
      ...(options.relay?.pingIntervalMs !== undefined && {
        pingIntervalMs: options.relay.pingIntervalMs,
      }),
      ...(options.relay?.publicUrl && { publicUrl: options.relay.publicUrl }),
      ...(options.relay?.limits && { limits: options.relay.limits }),
      // The HTTP routes' client address rule (net/clientAddress.ts), for the relay's budgets.
      trustedProxies,
    })
    const frame = options.frame ?? frameFromEnv()
    if (frame) {
      frameSite = await startFrameSite({
        dir: frame.dir,
        port: frame.port ?? portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT),
        host: frame.host ?? host,
        apiOrigin: new URL(options.publicUrl ?? url).origin,
        originsOf: async (id) => (await findProject(db, id))?.allowed_origins,
        onError: (err) => logger.error({ err }, 'frame site request failed'),
      })
    }
    const startupMs = Math.round(performance.now() - startedAt)
    logger.info({ url, relayUrl, database: database.kind, startupMs }, 'server listening')

    const listening = server
    const following = indexer
    const relaying = relay
    const framing = frameSite
    let closing: Promise<void> | undefined
    return {
      url,
      port: address.port,
      relayUrl,
      relay: relaying.relay,
      app,
      databaseKind: database.kind,
      db: database.db,
      indexer: following,
      startupMs,
      ...(framing && { frameUrl: framing.url }),
      close() {
        closing ??= following
          .stop()
          .then(() => framing?.close())
          .then(() => relaying.close())
          .then(() => closeServer(listening))
          .then(() => database.close())
          .finally(() => mailer.close())
        return closing
      },
    }
  } catch (error) {
    await indexer?.stop()
    await relay?.close()
    await frameSite?.close()
    if (server) await closeServer(server)
    await database.close()
    mailer.close()
    throw error
  }
}
