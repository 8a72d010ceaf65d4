import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { availableDatabases } from '../testing/databases.ts'
import { type OpenedDatabase, openDatabase } from './open.ts'

const postgres = availableDatabases().find((d) => d.name === 'postgres')

// PostgreSQL only: PGlite has no connections to end or lose. CI sets DATABASE_URL.
describe.runIf(postgres)('openDatabase on PostgreSQL', () => {
  let admin: pg.Client
  let created: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>
  let url: string
  let name: string

  beforeAll(async () => {
    created = await (postgres as NonNullable<typeof postgres>).create()
    url = created.options.databaseUrl as string
    name = new URL(url).pathname.slice(1)
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
  })

  afterAll(async () => {
    await admin?.end()
    await created?.destroy()
  })

  const backends = async () =>
    (
      await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      )
    ).rows[0]?.n

  /** Several pooled connections, all idle once the queries are done. */
  async function openWithConnections(opened: OpenedDatabase, count: number) {
    await Promise.all(
      Array.from({ length: count }, () => sql`select pg_sleep(0.05)`.execute(opened.db)),
    )
    expect(await backends()).toBe(count)
  }

  it('has ended every connection when close() resolves, so the database can be dropped', async () => {
    const opened = await openDatabase({ databaseUrl: url, dataDir: 'unused' })
    await openWithConnections(opened, 4)
    await opened.close()
    expect(await backends()).toBe(0)
  })

  it('survives PostgreSQL ending an idle connection: it reports it and the next query works', async () => {
    const lost: Error[] = []
    const opened = await openDatabase({
      databaseUrl: url,
      dataDir: 'unused',
      onIdleError: (error) => lost.push(error),
    })
    try {
      await openWithConnections(opened, 2)
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      )
      await vi.waitFor(() => expect(lost).toHaveLength(2))
      expect(lost[0]?.message).toMatch(/terminating connection/)
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(opened.db)
      expect(rows).toEqual([{ one: 1 }])
    } finally {
      await opened.close()
    }
  })
})
