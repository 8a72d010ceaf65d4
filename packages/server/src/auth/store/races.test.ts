// The auth store's races, straight against the database (PGlite, and PostgreSQL when available).
import { describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../../constants.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { useStoreDatabase } from '../../testing/storeDatabase.ts'
import { createChallenge } from './challenges.ts'
import { claimCooldown } from './cooldowns.ts'
import { newOtp } from './hashing.ts'
import { completeLogin } from './sessions.ts'
import { changeEmail, findUser } from './users.ts'

describe.each(availableDatabases())('auth store on $name', (database) => {
  const opened = useStoreDatabase(database)
  const db = () => opened().db
  const at = new Date('2030-01-01T00:00:00.000Z')

  /** A login challenge of `email` with no user, approved from the mail or not */
  async function challengeFor(email: string, approved: boolean) {
    const id = await createChallenge(
      db(),
      { projectId: DEMO_PROJECT_ID, kind: 'login', email, otp: newOtp(), expiresAt: at },
      at,
    )
    return db()
      .updateTable('auth_challenges')
      .set({ approved_at: approved ? at : null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async function userFor(email: string) {
    const login = await completeLogin(db(), await challengeFor(email, true), at)
    if (!login) throw new Error('login refused')
    return login.userId
  }

  it('lets one of many racing requests start the cooldown', async () => {
    const key = { projectId: DEMO_PROJECT_ID, email: 'race@example.org', kind: 'login' as const }
    const results = await Promise.all(Array.from({ length: 8 }, () => claimCooldown(db(), key, at)))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual(Array(7).fill({ ok: false, retryAfter: 30 }))
    expect(await claimCooldown(db(), key, new Date(at.getTime() + 30_000))).toEqual({
      ok: true,
    })
  })

  it('creates a user once per (project, email), and refuses an email change to a taken address', async () => {
    const first = await userFor('a@example.org')
    expect(await userFor('a@example.org')).toBe(first)
    const second = await userFor('b@example.org')
    expect(await changeEmail(db(), second, 'a@example.org')).toBe(false)
    expect(await changeEmail(db(), second, 'c@example.org')).toBe(true)
    expect((await findUser(db(), { id: second }))?.row.email).toBe('c@example.org')
  })

  it('completes a login without a user only if it was approved from the mail (pre-account takeover)', async () => {
    // Asked before the address had an account, never approved: neither joins nor creates one
    const early = await challengeFor('late@example.org', false)
    const owner = await userFor('late@example.org')
    expect(await completeLogin(db(), early, at)).toBeUndefined()
    expect(await completeLogin(db(), await challengeFor('none@example.org', false), at)).toBe(
      undefined,
    )
    expect(await findUser(db(), { projectId: DEMO_PROJECT_ID, email: 'none@example.org' })).toBe(
      undefined,
    )
    expect(await userFor('late@example.org')).toBe(owner)
  })
})
