import { OpenAPIHono } from '@hono/zod-openapi'
import { DEFAULT_NAME_ZONE } from '@latchkey/core/shared'
import { HTTPException } from 'hono/http-exception'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Hex } from 'viem'
import { registerAdminRoutes } from './admin/routes.ts'
import { registerAnalyticsRoutes } from './analytics/routes.ts'
import { type MailInbox, registerDevInbox } from './auth/devInbox.ts'
import { proofOfPossession } from './auth/dpop.ts'
import { registerFarcasterRoutes } from './auth/farcaster/register.ts'
import type { FarcasterOptions } from './auth/farcaster/relay.ts'
import { FARCASTER_ROUTES, postFarcasterConnectRoute } from './auth/farcaster/routes.ts'
import type { Mailer } from './auth/mailer.ts'
import { postPasskeyLoginVerifyRoute } from './auth/passkeys/routes.ts'
import { AUTH_PROJECT_ROUTES, postOtpRoute, registerAuthRoutes } from './auth/routes.ts'
import { postSocialConnectRoute, registerSocialRoutes, SOCIAL_ROUTES } from './auth/social.ts'
import type { SocialOptions } from './auth/socialProviders.ts'
import { postTelegramConnectRoute, registerTelegramRoutes } from './auth/telegram.ts'
import { BalanceReader } from './chain/balances.ts'
import { BitcoinBalanceReader } from './chain/bitcoinBalances.ts'
import { BitcoinChains } from './chain/bitcoinChains.ts'
import { Chains } from './chain/client.ts'
import { SolanaBalanceReader } from './chain/solanaBalances.ts'
import { SolanaChains } from './chain/solanaChains.ts'
import { NAME_REGISTER_RATE_LIMIT } from './constants/names.ts'
import { HSTS_MAX_AGE_SECONDS, PROJECT_CACHE_MS } from './constants.ts'
import { cachedProjectCheck } from './db/projectCache.ts'
import { findProject } from './db/projects.ts'
import type { Database } from './db/schema.ts'
import type { AppEnv } from './env.ts'
import { internalError, routeNotFound } from './errors.ts'
import { latestKitVersionFromEnv } from './kitVersion.ts'
import { registerMetricsRoute, type ServerMetrics } from './metrics.ts'
import { bodyGuard } from './middleware/bodyGuard.ts'
import { frameCors, projectCors } from './middleware/cors.ts'
import { requireProject } from './middleware/project.ts'
import { memoryCounters, type RateCounters } from './middleware/rateCounters.ts'
import {
  authRateLimit,
  clientAddressOf,
  type RateLimitOptions,
  rateLimit,
  routeRateLimit,
} from './middleware/rateLimit.ts'
import { requestLog } from './middleware/requestLog.ts'
import { postNameRoute } from './names/routeDefs.ts'
import { registerNameRoutes } from './names/routes.ts'
import type { TrustedProxies } from './net/clientAddress.ts'
import type { HostedProvider } from './onramp/hostedProviders.ts'
import { registerOnramp } from './onramp/onrampHandlers.ts'
import {
  FRAME_READABLE_ROUTES,
  MAILING_AUTH_PATHS,
  PROJECT_ROUTES,
  SIGN_IN_PATHS,
} from './routeSets.ts'
import { registerBalanceRoutes } from './routes/balance.ts'
import { BUNDLER_PATH, registerBundlerRoute } from './routes/bundler.ts'
import { registerConfigRoutes } from './routes/config.ts'
import { registerHealthRoutes } from './routes/health.ts'
import { registerHistoryRoutes } from './routes/history.ts'
import { registerIdentityRoutes } from './routes/identity.ts'
import { registerImageRoutes } from './routes/images.ts'
import { validationHook } from './routes/params.ts'
import { registerPriceRoutes } from './routes/price.ts'
import { RPC_PATH, registerRpcRoute } from './routes/rpc.ts'
import { registerWalletRoutes } from './routes/wallets.ts'
import { SESSION_ROUTES } from './sessions/routeDefs.ts'
import { registerSessionRoutes } from './sessions/routes.ts'
import { registerSiwxRoutes } from './siwx/routes.ts'
import { registerConvertRoutes } from './swap/convertHandlers.ts'
import { Exchanges } from './swap/exchanges.ts'
import { poolPrices } from './swap/poolPrices.ts'

export interface AppDeps {
  db: Kysely<Database>
  logger: Logger
  /** Clock for rate-limit windows (ms); Date.now by default */
  now?: () => number
  rateLimit?: RateLimitOptions
  /** The proxies in front of the server, whose X-Forwarded-For entries are believed; none by default */
  trustedProxies?: TrustedProxies
  /** The EVM chains of the blockchain data API; none by default */
  chains?: Chains
  /** The Solana chains of the blockchain data API (balance, history); none by default */
  solanaChains?: SolanaChains
  /** The Bitcoin networks of the blockchain data API (balance, history); none by default */
  bitcoinChains?: BitcoinChains
  /** Sends the embedded-wallet auth mails; without it the auth routes are not served */
  mailer?: Mailer
  /** The embedded-wallet frame's origins: the only ones CORS lets call /auth/v1/* */
  frameOrigins?: readonly string[]
  /** The server's URL as a browser reaches it (device-approval links) */
  publicUrl?: () => string
  /** The local SMTP capture: serves GET /dev/v1/mails when given (development only) */
  mailInbox?: MailInbox
  /** The pages that may read the dev inbox from a browser (the demo's and the frame's) */
  devOrigins?: readonly string[]
  /** Social login's OAuth clients (with the auth routes); none configured by default */
  social?: SocialOptions
  /** Sign In With Farcaster's relay and IdRegistry chain (with the auth routes); none by default */
  farcaster?: FarcasterOptions
  /** What /appkit/v1/version answers; default LATCHKEY_LATEST_KIT_VERSION, else this build's */
  latestKitVersion?: string
  /** Opens /admin/v1/* (README "Production"); without it the admin API is not served */
  adminToken?: string
  /** Browsers reach the server over https (its PUBLIC_URL): every answer says so (HSTS) */
  httpsOnly?: boolean
  /** Where rate-limit counts live; in this process by default, in Redis for several instances */
  rateCounters?: RateCounters
  /** The shared Redis, whose health /readyz reports */
  redis?: Redis
  /** Counts requests; served on /metrics to the admin token's holder */
  metrics?: ServerMetrics
  /**
   * The onramp sandbox's treasury key (README "Buy crypto"): with it, /v1/onramp/* and the
   * checkout pages are served and purchases are paid from it on `chains`; without, no onramp
   */
  onrampTreasuryKey?: Hex
  /** Its Solana treasury's 32-byte seed (hex): with it, SOL is sold on `solanaChains` too */
  onrampSolanaTreasuryKey?: string
  /** Onramp providers plugged in by configuration (README "Buy crypto"), in every mode */
  onrampProviders?: readonly HostedProvider[]
  /** The name service's zone (README "Names"); DEFAULT_NAME_ZONE by default */
  nameZone?: string
}

export type App = OpenAPIHono<AppEnv>

/** The wallet/config service of §7 as one Hono app. */
export function createApp(deps: AppDeps): App {
  const { db, logger } = deps
  const now = deps.now ?? Date.now
  const nameZone = deps.nameZone ?? DEFAULT_NAME_ZONE
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

  if (deps.metrics) app.use('*', deps.metrics.middleware)
  app.use('*', requestLog(logger))
  app.use('*', async (c, next) => {
    // Set before the answer exists, so it is built with them: headers set on an answer already
    // made turn @hono/node-server's light response into a full one (a third of /getWallets'
    // time under load). Hono carries them onto an answer a handler builds itself.
    // A browser must never guess a type: a JSON answer is not a script or a page.
    c.header('X-Content-Type-Options', 'nosniff')
    // Nothing the services answer needs the page's address sent onwards.
    c.header('Referrer-Policy', 'no-referrer')
    if (deps.httpsOnly) c.header('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`)
    await next()
  })
  registerHealthRoutes(app, db, deps.redis)
  // The RPC and bundler gateways take larger bodies and limit them themselves.
  app.use('*', bodyGuard({ except: [RPC_PATH, BUNDLER_PATH] }))
  const addressOf = clientAddressOf(deps.trustedProxies)
  const counters = deps.rateCounters ?? memoryCounters(now)
  const projects = cachedProjectCheck((id) => findProject(db, id), { ttlMs: PROJECT_CACHE_MS })
  const guards = [
    requireProject(projects),
    projectCors(),
    rateLimit(deps.rateLimit ?? {}, counters, addressOf),
  ] as const
  const [project, , limit] = guards
  const frameReadable = [project, projectCors(deps.frameOrigins ?? []), limit] as const
  for (const route of PROJECT_ROUTES) {
    app.use(route.getRoutingPath(), ...(FRAME_READABLE_ROUTES.has(route) ? frameReadable : guards))
  }
  app.use(RPC_PATH, ...guards)
  const nameRegistrations = deps.rateLimit?.namesPerAddress ?? NAME_REGISTER_RATE_LIMIT
  app.use(
    postNameRoute.getRoutingPath(),
    routeRateLimit(nameRegistrations, counters, addressOf, 'name-register'),
  )
  // Only the embedded wallet's frame sends user operations and records permissions.
  const frameOnly = [project, frameCors(deps.frameOrigins ?? []), limit] as const
  app.use(BUNDLER_PATH, ...frameOnly)
  for (const route of SESSION_ROUTES) app.use(route.getRoutingPath(), ...frameOnly)
  const signIn = authRateLimit(deps.rateLimit ?? {}, counters, addressOf, MAILING_AUTH_PATHS)
  const authGuards = [project, frameCors(deps.frameOrigins ?? []), limit] as const
  // GET and DELETE share a path: one use per path, so each request is counted once.
  const authRoutes = [
    ...AUTH_PROJECT_ROUTES,
    ...SOCIAL_ROUTES,
    postTelegramConnectRoute,
    ...FARCASTER_ROUTES,
  ]
  // Every auth request's DPoP proof is checked; the sign-ins must have one (auth/dpop.ts).
  const possession = proofOfPossession({
    db,
    now,
    publicUrl: deps.publicUrl ?? (() => ''),
    bindingPaths: new Set(
      [
        postOtpRoute,
        postSocialConnectRoute,
        postTelegramConnectRoute,
        postFarcasterConnectRoute,
        postPasskeyLoginVerifyRoute,
      ].map((r) => r.getRoutingPath()),
    ),
  })
  for (const path of new Set(authRoutes.map((route) => route.getRoutingPath()))) {
    app.use(path, ...authGuards)
    if (SIGN_IN_PATHS.has(path)) app.use(path, signIn)
    app.use(path, possession)
  }

  registerWalletRoutes(app, db)
  registerImageRoutes(app, db)
  registerConfigRoutes(app, deps.latestKitVersion ?? latestKitVersionFromEnv(), {
    onramp: deps.onrampTreasuryKey !== undefined || (deps.onrampProviders?.length ?? 0) > 0,
    nameZone,
  })
  const chains = deps.chains ?? new Chains([])
  const solanaChains = deps.solanaChains ?? new SolanaChains([])
  const data = { chains, solanaChains, bitcoinChains: deps.bitcoinChains ?? new BitcoinChains([]) }
  const exchanges = new Exchanges(chains)
  const prices = poolPrices(db, exchanges)
  registerBalanceRoutes(app, {
    ...data,
    db,
    prices,
    reader: new BalanceReader(db, now),
    solanaReader: new SolanaBalanceReader(now),
    bitcoinReader: new BitcoinBalanceReader(now),
    now,
  })
  registerHistoryRoutes(app, { ...data, db, prices, now })
  registerPriceRoutes(app, db, chains, prices)
  registerConvertRoutes(app, { db, exchanges, prices })
  registerOnramp(app, deps, { db, chains, prices, solanaChains, now })
  registerIdentityRoutes(app, { ...data, db, nameZone })
  registerNameRoutes(app, { db, chains, zone: nameZone, now })
  registerRpcRoute(app, chains)
  registerBundlerRoute(app, chains)
  registerSessionRoutes(app, { db, chains, now })
  registerAnalyticsRoutes(app, { db, now, adminToken: deps.adminToken })
  registerSiwxRoutes(app, { db, chains, now, publicUrl: deps.publicUrl ?? (() => '') })
  if (deps.mailer) {
    registerAuthRoutes(app, {
      db,
      mailer: deps.mailer,
      now,
      publicUrl: deps.publicUrl ?? (() => ''),
      clientAddressOf: addressOf,
      frameOrigins: deps.frameOrigins ?? [],
    })
    registerSocialRoutes(app, { db, now, social: deps.social ?? { providers: {} }, logger })
    registerTelegramRoutes(app, { db, now, logger })
    registerFarcasterRoutes(app, {
      db,
      now,
      frameOrigins: deps.frameOrigins ?? [],
      logger,
      ...(deps.farcaster && { farcaster: deps.farcaster }),
    })
  }
  if (deps.mailInbox) registerDevInbox(app, deps.mailInbox, deps.devOrigins ?? [])
  if (deps.adminToken) {
    registerAdminRoutes(app, {
      db,
      adminToken: deps.adminToken,
      changed: (projectId) => projects.forget(projectId),
    })
    if (deps.metrics)
      registerMetricsRoute(app, { db, adminToken: deps.adminToken, metrics: deps.metrics })
  }

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Latchkey wallet/config service',
      version: '0.1.0',
      description:
        'Wallet directory, project config and images, and the blockchain data API (spec §7). ' +
        'Every route takes projectId, st, sv.',
    },
  })

  app.notFound((c) => c.json(routeNotFound, 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || 'Bad request'
      // The auth API's errors are `{ message }` (malformed JSON, a body that is not JSON)
      const body = c.req.path.startsWith('/auth/v1/') ? { message } : { error: message }
      return c.json(body, error.status)
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    return c.json(internalError, 500)
  })
  return app
}
