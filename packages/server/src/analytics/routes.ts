// The analytics collector (README "Analytics"): POST /batch and POST /e. Each body is checked
// whole (64 KB, JSON, the event shape) before anything is stored; a project with analytics off
// keeps only the three events §7 sends regardless.
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { adminScope } from '../admin/adminAuth.ts'
import { hashToken } from '../admin/projectStore.ts'
import { ANALYTICS_ALWAYS_KEPT } from '../constants/analytics.ts'
import { MAX_JSON_DEPTH } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  analyticsBodyInvalid,
  analyticsEventInvalid,
  analyticsOriginRefused,
  analyticsRangeInvalid,
} from '../errors/analytics.ts'
import { AdminError, jsonTooDeep } from '../errors.ts'
import { jsonDepth } from '../middleware/bodyGuard.ts'
import {
  AnalyticsBatchSchema,
  type AnalyticsEvent,
  AnalyticsEventSchema,
  isTimely,
} from './eventSchema.ts'
import { getAnalyticsSummaryRoute, postBatchRoute, postErrorEventRoute } from './routeDefs.ts'
import { storeEvents } from './store.ts'
import { analyticsSummary } from './summary.ts'

export interface AnalyticsRouteDeps {
  db: Kysely<Database>
  now: () => number
  /** The operator's token, which opens every project's figures besides the project's own token */
  adminToken?: string
}

const DAY_MS = 86_400_000
const MAX_RANGE_DAYS = 366

type Parsed = { body: unknown } | { error: string }

async function readJson(c: Context<AppEnv>): Promise<Parsed> {
  const text = await c.req.text()
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    return { error: jsonTooDeep(MAX_JSON_DEPTH) }
  try {
    return { body: JSON.parse(text) }
  } catch {
    return { error: 'The body is not JSON' }
  }
}

export function registerAnalyticsRoutes(app: OpenAPIHono<AppEnv>, deps: AnalyticsRouteDeps) {
  /** A page's origin must be one of the project's; a request without one is a server's */
  const originAllowed = (c: Context<AppEnv>) => {
    const origin = c.req.header('Origin')
    return origin === undefined || c.var.project.allowed_origins.includes(origin)
  }

  async function keep(c: Context<AppEnv>, events: AnalyticsEvent[]) {
    const now = deps.now()
    const enabled = c.var.project.analytics_enabled
    const kept = events.filter(
      (e) => isTimely(e, now) && (enabled || ANALYTICS_ALWAYS_KEPT.has(e.props.event)),
    )
    const accepted = await storeEvents(deps.db, c.var.project.project_id, kept, new Date(now))
    return c.json(
      { accepted, duplicates: kept.length - accepted, dropped: events.length - kept.length },
      202,
    )
  }

  app.openapi(postBatchRoute, async (c) => {
    if (!originAllowed(c)) return c.json({ error: analyticsOriginRefused }, 403)
    const read = await readJson(c)
    if ('error' in read) return c.json({ error: read.error }, 400)
    const parsed = AnalyticsBatchSchema.safeParse(read.body)
    if (!parsed.success) return c.json({ error: analyticsBodyInvalid }, 400)
    return keep(c, parsed.data)
  })

  const adminTokenHash = deps.adminToken ? hashToken(deps.adminToken) : ''
  app.openapi(getAnalyticsSummaryRoute, async (c) => {
    const projectId = c.var.project.project_id
    try {
      await adminScope(deps.db, adminTokenHash, c.req.header('Authorization'), projectId)
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      c.header('WWW-Authenticate', 'Bearer realm="latchkey-analytics"')
      return c.json({ error: error.message }, 401)
    }
    const query = c.req.valid('query')
    const to = query.to ?? new Date(deps.now()).toISOString().slice(0, 10)
    const from =
      query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10)
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
    if (days < 1 || days > MAX_RANGE_DAYS) {
      return c.json({ error: analyticsRangeInvalid(MAX_RANGE_DAYS) }, 400)
    }
    c.header('Cache-Control', 'no-store')
    const since = query.since ? new Date(query.since) : undefined
    return c.json(await analyticsSummary(deps.db, projectId, { from, to }, since), 200)
  })

  app.openapi(postErrorEventRoute, async (c) => {
    if (!originAllowed(c)) return c.json({ error: analyticsOriginRefused }, 403)
    const read = await readJson(c)
    if ('error' in read) return c.json({ error: read.error }, 400)
    const parsed = AnalyticsEventSchema.safeParse(read.body)
    if (!parsed.success) return c.json({ error: analyticsEventInvalid }, 400)
    return keep(c, [{ ...parsed.data, props: { ...parsed.data.props, type: 'error' } }])
  })
}
