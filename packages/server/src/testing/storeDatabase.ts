// Test support: a store test's database, opened directly (no server), a copy of the migrated
// template of `database` (templates.ts). Call inside a describe: it opens before the tests and
// removes the copy after them.
import { afterAll, beforeAll } from 'vitest'
import { type OpenedDatabase, openDatabase } from '../db/open.ts'
import type { TestDatabase } from './databases.ts'

export function useStoreDatabase(database: TestDatabase): () => OpenedDatabase {
  let opened: OpenedDatabase | undefined
  let destroy: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const created = await database.createMigrated()
    destroy = created.destroy
    opened = await openDatabase({
      databaseUrl: created.options.databaseUrl ?? undefined,
      dataDir: created.options.dataDir ?? 'memory://',
    })
  })
  afterAll(async () => {
    await opened?.close()
    await destroy?.()
  })
  return () => {
    if (!opened) throw new Error('the store database is not open yet')
    return opened
  }
}
