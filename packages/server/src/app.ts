import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database } from './db/schema'
import type { AppEnv } from './env'
import { internalError, routeNotFound } from './errors'
import { projectCors } from './middleware/cors'
import { requireProject } from './middleware/project'
import {
  forwardedAddress,
  type RateLimitOptions,
  rateLimit,
  socketAddress,
} from './middleware/rateLimit'
import { requestLog } from './middleware/requestLog'
import {
  getAnalyticsConfigRoute,
  getConfigRoute,
  getOriginsRoute,
  registerConfigRoutes,
} from './routes/config'
import {
  getAssetImageRoute,
  getCurrencyImageRoute,
  getTokenImageRoute,
  getWalletImageRoute,
  registerImageRoutes,
} from './routes/images'
import { validationHook } from './routes/params'
import { getWalletsRoute, registerWalletRoutes } from './routes/wallets'

export interface AppDeps {
  db: Kysely<Database>
  logger: Logger
  /** Clock for rate-limit windows (ms); Date.now by default */
  now?: () => number
  rateLimit?: RateLimitOptions
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it) */
  trustForwardedFor?: boolean
}

export type App = OpenAPIHono<AppEnv>

/** Every route that needs a project: these get the project, CORS and rate-limit middleware. */
const PROJECT_ROUTES = [
  getWalletsRoute,
  getWalletImageRoute,
  getAssetImageRoute,
  getCurrencyImageRoute,
  getTokenImageRoute,
  getConfigRoute,
  getOriginsRoute,
  getAnalyticsConfigRoute,
]

/** The wallet/config service of §7 as one Hono app. */
export function createApp(deps: AppDeps): App {
  const { db, logger } = deps
  const now = deps.now ?? Date.now
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

  app.use('*', requestLog(logger))
  const guards = [
    requireProject(db),
    projectCors(),
    rateLimit(deps.rateLimit ?? {}, now, deps.trustForwardedFor ? forwardedAddress : socketAddress),
  ] as const
  for (const route of PROJECT_ROUTES) app.use(route.getRoutingPath(), ...guards)

  registerWalletRoutes(app, db)
  registerImageRoutes(app, db)
  registerConfigRoutes(app)

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Latchkey wallet/config service',
      version: '0.1.0',
      description:
        'Wallet directory, project config and images (spec §7). Every route takes projectId, st, sv.',
    },
  })

  app.notFound((c) => c.json(routeNotFound, 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || 'Bad request' }, error.status)
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    return c.json(internalError, 500)
  })
  return app
}
