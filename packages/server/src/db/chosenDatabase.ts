import { isAbsolute, resolve } from 'node:path'
import type { Kysely } from 'kysely'
import { DEFAULT_PGLITE_DIR } from '../constants.ts'
import { migrateToLatest } from './migrations.ts'
import { openDatabase } from './open.ts'
import type { Database } from './schema.ts'

/** The database a CLI command works on: the server's (DATABASE_URL, else PGlite in PGLITE_DIR) */
export interface DatabaseChoice {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
}

export function databaseChoiceFromEnv(): DatabaseChoice {
  return { databaseUrl: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR }
}

/** Opens the chosen database, brings it to the latest migration, runs `work`, closes it */
export async function withDatabase<T>(
  choice: DatabaseChoice,
  work: (db: Kysely<Database>, migrated: string[]) => Promise<T>,
): Promise<T> {
  const dataDir = choice.dataDir || DEFAULT_PGLITE_DIR
  const database = await openDatabase({
    databaseUrl: choice.databaseUrl,
    dataDir: isAbsolute(dataDir) || dataDir.startsWith('memory://') ? dataDir : resolve(dataDir),
  })
  try {
    const migrated = await migrateToLatest(database.db)
    return await work(database.db, migrated)
  } finally {
    await database.close()
  }
}
