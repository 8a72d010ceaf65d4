// startServer(): the services on one port (HTTP and the relay), their database, and the frame
// site when asked; what it reads from the environment when not told is serverEnv.ts's.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAbsolute, resolve } from 'node:path'
import { serve } from '@hono/node-server'
import type { Redis } from 'ioredis'
import { type App, createApp } from './app.ts'
import { smtpMailer } from './auth/mailer.ts'
import { socialFromEnv } from './auth/socialProviders.ts'
import { BitcoinChains } from './chain/bitcoinChains.ts'
import { bitcoinChainsFromEnv } from './chain/bitcoinConfig.ts'
import { Chains } from './chain/client.ts'
import { chainsFromEnv } from './chain/config.ts'
import { Indexer } from './chain/indexer.ts'
import { followLeader, type Leadership } from './chain/leader.ts'
import { SolanaChains } from './chain/solanaChains.ts'
import { solanaChainsFromEnv } from './chain/solanaConfig.ts'
import { seedSolanaPrices } from './chain/solanaPrices.ts'
import { seedChainData } from './chain/tokens.ts'
import { RELAY_PATH } from './constants/relay.ts'
import {
  DEFAULT_FRAME_PORT,
  DEFAULT_PGLITE_DIR,
  DEFAULT_SERVER_HOST,
  DEFAULT_SERVER_PORT,
  DEMO_PROJECT_ID,
  DEMO_PROJECT_NAME,
  SERVER_HEADERS_TIMEOUT_MS,
  SERVER_REQUEST_TIMEOUT_MS,
  SERVER_TIMEOUT_CHECK_MS,
} from './constants.ts'
import { migrateToLatest } from './db/migrations.ts'
import { openDatabase } from './db/open.ts'
import { cachedProjectCheck } from './db/projectCache.ts'
import { findProject } from './db/projects.ts'
import { seedDatabase, seedDirectory } from './db/seed.ts'
import { type FrameSite, startFrameSite } from './frameSite/site.ts'
import { createLogger } from './logger.ts'
import { createMetrics } from './metrics.ts'
import { redisCounters } from './middleware/rateCounters.ts'
import { trustedProxiesFromEnv } from './net/clientAddress.ts'
import { closeServer } from './net/closeServer.ts'
import { connectRedis } from './net/redis.ts'
import { assertProductionReady, frameOriginsFromEnv } from './production.ts'
import { type AttachedRelay, attachRelay } from './relay/attach.ts'
import { redisRelayLog } from './relay/sharedLog.ts'
import { REAL_WALLETS } from './seed/wallets.ts'
import {
  adminTokenFrom,
  defaultAllowedOrigins,
  defaultFrameOrigins,
  directorySizeFromEnv,
  frameFromEnv,
  mailFromEnv,
  modeFromEnv,
  portFromEnv,
  serviceOptionsFrom,
} from './serverEnv.ts'
import type {
  FrameSiteServerOptions,
  RelayServerOptions,
  RunningServer,
  ServerMode,
  ServerTimeouts,
  StartServerOptions,
} from './serverOptions.ts'

export type {
  FrameSiteServerOptions,
  RelayServerOptions,
  RunningServer,
  ServerMode,
  ServerTimeouts,
  StartServerOptions,
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
  const frameOrigins =
    options.frameOrigins ??
    frameOriginsFromEnv() ??
    (mode === 'development' ? defaultFrameOrigins() : [])
  const publicUrl = options.publicUrl ?? (process.env.PUBLIC_URL || undefined)
  if (mode === 'production') {
    assertProductionReady({
      databaseUrl,
      pgliteChosen: options.dataDir !== undefined || Boolean(process.env.PGLITE_DIR),
      publicUrl,
      frameOrigins,
      mailChosen: options.mail !== undefined || Boolean(process.env.SMTP_PORT),
    })
  }
  const adminToken = adminTokenFrom(options.adminToken)
  // Only an admin may read /metrics: without the token nothing is counted.
  const metrics = adminToken ? createMetrics() : undefined
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
  let leadership: Leadership | undefined
  let relay: AttachedRelay | undefined
  let frameSite: FrameSite | undefined
  const mailer = smtpMailer(options.mail ?? mailFromEnv())
  let url = ''
  let redis: Redis | undefined
  try {
    const redisUrl =
      options.redisUrl === null
        ? undefined
        : (options.redisUrl ?? (process.env.REDIS_URL || undefined))
    redis = redisUrl ? await connectRedis(redisUrl) : undefined
    await migrateToLatest(database.db)
    const directory = {
      wallets: options.wallets ?? REAL_WALLETS,
      directorySize: options.directorySize ?? directorySizeFromEnv(),
    }
    // Production has no demo project: an operator creates projects (latchkey-server project).
    if (mode === 'production') await seedDirectory(database.db, directory)
    else {
      await seedDatabase(database.db, {
        ...directory,
        projectId: options.projectId ?? process.env.LATCHKEY_PROJECT_ID ?? DEMO_PROJECT_ID,
        projectName: DEMO_PROJECT_NAME,
        allowedOrigins,
        telegramBotToken:
          options.telegramBotToken ?? (process.env.LATCHKEY_TELEGRAM_BOT_TOKEN || undefined),
      })
    }
    const chains = new Chains(options.chains ?? chainsFromEnv())
    const services = serviceOptionsFrom(options, mode)
    await seedChainData(database.db, chains.ids)
    const solanaChains = new SolanaChains(options.solanaChains ?? solanaChainsFromEnv())
    await seedSolanaPrices(database.db, solanaChains.all)
    const app = createApp({
      db: database.db,
      logger,
      chains,
      solanaChains,
      bitcoinChains: new BitcoinChains(options.bitcoinChains ?? bitcoinChainsFromEnv()),
      ...(options.rateLimit && { rateLimit: options.rateLimit }),
      trustedProxies,
      ...(options.now && { now: options.now }),
      mailer,
      frameOrigins,
      publicUrl: () => (publicUrl ?? url).replace(/\/+$/, ''),
      ...(options.mailInbox && mode === 'development' && { mailInbox: options.mailInbox }),
      devOrigins: [...allowedOrigins, ...frameOrigins],
      social: options.social ?? socialFromEnv(),
      ...(options.latestKitVersion && { latestKitVersion: options.latestKitVersion }),
      ...(adminToken && { adminToken, metrics }),
      ...(redis && { redis, rateCounters: redisCounters(redis, options.now ?? Date.now) }),
      httpsOnly: publicUrl?.startsWith('https://') === true,
      ...services,
    })
    indexer = new Indexer(database.db, chains.all, {
      ...(options.indexerPollMs !== undefined && { pollMs: options.indexerPollMs }),
      onError: (chainId, err) => logger.warn({ err, chainId }, 'indexer step failed'),
    })
    const indexing = indexer
    // One instance indexes (an advisory lock on PostgreSQL); the others take over if it dies.
    leadership = await followLeader({
      databaseUrl,
      lead: () => indexing.start(),
      lose: () => indexing.stop(),
      onError: (err) => logger.warn({ err }, 'indexer leadership'),
    })
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
      // Several instances share one mailbox through Redis (relay/sharedLog.ts).
      ...(redis && {
        log: redisRelayLog(redis, { logger, ...(options.now && { now: options.now }) }),
      }),
    })
    await relay.relay.started
    const elected = leadership
    metrics?.watch({ relay: relay.relay, indexer, leadsIndexing: () => elected.leading })
    const frame = options.frame ?? frameFromEnv()
    if (frame) {
      frameSite = await startFrameSite({
        dir: frame.dir,
        port: frame.port ?? portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT),
        host: frame.host ?? host,
        apiOrigin: new URL(publicUrl ?? url).origin,
        originsOf: async (id) => (await findProject(db, id))?.allowed_origins,
        onError: (err) => logger.error({ err }, 'frame site request failed'),
      })
    }
    const startupMs = Math.round(performance.now() - startedAt)
    logger.info({ url, relayUrl, database: database.kind, startupMs }, 'server listening')

    const listening = server
    const following = indexer
    const leading = leadership
    const sharing = redis
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
      leadsIndexing: () => leading.leading,
      startupMs,
      ...(framing && { frameUrl: framing.url }),
      close() {
        // Stop taking requests and tell relay clients to reconnect elsewhere; the requests under
        // way finish (closeServer's grace) before the work behind them stops.
        closing ??= Promise.all([relaying.close(), closeServer(listening), framing?.close()])
          .then(() => leading.stop())
          .then(() => following.stop())
          .then(() => database.close())
          // A Redis already gone cannot be asked to QUIT: its socket is simply closed.
          .then(() =>
            sharing?.quit().then(
              () => undefined,
              () => sharing.disconnect(),
            ),
          )
          .finally(() => mailer.close())
        return closing
      },
    }
  } catch (error) {
    await leadership?.stop()
    await indexer?.stop()
    redis?.disconnect()
    await relay?.close()
    await frameSite?.close()
    if (server) await closeServer(server)
    await database.close()
    mailer.close()
    throw error
  }
}
