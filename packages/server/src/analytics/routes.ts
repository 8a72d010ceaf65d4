// The analytics collector (README "Analytics"): POST /batch and POST /e. Each body is checked
// whole (64 KB, JSON, the event shape) before anything is stored; a project with analytics off
// keeps only the three events §7 sends regardless.
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { ANALYTICS_ALWAYS_KEPT } from '../constants/analytics.ts'
import { MAX_JSON_DEPTH } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  analyticsBodyInvalid,
  analyticsEventInvalid,
  analyticsOriginRefused,
} from '../errors/analytics.ts'
import { jsonTooDeep } from '../errors.ts'
import { jsonDepth } from '../middleware/bodyGuard.ts'
import {
  AnalyticsBatchSchema,
  type AnalyticsEvent,
  AnalyticsEventSchema,
  isTimely,
} from './eventSchema.ts'
import { postBatchRoute, postErrorEventRoute } from './routeDefs.ts'
import { storeEvents } from './store.ts'

export interface AnalyticsRouteDeps {
  db: Kysely<Database>
  now: () => number
}

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

  app.openapi(postErrorEventRoute, async (c) => {
    if (!originAllowed(c)) return c.json({ error: analyticsOriginRefused }, 403)
    const read = await readJson(c)
    if ('error' in read) return c.json({ error: read.error }, 400)
    const parsed = AnalyticsEventSchema.safeParse(read.body)
    if (!parsed.success) return c.json({ error: analyticsEventInvalid }, 400)
    return keep(c, [{ ...parsed.data, props: { ...parsed.data.props, type: 'error' } }])
  })
}
