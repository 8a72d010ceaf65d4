// /healthz and /readyz for an orchestrator (README "Production"): alive is the process
// answering; ready is its database answering too, within READY_CHECK_TIMEOUT_MS.
import type { Hono } from 'hono'
import { type Kysely, sql } from 'kysely'
import { READY_CHECK_TIMEOUT_MS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'

async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS)
  })
  const answered = sql`select 1`
    .execute(db)
    .then(() => true)
    .catch(() => false)
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}

export function registerHealthRoutes(app: Hono<AppEnv>, db: Kysely<Database>) {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' }, 200)
  })
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    const database = (await databaseAnswers(db)) ? 'ok' : 'unreachable'
    return c.json(
      { status: database === 'ok' ? 'ready' : 'not ready', database },
      database === 'ok' ? 200 : 503,
    )
  })
}
