// /healthz and /readyz for an orchestrator (README "Production"): alive is the process
// answering; ready is its database answering too, within READY_CHECK_TIMEOUT_MS.
import type { Hono } from 'hono'
import type { Redis } from 'ioredis'
import { type Kysely, sql } from 'kysely'
import { READY_CHECK_TIMEOUT_MS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { redisAnswers } from '../net/redis.ts'

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

export function registerHealthRoutes(app: Hono<AppEnv>, db: Kysely<Database>, redis?: Redis) {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' }, 200)
  })
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    const [database, shared] = await Promise.all([
      databaseAnswers(db),
      redis ? redisAnswers(redis, READY_CHECK_TIMEOUT_MS) : undefined,
    ])
    const ready = database && shared !== false
    return c.json(
      {
        status: ready ? 'ready' : 'not ready',
        database: database ? 'ok' : 'unreachable',
        ...(shared !== undefined && { redis: shared ? 'ok' : 'unreachable' }),
      },
      ready ? 200 : 503,
    )
  })
}
