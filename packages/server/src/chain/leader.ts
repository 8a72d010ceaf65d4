// Work that must run on one instance only (the chain indexers) follows a leader: the instance
// holding a PostgreSQL advisory lock on its own connection. When that instance dies its
// connection closes, the database releases the lock, and another instance takes it on its next
// try (every LEADER_RETRY_MS). PGlite serves one process: that process leads at once.
import pg from 'pg'
import { INDEXER_LEADER_LOCK, LEADER_RETRY_MS } from '../constants.ts'

export interface Leadership {
  readonly leading: boolean
  /** Gives up (and the lock with it) and stops trying */
  stop(): Promise<void>
}

export interface LeaderOptions {
  /** PostgreSQL; without it (PGlite) this process leads */
  databaseUrl: string | undefined
  /** Called once this instance leads; awaited before the next try */
  lead(): Promise<void>
  /** Called when the lock is lost (the connection dropped): the work must stop */
  lose(): Promise<void>
  onError?: (error: unknown) => void
  retryMs?: number
  lockKey?: number
}

/** Leads or follows; resolves after the first try, so a lone instance leads before it serves */
export async function followLeader(options: LeaderOptions): Promise<Leadership> {
  if (!options.databaseUrl) {
    await options.lead()
    return { leading: true, stop: async () => {} }
  }
  const { databaseUrl, lead, lose } = options
  const retryMs = options.retryMs ?? LEADER_RETRY_MS
  const key = options.lockKey ?? INDEXER_LEADER_LOCK
  let client: pg.Client | undefined
  let leading = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined

  const dropped = async () => {
    client = undefined
    if (!leading) return
    leading = false
    await lose().catch(options.onError)
    schedule()
  }
  const attempt = async () => {
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: databaseUrl })
        fresh.on('error', (error) => {
          options.onError?.(error)
          if (client === fresh) void dropped()
        })
        fresh.on('end', () => {
          if (client === fresh) void dropped()
        })
        await fresh.connect()
        client = fresh
      }
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      )
      if (rows[0]?.locked && !stopped) {
        leading = true
        await lead()
      }
    } catch (error) {
      options.onError?.(error)
      const broken = client
      client = undefined
      await broken?.end().catch(() => undefined)
    }
  }
  const schedule = () => {
    if (stopped || leading) return
    timer = setTimeout(() => {
      void attempt().finally(schedule)
    }, retryMs)
    timer.unref()
  }
  await attempt()
  schedule()
  return {
    get leading() {
      return leading
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      const held = client
      client = undefined
      leading = false
      await held?.end().catch(() => undefined)
    },
  }
}
