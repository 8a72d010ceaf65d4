import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './dataDirLock.ts'
import { createPglitePool } from './pglitePool.ts'
import type { Database } from './schema.ts'

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the database is PGlite in `dataDir`. */
  databaseUrl?: string | undefined
  /** PGlite's data directory (created if missing); 'memory://' keeps it in memory. */
  dataDir: string
  /**
   * Called when PostgreSQL drops an idle connection (a restart, an administrator's terminate):
   * the pool replaces it on the next query. Without a listener the error would end the process.
   */
  onIdleError?: (error: Error) => void
}

export interface OpenedDatabase {
  db: Kysely<Database>
  kind: 'pglite' | 'postgres'
  /** Closes the pool or the PGlite instance; resolves once every connection has ended. */
  close(): Promise<void>
}

/**
 * A pg pool whose close waits for its connections' sockets: pg-pool's `end()` resolves as soon
 * as it has asked each client to end, so a database dropped right after would kill connections
 * that are still closing.
 */
function createPostgresPool(url: string, onIdleError: (error: Error) => void) {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const open = new Set<Promise<void>>()
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', resolve))
    open.add(ended)
    void ended.then(() => open.delete(ended))
  })
  pool.on('error', onIdleError)
  return { pool, allEnded: () => Promise.all(open).then(() => undefined) }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const { pool, allEnded } = createPostgresPool(
      options.databaseUrl,
      options.onIdleError ?? (() => {}),
    )
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      kind: 'postgres',
      async close() {
        await db.destroy()
        await allEnded()
      },
    }
  }
  const inMemory = options.dataDir.startsWith('memory://')
  if (!inMemory) await mkdir(options.dataDir, { recursive: true })
  const lock = inMemory ? undefined : await lockDataDir(options.dataDir)
  const pglite = await PGlite.create(options.dataDir).catch(async (error: unknown) => {
    await lock?.release()
    throw error
  })
  const closePglite = async () => {
    if (!pglite.closed) await pglite.close()
    await lock?.release()
  }
  const pool = createPglitePool(pglite, closePglite)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    kind: 'pglite',
    async close() {
      // Kysely ends the pool only if it was used; PGlite must be closed either way.
      await db.destroy()
      await closePglite()
    },
  }
}
