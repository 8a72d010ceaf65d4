// @vitest-environment jsdom
// The order of the sign-in and email-change steps: a step out of turn is refused, and signing
// out or in again forgets what was pending. The whole frame (harness) against the auth API's
// contract (testing/fakeAuthServer.ts).
import { describe, expect, it } from 'vitest'
import { NO_EMAIL_CHANGE_PENDING, NO_LOGIN_PENDING, SOMETHING_WENT_WRONG } from '../errors.ts'
import { createHarness, failure, ok, signedInFrame } from '../testing/harness.ts'

const EMAIL = 'visitor@example.com'
const messages = (h: { log: { entries(): { message: string }[] } }) =>
  h.log.entries().map((entry) => entry.message)

describe('APP_CONNECT_EMAIL with a session already', () => {
  it('the same address (any case or spacing): CONNECT, without a new sign-in', async () => {
    const { h } = await signedInFrame()
    const before = h.server.calls.filter((c) => c === 'POST /auth/v1/email').length
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: `  ${EMAIL.toUpperCase()} ` }))).toEqual({
      action: 'CONNECT',
    })
    expect(h.server.calls.filter((c) => c === 'POST /auth/v1/email')).toHaveLength(before)
  })

  it('another address: a new sign-in for it', async () => {
    const { h } = await signedInFrame()
    const answer = ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))
    expect(answer.action).toMatch(/^VERIFY_(OTP|DEVICE)$/)
    expect(h.server.calls.at(-1)).toBe('POST /auth/v1/email')
  })

  it('a session the server no longer knows: logged, and a new sign-in', async () => {
    const { h } = await signedInFrame()
    h.server.revokeSessions()
    h.server.now += 60_000
    const answer = ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    expect(answer.action).toMatch(/^VERIFY_(OTP|DEVICE)$/)
    expect(messages(h)).toContain('the stored session is not usable; signing in again')
  })
})

describe('signing out', () => {
  it('forgets a sign-in waiting for its code; with no session, the server is not asked', async () => {
    const h = await createHarness()
    ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(h.server.calls).not.toContain('DELETE /auth/v1/session')
    // An error without a code carries no `code` key at all (not even an undefined one).
    expect(
      failure(await h.send('APP_CONNECT_OTP', { otp: h.server.lastOtp(EMAIL) })),
    ).toStrictEqual({
      message: NO_LOGIN_PENDING,
    })
  })

  it('forgets an email change waiting for its code; a server that does not answer is only logged', async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_UPDATE_EMAIL', { email: 'new@example.com' }))
    h.server.down = true
    expect(ok(await h.send('APP_SIGN_OUT', {}))).toEqual({})
    expect(messages(h)).toContain('the server did not end the session')
    h.server.down = false
    expect(failure(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' }))).toEqual({
      message: NO_EMAIL_CHANGE_PENDING,
    })
  })
})

describe('email change steps out of turn', () => {
  it('a second code before the first, or a first code twice, is refused', async () => {
    const { h } = await signedInFrame()
    expect(failure(await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' }))).toEqual({
      message: NO_EMAIL_CHANGE_PENDING,
    })
    ok(await h.send('APP_UPDATE_EMAIL', { email: 'new@example.com' }))
    expect(failure(await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' }))).toEqual({
      message: NO_EMAIL_CHANGE_PENDING,
    })
    ok(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: h.server.lastOtp(EMAIL) }))
    expect(failure(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' }))).toEqual({
      message: NO_EMAIL_CHANGE_PENDING,
    })
    expect(
      ok(
        await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', {
          otp: h.server.lastOtp('new@example.com'),
        }),
      ),
    ).toEqual({ email: 'new@example.com' })
    // Done: nothing is pending any more.
    expect(failure(await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' }))).toEqual({
      message: NO_EMAIL_CHANGE_PENDING,
    })
  })
})

describe('APP_UPDATE_EMAIL_SECONDARY_OTP', () => {
  it("a server answer without the new email is 'Something went wrong', not an empty email", async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_UPDATE_EMAIL', { email: 'new@example.com' }))
    ok(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: h.server.lastOtp(EMAIL) }))
    const user = h.server.userByEmail(EMAIL)
    if (!user) throw new Error('no user')
    const withoutEmail = {
      email: null,
      address: user.address,
      chainId: user.chainId,
      accounts: [{ address: user.address, type: 'EOA', namespace: 'eip155' }],
      solanaAddress: user.solanaAddress,
      userName: user.userName,
      socialProvider: user.socialProvider,
      preferredAccountType: user.preferredAccountType,
      smartAccountDeployed: false,
    }
    h.server.failNext.set('POST /auth/v1/email/change/secondary', {
      status: 200,
      body: { user: withoutEmail },
    })
    const otp = h.server.lastOtp('new@example.com')
    expect(failure(await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp }))).toEqual({
      message: SOMETHING_WENT_WRONG,
    })
  })
})

describe('APP_IS_CONNECTED', () => {
  it('signed in: the server ends the session on sign-out, and the frame is no longer connected', async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(h.server.calls).toContain('DELETE /auth/v1/session')
    const before = h.server.calls.length
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    // Without a session there is nothing to ask the server, and nothing failed.
    expect(h.server.calls).toHaveLength(before)
    expect(messages(h)).not.toContain('not connected')
  })

  it('a session whose server check fails is not connected (logged)', async () => {
    const { h } = await signedInFrame()
    h.server.down = true
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    expect(messages(h)).toContain('not connected')
  })
})

describe("this browser's device id", () => {
  it('is kept across sign-outs: signing in again on this device needs no device approval', async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_SIGN_OUT', {}))
    h.server.now += 60_000 // past the 30 s cooldown between two codes
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('a stored id that is not one of ours is replaced, and the new one kept', async () => {
    const h = await createHarness()
    const key = [...h.storage.map.keys()].find((k) => k.includes('device'))
    expect(key).toBeUndefined()
    ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    const [deviceKey] = [...h.storage.map.keys()].filter((k) => k.includes('device'))
    const first = h.storage.map.get(deviceKey ?? '')
    expect(first).toMatch(/^[A-Za-z0-9_-]{22,64}$/)
    // With no session stored, none was tried.
    expect(messages(h)).not.toContain('the stored session is not usable; signing in again')
    h.storage.map.set(deviceKey ?? '', 'not a device id!')
    ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))
    const second = h.storage.map.get(deviceKey ?? '')
    expect(second).toMatch(/^[A-Za-z0-9_-]{22,64}$/)
    expect(second).not.toBe(first)
  })
})
