// The auth store's races, straight against the database (PGlite, and PostgreSQL when available).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { type OpenedDatabase, openDatabase } from '../db/open.ts'
import { availableDatabases } from '../testing/databases.ts'
import {
  changeEmail,
  claimCooldown,
  completeLogin,
  createChallenge,
  findUser,
  newOtp,
} from './store.ts'

describe.each(availableDatabases())('auth store on $name', (database) => {
  let opened: OpenedDatabase
  let destroy: () => Promise<void>
  const at = new Date('2030-01-01T00:00:00.000Z')

  beforeAll(async () => {
    const created = await database.create()
    destroy = created.destroy
    opened = await openDatabase({
      databaseUrl: created.options.databaseUrl ?? undefined,
      dataDir: created.options.dataDir ?? 'memory://',
    })
    await migrateToLatest(opened.db)
  })
  afterAll(async () => {
    await opened?.close()
    await destroy?.()
  })

  async function userFor(email: string) {
    const id = await createChallenge(
      opened.db,
      { projectId: DEMO_PROJECT_ID, kind: 'login', email, otp: newOtp(), expiresAt: at },
      at,
    )
    const challenge = await opened.db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const { userId } = await completeLogin(opened.db, challenge, at)
    return userId
  }

  it('lets one of many racing requests start the cooldown', async () => {
    const key = { projectId: DEMO_PROJECT_ID, email: 'race@example.org', kind: 'login' as const }
    const results = await Promise.all(
      Array.from({ length: 8 }, () => claimCooldown(opened.db, key, at)),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual(Array(7).fill({ ok: false, retryAfter: 30 }))
    expect(await claimCooldown(opened.db, key, new Date(at.getTime() + 30_000))).toEqual({
      ok: true,
    })
  })

  it('creates a user once per (project, email), and refuses an email change to a taken address', async () => {
    const first = await userFor('a@example.org')
    expect(await userFor('a@example.org')).toBe(first)
    const second = await userFor('b@example.org')
    expect(await changeEmail(opened.db, second, 'a@example.org')).toBe(false)
    expect(await changeEmail(opened.db, second, 'c@example.org')).toBe(true)
    expect((await findUser(opened.db, { id: second }))?.row.email).toBe('c@example.org')
  })
})
