import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Mutex } from './mutex.ts'
import { createPglitePool } from './pglitePool.ts'

describe('Mutex', () => {
  it('hands the lock over in request order, one holder at a time', async () => {
    const mutex = new Mutex()
    const events: string[] = []
    const holder = async (name: string) => {
      const release = await mutex.acquire()
      events.push(`${name} in`)
      await new Promise((resolve) => setTimeout(resolve, 5))
      events.push(`${name} out`)
      release()
    }
    await Promise.all([holder('a'), holder('b'), holder('c')])
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out'])
  })
})

describe('Kysely over one PGlite instance', () => {
  let pglite: PGlite
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table, no schema type needed
  let db: Kysely<any>

  beforeAll(async () => {
    pglite = await PGlite.create('memory://')
    db = new Kysely({
      dialect: new PostgresDialect({ pool: createPglitePool(pglite, () => pglite.close()) }),
    })
    await sql`create table counter (id int primary key, value int not null)`.execute(db)
    await sql`insert into counter values (1, 0)`.execute(db)
  })
  afterAll(() => db?.destroy())

  it('keeps concurrent transactions from interleaving (no lost updates)', async () => {
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('counter')
          .select('value')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
        await new Promise((resolve) => setTimeout(resolve, 2))
        await trx
          .updateTable('counter')
          .set({ value: row.value + 1 })
          .where('id', '=', 1)
          .execute()
      })
    await Promise.all(Array.from({ length: 20 }, increment))
    const { value } = await db.selectFrom('counter').select('value').executeTakeFirstOrThrow()
    expect(value).toBe(20)
  })

  it('rolls back a failed transaction without touching the others', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ value: -1 }).where('id', '=', 1).execute()
      throw new Error('boom')
    })
    await expect(failing).rejects.toThrow('boom')
    const { value } = await db.selectFrom('counter').select('value').executeTakeFirstOrThrow()
    expect(value).toBe(20)
  })

  it('reports affected rows for writes', async () => {
    const result = await db.updateTable('counter').set({ value: 0 }).executeTakeFirstOrThrow()
    expect(result.numUpdatedRows).toBe(1n)
  })
})
