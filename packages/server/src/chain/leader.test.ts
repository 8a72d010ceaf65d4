// One instance runs the indexers: the holder of an advisory lock on PostgreSQL. Two contenders
// on one database: one leads, the other takes over when the leader stops or its connection is
// cut (as when its process is killed). PGlite: the one process leads at once.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availableDatabases } from '../testing/databases.ts'
import { followLeader, type Leadership } from './leader.ts'

describe('on PGlite', () => {
  it('the one process leads at once', async () => {
    const events: string[] = []
    const leadership = await followLeader({
      databaseUrl: undefined,
      lead: async () => void events.push('lead'),
      lose: async () => void events.push('lose'),
    })
    expect([leadership.leading, events]).toEqual([true, ['lead']])
  })
})

const postgres = availableDatabases().find((database) => database.name === 'postgres')

describe.skipIf(!postgres)('on PostgreSQL', () => {
  let url = ''
  let destroy: () => Promise<void> = async () => {}
  const held: Leadership[] = []
  beforeAll(async () => {
    const created = await (postgres as NonNullable<typeof postgres>).createMigrated()
    url = created.options.databaseUrl ?? ''
    destroy = created.destroy
  })
  afterAll(async () => {
    await Promise.all(held.map((leadership) => leadership.stop()))
    await destroy()
  })

  function contender(name: string, events: string[]) {
    return followLeader({
      databaseUrl: url,
      retryMs: 50,
      lockKey: 4242,
      lead: async () => void events.push(`${name} leads`),
      lose: async () => void events.push(`${name} lost`),
    }).then((leadership) => {
      held.push(leadership)
      return leadership
    })
  }

  it('one leads; when it stops the other takes over', async () => {
    const events: string[] = []
    const a = await contender('a', events)
    const b = await contender('b', events)
    expect([a.leading, b.leading]).toEqual([true, false])
    await a.stop()
    await expect.poll(() => b.leading).toBe(true)
    expect(events).toEqual(['a leads', 'b leads'])
    await b.stop()
  })

  it('a leader whose connection is cut loses, and the follower takes over', async () => {
    const events: string[] = []
    const a = await contender('a', events)
    const b = await contender('b', events)
    expect(a.leading).toBe(true)
    // What the database sees when the leader's process is killed: its session ends.
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and objid = 4242 and granted`,
      )
    } finally {
      await admin.end()
    }
    await expect.poll(() => b.leading).toBe(true)
    await expect.poll(() => [...events].sort()).toEqual(['a leads', 'a lost', 'b leads'])
    expect(a.leading).toBe(false)
  })
})
