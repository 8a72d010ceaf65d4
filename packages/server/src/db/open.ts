import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createPglitePool } from './pglitePool'
import type { Database } from './schema'

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the database is PGlite in `dataDir`. */
  databaseUrl?: string | undefined
  /** PGlite's data directory (created if missing); 'memory://' keeps it in memory. */
  dataDir: string
}

export interface OpenedDatabase {
  db: Kysely<Database>
  kind: 'pglite' | 'postgres'
  /** Closes the pool or the PGlite instance. */
  close(): Promise<void>
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
  }
  if (!options.dataDir.startsWith('memory://')) await mkdir(options.dataDir, { recursive: true })
  const pglite = await PGlite.create(options.dataDir)
  const closePglite = async () => {
    if (!pglite.closed) await pglite.close()
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
