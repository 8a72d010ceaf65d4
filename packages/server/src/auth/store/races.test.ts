// The auth store's races, straight against the database (PGlite, and PostgreSQL when available).
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../../constants.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { useStoreDatabase } from '../../testing/storeDatabase.ts'
import { createChallenge } from './challenges.ts'
import { claimCooldown } from './cooldowns.ts'
import { newOtp } from './hashing.ts'
import { completeLogin, completeSocialLogin } from './sessions.ts'
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
  // Only PostgreSQL runs two transactions at once (PGlite has one connection): the sign-in's
  // insert waits on the other's uncommitted identity, then finds it taken.
  it.runIf(database.name === 'postgres')(
    'a social sign-in racing the first one of the same account joins the user that one created',
    async () => {
      const account = {
        projectId: DEMO_PROJECT_ID,
        provider: 'google' as const,
        sub: `race-${randomUUID()}`,
        email: null,
        userName: null,
      }
      const firstUser = randomUUID()
      let racing: Promise<{ userId: string }> | undefined
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .insertInto('auth_users')
            .values({
              id: firstUser,
              project_id: account.projectId,
              email: null,
              chain_id: JSON.stringify(null),
              preferred_account_type: 'eoa',
              user_name: null,
              created_at: at,
            })
            .execute()
          await tx
            .insertInto('auth_social_identities')
            .values({
              project_id: account.projectId,
              provider: account.provider,
              sub: account.sub,
              user_id: firstUser,
              email: null,
              user_name: null,
              created_at: at,
              updated_at: at,
            })
            .execute()
          racing = completeSocialLogin(db(), account, at)
          await waitForALockWait()
        })
      const login = await racing
      expect(login?.userId).toBe(firstUser)
      const users = await db()
        .selectFrom('auth_social_identities')
        .select('user_id')
        .where('sub', '=', account.sub)
        .execute()
      expect(users).toEqual([{ user_id: firstUser }])
    },
  )

  /** Resolves once some backend of this database waits for a lock (the racing insert). */
  async function waitForALockWait() {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db())
      if ((rows[0]?.waiting ?? 0) > 0) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
})
