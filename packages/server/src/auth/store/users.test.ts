// The auth store's users, logins, sessions, keys and wallets, straight against the database
// (PGlite, and PostgreSQL when available).
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AUTH_SESSION_IDLE_MS,
  AUTH_SESSION_MAX_AGE_MS,
  AUTH_SESSION_SLIDE_STEP_MS,
} from '../../constants/auth.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { useStoreDatabase } from '../../testing/storeDatabase.ts'
import { createChallenge } from './challenges.ts'
import { sha256 } from './hashing.ts'
import { completeLogin, completeSocialLogin, deleteSession, sessionUser } from './sessions.ts'
import { changeEmail, emailTaken, findUser, updateUser } from './users.ts'
import { findWallets, insertWallet, keyAndWallets, wrappingKey } from './wallets.ts'

const at = new Date('2030-01-01T00:00:00.000Z')
const after = (ms: number) => new Date(at.getTime() + ms)
const wallet = (address: string) => ({ address, iv: 'iv-1', ciphertext: 'ciphertext-1' })

describe.each(availableDatabases())('auth store users on $name', (database) => {
  const opened = useStoreDatabase(database)
  const db = () => opened().db
  const project = () => `project-${randomUUID()}`

  /** An email login's challenge (approved from the mail unless said otherwise) */
  async function loginChallenge(
    projectId: string,
    email: string,
    fields: { approved?: boolean; deviceHash?: string; userId?: string } = {},
  ) {
    const id = await createChallenge(
      db(),
      {
        projectId,
        kind: 'login',
        email,
        userId: fields.userId ?? null,
        deviceHash: fields.deviceHash ?? null,
        expiresAt: after(60_000),
      },
      at,
    )
    return db()
      .updateTable('auth_challenges')
      .set({ approved_at: fields.approved === false ? null : at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async function emailUser(projectId = project(), email = 'a@example.org') {
    const login = await completeLogin(db(), await loginChallenge(projectId, email), at)
    if (!login) throw new Error('login refused')
    return { ...login, projectId, email }
  }

  describe('email logins', () => {
    it('a new email: the user is made (eoa, no chain, no name) with a session and its device', async () => {
      const projectId = project()
      const login = await completeLogin(
        db(),
        await loginChallenge(projectId, 'new@example.org', { deviceHash: 'device-1' }),
        at,
      )
      if (!login) throw new Error('login refused')
      expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const user = await findUser(db(), { projectId, email: 'new@example.org' })
      expect(user).toEqual({
        row: expect.objectContaining({
          id: login.userId,
          project_id: projectId,
          email: 'new@example.org',
          chain_id: null,
          preferred_account_type: 'eoa',
          user_name: null,
          created_at: at,
        }),
        address: null,
        solanaAddress: null,
        social: null,
      })
      const devices = await db()
        .selectFrom('auth_devices')
        .selectAll()
        .where('user_id', '=', login.userId)
        .execute()
      expect(devices).toEqual([
        expect.objectContaining({ device_hash: 'device-1', approved_at: at }),
      ])
      const sessions = await db()
        .selectFrom('auth_sessions')
        .selectAll()
        .where('user_id', '=', login.userId)
        .execute()
      expect(sessions).toEqual([
        expect.objectContaining({
          token_hash: sha256(login.token),
          created_at: at,
          expires_at: after(AUTH_SESSION_IDLE_MS),
        }),
      ])
    })

    it("a challenge naming the user logs that user in; a known device isn't added twice", async () => {
      const first = await emailUser()
      const again = await completeLogin(
        db(),
        await loginChallenge(first.projectId, first.email, {
          userId: first.userId,
          approved: false,
          deviceHash: 'device-2',
        }),
        at,
      )
      expect(again?.userId).toBe(first.userId)
      expect(again?.token).not.toBe(first.token)
      await completeLogin(
        db(),
        await loginChallenge(first.projectId, first.email, { deviceHash: 'device-2' }),
        at,
      )
      const devices = await db()
        .selectFrom('auth_devices')
        .select('device_hash')
        .where('user_id', '=', first.userId)
        .execute()
      expect(devices).toEqual([{ device_hash: 'device-2' }])
    })

    it('a challenge naming its user logs that user in, even after the address changed', async () => {
      const first = await emailUser()
      const pending = await loginChallenge(first.projectId, first.email, { userId: first.userId })
      expect(await changeEmail(db(), first.userId, 'moved@example.org')).toBe(true)
      const login = await completeLogin(db(), pending, at)
      expect(login?.userId).toBe(first.userId)
      expect(await findUser(db(), { projectId: first.projectId, email: first.email })).toBe(
        undefined,
      )
    })

    it('the same email in another project is another user', async () => {
      const a = await emailUser(project(), 'same@example.org')
      const b = await emailUser(project(), 'same@example.org')
      expect(a.userId).not.toBe(b.userId)
    })
  })

  describe('social logins', () => {
    const account = (projectId: string, sub: string) => ({
      projectId,
      provider: 'github' as const,
      sub,
      email: 'octo@example.org',
      userName: 'octo',
    })

    it('a new account makes a user without email; the identity keeps email and name', async () => {
      const projectId = project()
      const { userId, token } = await completeSocialLogin(db(), account(projectId, 's1'), at)
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const user = await findUser(db(), { id: userId })
      expect(user?.row).toMatchObject({ project_id: projectId, email: null, user_name: null })
      expect(user?.social).toEqual({
        provider: 'github',
        email: 'octo@example.org',
        userName: 'octo',
      })
    })

    it('the same account again is the same user, its email and name refreshed', async () => {
      const projectId = project()
      const first = await completeSocialLogin(db(), account(projectId, 's2'), at)
      const second = await completeSocialLogin(
        db(),
        { ...account(projectId, 's2'), email: null, userName: 'octocat' },
        after(1000),
      )
      expect(second.userId).toBe(first.userId)
      expect((await findUser(db(), { id: first.userId }))?.social).toEqual({
        provider: 'github',
        email: null,
        userName: 'octocat',
      })
      const other = await completeSocialLogin(db(), account(projectId, 's3'), at)
      expect(other.userId).not.toBe(first.userId)
      const otherProject = await completeSocialLogin(db(), account(project(), 's2'), at)
      expect(otherProject.userId).not.toBe(first.userId)
      const otherProvider = await completeSocialLogin(
        db(),
        { ...account(projectId, 's2'), provider: 'google' },
        at,
      )
      expect(otherProvider.userId).not.toBe(first.userId)
    })

    it('racing first sign-ins of one account end as one user', async () => {
      const projectId = project()
      const logins = await Promise.all(
        Array.from({ length: 4 }, () => completeSocialLogin(db(), account(projectId, 's4'), at)),
      )
      expect(new Set(logins.map((l) => l.userId)).size).toBe(1)
      const users = await db()
        .selectFrom('auth_users')
        .select('id')
        .where('project_id', '=', projectId)
        .execute()
      expect(users).toHaveLength(1)
    })
  })

  describe('users', () => {
    it('updateUser sets only what it is given', async () => {
      const { userId } = await emailUser()
      await updateUser(db(), userId, {})
      await updateUser(db(), userId, { chainId: 31337 })
      await updateUser(db(), userId, { userName: 'alice' })
      await updateUser(db(), userId, { preferredAccountType: 'smartAccount' })
      expect((await findUser(db(), { id: userId }))?.row).toMatchObject({
        chain_id: 31337,
        user_name: 'alice',
        preferred_account_type: 'smartAccount',
      })
      await updateUser(db(), userId, { chainId: 'solana:abc', userName: null })
      expect((await findUser(db(), { id: userId }))?.row).toMatchObject({
        chain_id: 'solana:abc',
        user_name: null,
        preferred_account_type: 'smartAccount',
      })
    })

    it('emailTaken: another user of the project has it; the user itself does not count', async () => {
      const a = await emailUser(project(), 'taken@example.org')
      const b = await emailUser(a.projectId, 'b@example.org')
      expect(await emailTaken(db(), a.projectId, 'taken@example.org', b.userId)).toBe(true)
      expect(await emailTaken(db(), a.projectId, 'taken@example.org', a.userId)).toBe(false)
      expect(await emailTaken(db(), project(), 'taken@example.org', b.userId)).toBe(false)
    })

    it('findUser by id or by (project, email); unknown ones are undefined', async () => {
      const { userId, projectId, email } = await emailUser()
      expect((await findUser(db(), { id: userId }))?.row.email).toBe(email)
      expect((await findUser(db(), { projectId, email }))?.row.id).toBe(userId)
      expect(await findUser(db(), { id: randomUUID() })).toBeUndefined()
      expect(await findUser(db(), { projectId: project(), email })).toBeUndefined()
      expect(await findUser(db(), { projectId, email: 'nobody@example.org' })).toBeUndefined()
    })

    it('changeEmail fails only on a taken address; other errors are thrown', async () => {
      const a = await emailUser(project(), 'x@example.org')
      const b = await emailUser(a.projectId, 'y@example.org')
      expect(await changeEmail(db(), b.userId, 'x@example.org')).toBe(false)
      expect(await changeEmail(db(), b.userId, 'z@example.org')).toBe(true)
      // A NUL byte is no text to PostgreSQL: that error is not a taken address.
      await expect(changeEmail(db(), b.userId, 'nul\u0000@example.org')).rejects.toThrow()
    })
  })

  describe('sessions', () => {
    it("a live token gives its user (with wallets' addresses); another project's or an ended one, nothing", async () => {
      const { userId, token, projectId } = await emailUser()
      await insertWallet(db(), userId, 'eip155', wallet('0xabc'), at)
      await insertWallet(db(), userId, 'solana', wallet('So1'), at)
      const user = await sessionUser(db(), projectId, token, after(1000))
      expect(user).toMatchObject({ row: { id: userId }, address: '0xabc', solanaAddress: 'So1' })
      expect(await sessionUser(db(), project(), token, after(1000))).toBeUndefined()
      expect(await sessionUser(db(), projectId, 'not-a-token', after(1000))).toBeUndefined()
      expect(await sessionUser(db(), projectId, token, after(AUTH_SESSION_IDLE_MS))).toBeUndefined()
      await deleteSession(db(), token)
      expect(await sessionUser(db(), projectId, token, after(1000))).toBeUndefined()
    })

    it('a use slides the end (by at least a step), never past 30 days after the sign-in', async () => {
      const { token, projectId } = await emailUser()
      const end = async () =>
        (
          await db()
            .selectFrom('auth_sessions')
            .select('expires_at')
            .where('token_hash', '=', sha256(token))
            .executeTakeFirstOrThrow()
        ).expires_at
      await sessionUser(db(), projectId, token, after(AUTH_SESSION_SLIDE_STEP_MS - 1))
      expect(await end()).toEqual(after(AUTH_SESSION_IDLE_MS))
      await sessionUser(db(), projectId, token, after(AUTH_SESSION_SLIDE_STEP_MS))
      expect(await end()).toEqual(after(AUTH_SESSION_SLIDE_STEP_MS + AUTH_SESSION_IDLE_MS))
      // Used every 6 days: alive until the cap, then over.
      let now = 0
      while (now + 6 * 86_400_000 < AUTH_SESSION_MAX_AGE_MS) {
        now += 6 * 86_400_000
        expect(await sessionUser(db(), projectId, token, after(now))).toBeDefined()
      }
      expect(await end()).toEqual(after(AUTH_SESSION_MAX_AGE_MS))
      expect(await sessionUser(db(), projectId, token, after(AUTH_SESSION_MAX_AGE_MS))).toBe(
        undefined,
      )
    })

    it('a new session sweeps the ended ones', async () => {
      const { userId, token } = await emailUser()
      await completeSocialLogin(
        db(),
        { projectId: 'p', provider: 'github', sub: randomUUID(), email: null, userName: null },
        after(AUTH_SESSION_IDLE_MS),
      )
      const left = await db()
        .selectFrom('auth_sessions')
        .select('token_hash')
        .where('user_id', '=', userId)
        .execute()
      expect(left).toEqual([])
      expect(token).toBeDefined()
    })
  })

  describe('keys and wallets', () => {
    it('a wrapping key is made once per user: 32 random bytes, base64', async () => {
      const a = await emailUser()
      const b = await emailUser()
      const key = await wrappingKey(db(), a.userId, at)
      expect(Buffer.from(key, 'base64')).toHaveLength(32)
      expect(await wrappingKey(db(), a.userId, after(1000))).toBe(key)
      expect(await wrappingKey(db(), b.userId, at)).not.toBe(key)
    })

    it('a wallet per namespace, never replaced; read back with the key', async () => {
      const { userId } = await emailUser()
      expect(await findWallets(db(), userId)).toEqual({})
      expect(await insertWallet(db(), userId, 'solana', wallet('So1'), at)).toBe(true)
      expect(await insertWallet(db(), userId, 'eip155', wallet('0xabc'), at)).toBe(true)
      expect(await insertWallet(db(), userId, 'eip155', wallet('0xother'), at)).toBe(false)
      const both = { eip155: wallet('0xabc'), solana: wallet('So1') }
      expect(await findWallets(db(), userId)).toEqual(both)
      const read = await keyAndWallets(db(), userId, at)
      expect(read).toEqual({ wrappingKey: await wrappingKey(db(), userId, at), wallets: both })
      const other = await emailUser()
      expect((await keyAndWallets(db(), other.userId, at)).wallets).toEqual({})
    })
  })
})
