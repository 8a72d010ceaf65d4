// Prometheus metrics (README "Operating it"): one registry per server, never prom-client's
// global one, so two servers in one process (tests, the bench) count apart.
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Kysely } from 'kysely'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { adminScope } from './admin/adminAuth.ts'
import { hashToken } from './admin/projectStore.ts'
import type { Indexer } from './chain/indexer.ts'
import type { Database } from './db/schema.ts'
import type { AppEnv } from './env.ts'
import { AdminError } from './errors.ts'
import type { Relay } from './relay/relay.ts'

export interface ServerMetrics {
  registry: Registry
  /** Times every request, labelled by the route that answered it (never the raw path) */
  middleware: MiddlewareHandler<AppEnv>
  /** The parts that exist once the server listens */
  watch(parts: { relay: Relay; indexer: Indexer; leadsIndexing: () => boolean }): void
}

/** The route pattern that answered (`/getWalletImage/:id`), or 'unmatched' for a 404 */
function routeOf(c: Context<AppEnv>): string {
  const handler = matchedRoutes(c).findLast((route) => route.method !== 'ALL')
  return handler?.path ?? 'unmatched'
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'latchkey_' })
  const duration = new Histogram({
    name: 'latchkey_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  let parts: Parameters<ServerMetrics['watch']>[0] | undefined
  new Gauge({
    name: 'latchkey_relay_sockets',
    help: 'Open WalletConnect relay sockets',
    registers: [registry],
    collect() {
      this.set(parts?.relay.connectionCount ?? 0)
    },
  })
  new Gauge({
    name: 'latchkey_relay_mailbox_messages',
    help: 'Relay messages stored for subscribers that have not acknowledged them',
    registers: [registry],
    collect() {
      this.set(parts?.relay.mailbox.size ?? 0)
    },
  })
  new Gauge({
    name: 'latchkey_indexer_leader',
    help: 'Whether this instance runs the chain indexers (1) or waits to take over (0)',
    registers: [registry],
    collect() {
      this.set(parts?.leadsIndexing() ? 1 : 0)
    },
  })
  new Gauge({
    name: 'latchkey_indexer_lag_blocks',
    help: "Blocks each chain's transfer index is behind the chain's head",
    labelNames: ['chain_id'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const { chainId, blocks } of parts?.indexer.lag() ?? []) {
        this.set({ chain_id: String(chainId) }, blocks)
      }
    },
  })
  return {
    registry,
    middleware: async (c, next) => {
      const end = duration.startTimer()
      await next()
      end({ method: c.req.method, route: routeOf(c), status: String(c.res.status) })
    },
    watch(watched) {
      parts = watched
    },
  }
}

/** GET /metrics, for a scraper holding the admin token (Prometheus `authorization` config) */
export function registerMetricsRoute(
  app: Hono<AppEnv>,
  deps: { db: Kysely<Database>; adminToken: string; metrics: ServerMetrics },
) {
  const adminTokenHash = hashToken(deps.adminToken)
  app.get('/metrics', async (c) => {
    try {
      await adminScope(deps.db, adminTokenHash, c.req.header('Authorization'))
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      c.header('WWW-Authenticate', 'Bearer realm="latchkey-metrics"')
      return c.json({ error: error.message }, 401)
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await deps.metrics.registry.metrics(), 200, {
      'Content-Type': deps.metrics.registry.contentType,
    })
  })
}
