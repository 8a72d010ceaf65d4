// The per-email budget of wrong login codes (issue 18 item 6) against the real server, its mails
// going over SMTP to the devnet's capture: 10 wrong codes in an hour or 20 in a day lock the
// email's login until the window ends, with one notice mail; racing guesses cannot overdraw it.
import { describe, expect, it } from 'vitest'
import { AUTH_OTP_FAILURES_PER_DAY, AUTH_OTP_FAILURES_PER_HOUR } from '../constants/auth.ts'
import { availableDatabases } from '../testing/databases.ts'
import {
  approvalLinkOf,
  approveByLink,
  newDeviceId,
  otpOf,
  useEmailLoginServer,
} from '../testing/emailLogin.ts'
import { formatRequestTime } from './requestInfo.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const lockedBody = (retryAfter: number) => ({
  message: `Too many wrong codes for this email. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
  retryAfter,
})

describe.each(availableDatabases())('the wrong-code budget of an email on $name', (database) => {
  const t = useEmailLoginServer(database)
  const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000')

  /** `count` wrong codes (at most 5) on a new code of the known device: the last answer */
  async function wrongCodes(email: string, deviceId: string, count: number) {
    t.pastCooldown()
    const { challengeId, otp } = await t.loginCode(email, deviceId)
    let last: Awaited<ReturnType<typeof t.verify>> | undefined
    for (let i = 0; i < count; i++) last = await t.verify(challengeId, wrongFor(otp))
    return { challengeId, otp, last }
  }

  /** How many seconds the lock answers should name at the clock's time */
  const secondsTo = (end: number) => Math.ceil((end - t.clock.now) / 1000)

  it('locks the email login after 10 wrong codes in an hour, with one notice mail, until the hour ends', async () => {
    expect(AUTH_OTP_FAILURES_PER_HOUR).toBe(10)
    const { email, deviceId } = await t.signUp('hour')
    t.pastCooldown()
    const windowStart = t.clock.now
    const { challengeId: first, otp } = await t.loginCode(email, deviceId)
    for (let i = 0; i < 5; i++) await t.verify(first, wrongFor(otp))
    const ninth = await wrongCodes(email, deviceId, 4)
    // Another device asks meanwhile, and its owner approves it from the mail
    t.pastCooldown()
    const other = await t.startLogin(email, newDeviceId())
    expect((await approveByLink(approvalLinkOf(await t.mailTo(email)))).status).toBe(200)

    // The 10th wrong code locks the email's login and mails one notice
    const tenth = await t.verify(ninth.challengeId, wrongFor(ninth.otp))
    const retryAfter = secondsTo(windowStart + HOUR)
    expect(tenth).toMatchObject({ status: 429, body: lockedBody(retryAfter) })
    expect(tenth.headers.get('retry-after')).toBe(String(retryAfter))
    const notice = await t.mailTo(email)
    expect(notice.subject).toBe('Email sign-in paused')
    expect(notice.text).toContain('paused until 2030-01-01 01:00 UTC')

    // Locked: even the right code of the approved device is refused, no login starts, no mail
    expect((await t.poll(other.challengeId)).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const rightCode = otpOf(await t.mailTo(email))
    expect(await t.verify(other.challengeId, rightCode)).toMatchObject({ status: 429 })
    t.pastCooldown()
    const refused = await t.call('POST', '/auth/v1/email', { body: { email, deviceId } })
    expect(refused).toMatchObject({ status: 429, body: lockedBody(secondsTo(windowStart + HOUR)) })
    expect(t.unread(email)).toBe(0)

    // Another email is not held back; the hour over, the login opens again
    await t.signUp('other')
    t.clock.now = windowStart + HOUR
    const again = await t.loginCode(email, deviceId)
    expect((await t.verify(again.challengeId, again.otp)).status).toBe(200)
    expect(t.unread(email)).toBe(0)
  })

  it('locks the email login for the rest of the day after 20 wrong codes within 24 hours', async () => {
    expect(AUTH_OTP_FAILURES_PER_DAY).toBe(20)
    const { email, deviceId } = await t.signUp('day')
    const dayStart = t.clock.now + 31_000
    await wrongCodes(email, deviceId, 5)
    expect((await wrongCodes(email, deviceId, 5)).last?.status).toBe(429)
    expect((await t.mailTo(email)).subject).toBe('Email sign-in paused')
    t.clock.now = dayStart + HOUR
    await wrongCodes(email, deviceId, 5)
    const twentieth = (await wrongCodes(email, deviceId, 5)).last
    expect(twentieth).toMatchObject({ status: 429, body: lockedBody(secondsTo(dayStart + DAY)) })
    const notice = await t.mailTo(email)
    expect(notice.text).toContain(`paused until ${formatRequestTime(new Date(dayStart + DAY))}`)

    // The hour windows pass; the day's does not
    t.clock.now = dayStart + 3 * HOUR
    const refused = await t.call('POST', '/auth/v1/email', { body: { email, deviceId } })
    expect(refused).toMatchObject({ status: 429, body: lockedBody(secondsTo(dayStart + DAY)) })
    t.clock.now = dayStart + DAY
    const again = await t.loginCode(email, deviceId)
    expect((await t.verify(again.challengeId, again.otp)).status).toBe(200)
    expect(t.unread(email)).toBe(0)
  })

  it('lets racing wrong codes take no more than the budget left', async () => {
    const { email, deviceId } = await t.signUp('race')
    await wrongCodes(email, deviceId, 5)
    await wrongCodes(email, deviceId, 3)
    // 8 spent, 2 left: of 5 racing guesses on a fresh code, 2 are compared
    t.pastCooldown()
    const { challengeId, otp } = await t.loginCode(email, deviceId)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.verify(challengeId, wrongFor(otp))),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([400, 429, 429, 429, 429])
    expect(answers.find((a) => a.status === 400)?.body).toMatchObject({ message: 'Invalid code' })
    expect(answers.filter((a) => a.status === 429).map((a) => a.body)).toEqual(
      Array(4).fill(expect.objectContaining({ message: expect.stringMatching(/for this email/) })),
    )
    const row = await t.service.server.db
      .selectFrom('auth_challenges')
      .select('attempts')
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow()
    expect(row.attempts).toBe(2)
    expect((await t.mailTo(email)).subject).toBe('Email sign-in paused')
    expect(t.unread(email)).toBe(0)
  })
})
