// The auth store's cooldowns, challenges and codes, straight against the database (PGlite, and
// PostgreSQL when available).
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  AUTH_EMAIL_COOLDOWN_MS,
  AUTH_OTP_DIGITS,
  AUTH_OTP_MAX_ATTEMPTS,
} from '../../constants/auth.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { useStoreDatabase } from '../../testing/storeDatabase.ts'
import { createChallenge, deleteChallenge, releaseChallenge, verifyOtp } from './challenges.ts'
import { claimCooldown, releaseCooldown } from './cooldowns.ts'
import { newOtp, randomToken, sha256 } from './hashing.ts'
import { completeSocialLogin } from './sessions.ts'

const at = new Date('2030-01-01T00:00:00.000Z')
const after = (ms: number) => new Date(at.getTime() + ms)
const HOUR = 60 * 60_000

describe('hashes, codes and tokens', () => {
  it('sha256 is the hex digest', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('a code has AUTH_OTP_DIGITS digits (leading zeros kept) and a salted hash of it', () => {
    const codes = Array.from({ length: 200 }, newOtp)
    for (const { otp, salt, hash } of codes) {
      expect(otp).toMatch(new RegExp(`^\\d{${AUTH_OTP_DIGITS}}$`))
      expect(salt).toMatch(/^[0-9a-f]{32}$/)
      expect(hash).toBe(sha256(salt + otp))
    }
    expect(new Set(codes.map((c) => c.salt)).size).toBe(200)
    expect(new Set(codes.map((c) => c.otp)).size).toBeGreaterThan(150)
  })

  it('a token is 32 random bytes, base64url', () => {
    const token = randomToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(randomToken()).not.toBe(token)
  })
})

describe.each(availableDatabases())('auth store challenges on $name', (database) => {
  const opened = useStoreDatabase(database)
  const db = () => opened().db
  const project = () => `project-${randomUUID()}`

  describe('cooldown', () => {
    it('refuses a second claim within 30 s with the whole seconds left, then allows it', async () => {
      const key = { projectId: project(), email: 'a@example.org', kind: 'login' as const }
      expect(await claimCooldown(db(), key, at)).toEqual({ ok: true })
      expect(await claimCooldown(db(), key, after(1))).toEqual({ ok: false, retryAfter: 30 })
      expect(await claimCooldown(db(), key, after(10_500))).toEqual({
        ok: false,
        retryAfter: 20,
      })
      expect(await claimCooldown(db(), key, after(AUTH_EMAIL_COOLDOWN_MS - 1))).toEqual({
        ok: false,
        retryAfter: 1,
      })
      expect(await claimCooldown(db(), key, after(AUTH_EMAIL_COOLDOWN_MS))).toEqual({ ok: true })
    })

    it('is per project, per email and per kind', async () => {
      const projectId = project()
      const key = { projectId, email: 'a@example.org', kind: 'login' as const }
      await claimCooldown(db(), key, at)
      expect(await claimCooldown(db(), { ...key, kind: 'change' }, at)).toEqual({
        ok: true,
      })
      expect(await claimCooldown(db(), { ...key, email: 'b@example.org' }, at)).toEqual({
        ok: true,
      })
      expect(await claimCooldown(db(), { ...key, projectId: project() }, at)).toEqual({
        ok: true,
      })
    })

    it('a released claim (the mail failed) lets the next one through; another claim stays', async () => {
      const key = { projectId: project(), email: 'a@example.org', kind: 'login' as const }
      await claimCooldown(db(), key, at)
      await releaseCooldown(db(), key, after(5))
      expect((await claimCooldown(db(), key, after(1))).ok).toBe(false)
      await releaseCooldown(db(), { ...key, kind: 'change' }, at)
      await releaseCooldown(db(), { ...key, email: 'other@example.org' }, at)
      await releaseCooldown(db(), { ...key, projectId: project() }, at)
      expect((await claimCooldown(db(), key, after(1))).ok).toBe(false)
      await releaseCooldown(db(), key, at)
      expect(await claimCooldown(db(), key, after(1))).toEqual({ ok: true })
    })
  })

  describe('challenges', () => {
    async function challenge(fields: Partial<Parameters<typeof createChallenge>[1]> = {}) {
      const otp = newOtp()
      const projectId = fields.projectId ?? project()
      const id = await createChallenge(
        db(),
        {
          projectId,
          kind: 'login',
          email: 'a@example.org',
          otp,
          expiresAt: after(10 * 60_000),
          ...fields,
        },
        at,
      )
      return { id, otp: otp.otp, projectId }
    }

    const row = (id: string) =>
      db().selectFrom('auth_challenges').selectAll().where('id', '=', id).executeTakeFirst()

    it('stores every field given, and nothing but the hash of the code', async () => {
      const otp = newOtp()
      const { userId } = await completeSocialLogin(
        db(),
        { projectId: 'p1', provider: 'github', sub: randomUUID(), email: null, userName: null },
        at,
      )
      const id = await createChallenge(
        db(),
        {
          projectId: 'p1',
          kind: 'change_primary',
          email: 'old@example.org',
          userId,
          deviceHash: 'device-hash',
          newEmail: 'new@example.org',
          approvalTokenHash: 'token-hash',
          otp,
          expiresAt: after(60_000),
          requestDevice: 'Firefox on Linux',
          requestIp: '192.0.2.1',
        },
        at,
      )
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(await row(id)).toMatchObject({
        project_id: 'p1',
        kind: 'change_primary',
        email: 'old@example.org',
        user_id: userId,
        device_hash: 'device-hash',
        new_email: 'new@example.org',
        approval_token_hash: 'token-hash',
        approved_at: null,
        otp_salt: otp.salt,
        otp_hash: otp.hash,
        created_at: at,
        expires_at: after(60_000),
        used_at: null,
        attempts: 0,
        request_device: 'Firefox on Linux',
        request_ip: '192.0.2.1',
      })
      expect(JSON.stringify(await row(id))).not.toContain(`"${otp.otp}"`)
    })

    it('without a code or the optional fields, they are null', async () => {
      const id = await createChallenge(
        db(),
        { projectId: 'p1', kind: 'login', email: 'a@example.org', expiresAt: after(1) },
        at,
      )
      expect(await row(id)).toMatchObject({
        user_id: null,
        device_hash: null,
        new_email: null,
        approval_token_hash: null,
        otp_salt: null,
        otp_hash: null,
        request_device: null,
        request_ip: null,
      })
    })

    it('sweeps challenges that expired over an hour ago; keeps younger ones', async () => {
      const old = await challenge({ expiresAt: after(-HOUR - 1) })
      const recent = await challenge({ expiresAt: after(-HOUR + 1000) })
      await challenge()
      expect(await row(old.id)).toBeUndefined()
      expect(await row(recent.id)).toBeDefined()
      await deleteChallenge(db(), recent.id)
      expect(await row(recent.id)).toBeUndefined()
    })

    it('the right code uses the challenge up, once', async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      const ok = await verifyOtp(db(), where, otp, at)
      expect(ok).toMatchObject({ status: 'ok', challenge: { id, used_at: at, attempts: 1 } })
      expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'expired' })
    })

    it('wrong codes count down; the last one locks it, and then even the right code is refused', async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      const wrong = otp === '000000' ? '000001' : '000000'
      for (let left = AUTH_OTP_MAX_ATTEMPTS - 1; left > 0; left--) {
        expect(await verifyOtp(db(), where, wrong, at)).toEqual({
          status: 'wrong',
          attemptsLeft: left,
        })
      }
      expect(await verifyOtp(db(), where, wrong, at)).toEqual({ status: 'locked', counted: true })
      expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'locked' })
    })

    it('an expired challenge, or one of another project, kind or user, is expired to the caller', async () => {
      const { id, otp, projectId } = await challenge({ userId: null })
      const where = { projectId, id, kind: 'login' as const }
      expect(await verifyOtp(db(), where, otp, after(10 * 60_000))).toEqual({ status: 'expired' })
      expect(await verifyOtp(db(), { ...where, projectId: 'other' }, otp, at)).toEqual({
        status: 'expired',
      })
      expect(await verifyOtp(db(), { ...where, kind: 'change_primary' }, otp, at)).toEqual({
        status: 'expired',
      })
      expect(await verifyOtp(db(), { ...where, userId: randomUUID() }, otp, at)).toEqual({
        status: 'expired',
      })
      expect(await verifyOtp(db(), { ...where, id: randomUUID() }, otp, at)).toEqual({
        status: 'expired',
      })
      // None of those took an attempt: the right code still works.
      expect((await verifyOtp(db(), where, otp, at)).status).toBe('ok')
    })

    it("a locked challenge of another user, kind or project is not 'locked' to the caller", async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      const wrong = otp === '111111' ? '111112' : '111111'
      for (let i = 0; i < AUTH_OTP_MAX_ATTEMPTS; i++) await verifyOtp(db(), where, wrong, at)
      expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'locked' })
      expect(await verifyOtp(db(), { ...where, projectId: 'other' }, otp, at)).toEqual({
        status: 'expired',
      })
      expect(await verifyOtp(db(), { ...where, kind: 'change_primary' }, otp, at)).toEqual({
        status: 'expired',
      })
      expect(await verifyOtp(db(), { ...where, userId: randomUUID() }, otp, at)).toEqual({
        status: 'expired',
      })
    })

    it('a challenge bound to a user is checked with that user', async () => {
      const projectId = project()
      const { userId } = await completeSocialLogin(
        db(),
        { projectId, provider: 'github', sub: randomUUID(), email: null, userName: null },
        at,
      )
      const { id, otp } = await challenge({ projectId, kind: 'change_primary', userId })
      expect(
        (await verifyOtp(db(), { projectId, id, kind: 'change_primary', userId }, otp, at)).status,
      ).toBe('ok')
    })

    it('a challenge locked for its user is locked to that user', async () => {
      const projectId = project()
      const { userId } = await completeSocialLogin(
        db(),
        { projectId, provider: 'github', sub: randomUUID(), email: null, userName: null },
        at,
      )
      const { id, otp } = await challenge({ projectId, kind: 'change_primary', userId })
      const where = { projectId, id, kind: 'change_primary' as const, userId }
      const wrong = otp === '222222' ? '222223' : '222222'
      for (let i = 0; i < AUTH_OTP_MAX_ATTEMPTS; i++) await verifyOtp(db(), where, wrong, at)
      expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'locked' })
    })

    it('a code right at the last attempt signs in; after that the challenge is used, not locked', async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      const wrong = otp === '333333' ? '333334' : '333333'
      for (let i = 1; i < AUTH_OTP_MAX_ATTEMPTS; i++) await verifyOtp(db(), where, wrong, at)
      expect((await verifyOtp(db(), where, otp, at)).status).toBe('ok')
      expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'expired' })
    })

    it('a challenge without a code (device approval) never verifies', async () => {
      const id = await createChallenge(
        db(),
        { projectId: 'p2', kind: 'login', email: 'a@example.org', expiresAt: after(60_000) },
        at,
      )
      expect(await verifyOtp(db(), { projectId: 'p2', id, kind: 'login' }, '123456', at)).toEqual({
        status: 'expired',
      })
    })

    it('a released challenge (the next mail failed) can be verified again', async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      await verifyOtp(db(), where, otp, at)
      await releaseChallenge(db(), id)
      expect((await verifyOtp(db(), where, otp, at)).status).toBe('ok')
    })

    it('a right code whose challenge another request used after the code was checked: expired', async () => {
      const { id, otp, projectId } = await challenge()
      // The other request's use, landing between this one's code check and its own use: the
      // database marks the challenge used as the check counts the attempt.
      await sql`create function lk_used_meanwhile() returns trigger language plpgsql as $$
        begin new.used_at := now(); return new; end $$`.execute(db())
      await sql`create trigger lk_used_meanwhile before update of attempts on auth_challenges
        for each row when (old.id = ${sql.lit(id)}) execute function lk_used_meanwhile()`.execute(
        db(),
      )
      try {
        const where = { projectId, id, kind: 'login' as const }
        expect(await verifyOtp(db(), where, otp, at)).toEqual({ status: 'expired' })
      } finally {
        await sql`drop trigger lk_used_meanwhile on auth_challenges`.execute(db())
        await sql`drop function lk_used_meanwhile`.execute(db())
      }
    })

    it('racing right codes: exactly one uses the challenge', async () => {
      const { id, otp, projectId } = await challenge()
      const where = { projectId, id, kind: 'login' as const }
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () => verifyOtp(db(), where, otp, at)),
      )
      expect(outcomes.filter((o) => o.status === 'ok')).toHaveLength(1)
      expect(outcomes.filter((o) => o.status !== 'ok')).toEqual(
        Array(3).fill({ status: 'expired' }),
      )
    })
  })
})
