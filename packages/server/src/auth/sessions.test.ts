// Session lifetimes (issue 18 #9) against the real server and its database, the clock moved by
// the test: a session slides with use within a 30-day cap; sign out everywhere; an email change
// ends the user's other sessions; the wrapping-key rotation's routes (the frame's re-encryption
// with real keys is packages/frame/src/app/sessions.server.test.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AUTH_SESSION_IDLE_MS,
  AUTH_SESSION_MAX_AGE_MS,
  AUTH_SESSION_SLIDE_STEP_MS,
} from '../constants/auth.ts'
import { availableDatabases } from '../testing/databases.ts'
import { otpOf, useEmailLoginServer } from '../testing/emailLogin.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe.each(availableDatabases())('sessions on $name', (database) => {
  const t = useEmailLoginServer(database)
  const session = (token: string) => t.call('GET', '/auth/v1/session', { token })
  const expiresAt = async (token: string) => {
    const row = await t.service.server.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
    return row.expires_at.getTime()
  }

  /** Another session of the user of `email`, from its known device */
  async function signInAgain(email: string, deviceId: string) {
    t.pastCooldown()
    const { action, challengeId, otp } = await t.loginCode(email, deviceId)
    expect(action).toBe('VERIFY_OTP')
    const response = await t.verify(challengeId, otp)
    expect(response.status).toBe(200)
    return (response.body as { token: string }).token
  }

  it('slides a session 7 days past each use, writing its end at most once an hour', async () => {
    expect([AUTH_SESSION_IDLE_MS, AUTH_SESSION_SLIDE_STEP_MS]).toEqual([7 * DAY, HOUR])
    const { token } = await t.signUp('slide')
    const signedIn = t.clock.now
    expect(await expiresAt(token)).toBe(signedIn + 7 * DAY)
    // A use 30 minutes later would gain less than an hour: no write
    t.clock.now += 30 * 60_000
    expect((await session(token)).status).toBe(200)
    expect(await expiresAt(token)).toBe(signedIn + 7 * DAY)
    // Six days on, the use moves the end to seven days from now
    t.clock.now = signedIn + 6 * DAY
    expect((await session(token)).status).toBe(200)
    expect(await expiresAt(token)).toBe(signedIn + 13 * DAY)
    // Unused for seven days: over
    t.clock.now = signedIn + 13 * DAY
    expect((await session(token)).status).toBe(401)
  })

  it('ends a used session 30 days after its sign-in, however often it is used', async () => {
    expect(AUTH_SESSION_MAX_AGE_MS).toBe(30 * DAY)
    const { token } = await t.signUp('capped')
    const signedIn = t.clock.now
    for (let day = 5; day < 30; day += 5) {
      t.clock.now = signedIn + day * DAY
      expect((await session(token)).status).toBe(200)
    }
    expect(await expiresAt(token)).toBe(signedIn + 30 * DAY)
    t.clock.now = signedIn + 30 * DAY - 1
    expect((await session(token)).status).toBe(200)
    t.clock.now = signedIn + 30 * DAY
    expect((await session(token)).status).toBe(401)
  })

  it('signs out everywhere: every session of the user ends, this one included; other users keep theirs', async () => {
    const { email, deviceId, token } = await t.signUp('everywhere')
    const second = await signInAgain(email, deviceId)
    const other = await t.signUp('bystander')
    expect((await t.call('DELETE', '/auth/v1/sessions')).status).toBe(401)
    expect((await t.call('DELETE', '/auth/v1/sessions', { token: second })).status).toBe(204)
    expect((await session(token)).status).toBe(401)
    expect((await session(second)).status).toBe(401)
    expect((await t.call('DELETE', '/auth/v1/sessions', { token })).status).toBe(401)
    expect((await session(other.token)).status).toBe(200)
    // The account itself stays: the next sign-in is the same user
    const again = await signInAgain(email, deviceId)
    expect((await session(again)).body).toMatchObject({ user: { email } })
  })

  it('ends every other session of the user when an email change completes, and keeps the one that made it', async () => {
    const { email, deviceId, token } = await t.signUp('mover')
    const stale = await signInAgain(email, deviceId)
    const other = await t.signUp('neighbour')
    const target = t.newEmail('moved')
    t.pastCooldown()
    const started = await t.call('POST', '/auth/v1/email/change', {
      token,
      body: { email: target },
    })
    const primary = started.body as { challengeId: string }
    const confirmed = await t.call('POST', '/auth/v1/email/change/primary', {
      token,
      body: { challengeId: primary.challengeId, otp: otpOf(await t.mailTo(email)) },
    })
    const secondary = confirmed.body as { challengeId: string }
    // Midway nothing ends yet
    expect((await session(stale)).status).toBe(200)
    const done = await t.call('POST', '/auth/v1/email/change/secondary', {
      token,
      body: { challengeId: secondary.challengeId, otp: otpOf(await t.mailTo(target)) },
    })
    expect(done.status).toBe(200)
    expect((await session(token)).body).toMatchObject({ user: { email: target } })
    expect((await session(stale)).status).toBe(401)
    expect((await session(other.token)).status).toBe(200)
  })

  it('rotates the wrapping key in two steps, all or nothing; says rotationDue once the key is 90 days old', async () => {
    const { token } = await t.signUp('rotate')
    const wallet = async () =>
      (await t.call('GET', '/auth/v1/wallet', { token })).body as {
        wrappingKey: string
        wallets: { eip155?: { iv: string; ciphertext: string } }
        rotationDue?: boolean
      }
    const sealed = () => ({
      address: ADDRESS,
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(48).toString('base64'),
    })
    const blob = sealed()
    expect((await t.call('PUT', '/auth/v1/wallet', { token, body: blob })).status).toBe(201)
    const before = await wallet()
    expect(before.rotationDue).toBeUndefined()

    expect((await t.call('POST', '/auth/v1/wallet/rotation')).status).toBe(401)
    const started = await t.call('POST', '/auth/v1/wallet/rotation', { token })
    expect(started.status).toBe(201)
    const { rotationId, wrappingKey } = started.body as { rotationId: string; wrappingKey: string }
    expect(Buffer.from(wrappingKey, 'base64')).toHaveLength(32)
    expect(wrappingKey).not.toBe(before.wrappingKey)
    // Pending: nothing served changes
    expect(await wallet()).toEqual(before)

    const rotate = (body: unknown) => t.call('POST', '/auth/v1/wallet/rotate', { token, body })
    for (const bad of [
      {},
      { rotationId: 'x', wallets: [] },
      { rotationId, wallets: 'none' },
      { rotationId, wallets: [{ ...blob, iv: 'c2hvcnQ=' }] },
      { rotationId, wallets: [blob, blob] },
    ]) {
      const refused = await rotate(bad)
      expect(refused.status, JSON.stringify(bad)).toBe(400)
      expect((refused.body as { message: string }).message).toMatch(/^Invalid parameter '/)
    }
    expect(await rotate({ rotationId, wallets: [] })).toMatchObject({
      status: 409,
      body: { message: "The re-encrypted wallets are not this account's wallets. Start again." },
    })
    const expired = {
      status: 409,
      body: { message: 'This key rotation has expired or was replaced. Start again.' },
    }
    expect(await rotate({ rotationId: randomUUID(), wallets: [blob] })).toMatchObject(expired)
    expect(await wallet()).toEqual(before)

    const resealed = sealed()
    expect((await rotate({ rotationId, wallets: [resealed] })).status).toBe(204)
    const after = await wallet()
    expect(after.wrappingKey).toBe(wrappingKey)
    expect(after.wallets.eip155).toMatchObject({ iv: resealed.iv, ciphertext: resealed.ciphertext })
    expect(await rotate({ rotationId, wallets: [resealed] })).toMatchObject(expired)

    const userId = (
      await t.service.server.db
        .selectFrom('auth_sessions')
        .select('user_id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow()
    ).user_id
    await t.service.server.db
      .updateTable('auth_wrapping_keys')
      .set({ created_at: new Date(t.clock.now - 90 * DAY) })
      .where('user_id', '=', userId)
      .execute()
    expect((await wallet()).rotationDue).toBe(true)
  })

  it("a wallet read during a rotation's commit gets the old key and wallets or the new ones, never a mix", async () => {
    const { token } = await t.signUp('rotate-read')
    const sealed = () => ({
      address: ADDRESS,
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(48).toString('base64'),
    })
    const first = sealed()
    expect((await t.call('PUT', '/auth/v1/wallet', { token, body: first })).status).toBe(201)
    /** Which wallet each key was given with */
    const sealedUnder = new Map<string, string>()
    sealedUnder.set(
      ((await t.call('GET', '/auth/v1/wallet', { token })).body as { wrappingKey: string })
        .wrappingKey,
      first.ciphertext,
    )
    for (let round = 0; round < 8; round++) {
      const started = await t.call('POST', '/auth/v1/wallet/rotation', { token })
      const { rotationId, wrappingKey } = started.body as {
        rotationId: string
        wrappingKey: string
      }
      const next = sealed()
      sealedUnder.set(wrappingKey, next.ciphertext)
      const [, ...reads] = await Promise.all([
        t.call('POST', '/auth/v1/wallet/rotate', { token, body: { rotationId, wallets: [next] } }),
        ...Array.from({ length: 6 }, () => t.call('GET', '/auth/v1/wallet', { token })),
      ])
      for (const read of reads) {
        const body = read.body as {
          wrappingKey: string
          wallets: { eip155: { ciphertext: string } }
        }
        expect(body.wallets.eip155.ciphertext).toBe(sealedUnder.get(body.wrappingKey))
      }
    }
  })
})
