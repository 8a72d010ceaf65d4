// Email login's answers (issue 18 items 13 and 6) against the real server, its mails going over
// SMTP to the devnet's capture: a device new to an email is asked to approve it from the mail
// whether the email has an account or not; only a device that completed a login gets a code at
// once; a login started before the account existed can never get into it; a new code expires
// the older ones.
import { describe, expect, it } from 'vitest'
import { availableDatabases } from '../testing/databases.ts'
import {
  approvalLinkOf,
  approveByLink,
  CHROME_ON_MAC,
  newDeviceId,
  openApprovalLink,
  otpOf,
  useEmailLoginServer,
} from '../testing/emailLogin.ts'

describe.each(availableDatabases())('email login on $name', (database) => {
  const t = useEmailLoginServer(database)

  it('answers VERIFY_DEVICE to a device new to the email whether or not it has an account, with the same mail', async () => {
    const { email: member } = await t.signUp('member')
    const stranger = t.newEmail('stranger')
    t.pastCooldown()
    const seen = []
    for (const email of [member, stranger]) {
      const response = await t.call('POST', '/auth/v1/email', {
        body: { email, deviceId: newDeviceId() },
        headers: { 'User-Agent': CHROME_ON_MAC },
      })
      const mail = await t.mailTo(email)
      const link = approvalLinkOf(mail)
      seen.push({
        status: response.status,
        keys: Object.keys(response.body as object),
        action: (response.body as { action: string }).action,
        subject: mail.subject,
        text: mail.text.replace(link, '<link>'),
      })
    }
    expect(seen[0]).toMatchObject({ status: 200, action: 'VERIFY_DEVICE' })
    expect(seen[1]).toEqual(seen[0])
  })

  it('answers VERIFY_OTP only to a device that completed a login to the email before', async () => {
    const { email, deviceId } = await t.signUp('known')
    // A device approved from the mail whose code was never entered is still new
    t.pastCooldown()
    const other = newDeviceId()
    expect((await t.startLogin(email, other)).action).toBe('VERIFY_DEVICE')
    expect((await approveByLink(approvalLinkOf(await t.mailTo(email)))).status).toBe(200)
    t.pastCooldown()
    expect((await t.startLogin(email, other)).action).toBe('VERIFY_DEVICE')
    await t.mailTo(email)

    t.pastCooldown()
    const { action, challengeId } = await t.startLogin(email, deviceId)
    expect(action).toBe('VERIFY_OTP')
    const mail = await t.mailTo(email)
    expect(mail.subject).toBe('Your sign-in code')
    expect((await t.verify(challengeId, otpOf(mail))).status).toBe(200)
  })

  it('never lets a login started before the account existed into it (pre-account takeover)', async () => {
    const email = t.newEmail('victim')
    // An attacker asks first, from their own device, before the address has an account
    const attacker = await t.startLogin(email, newDeviceId())
    expect(attacker.action).toBe('VERIFY_DEVICE')
    const attackerMail = await t.mailTo(email) // in the victim's mailbox, not the attacker's
    expect(attackerMail.text).not.toMatch(/^\d{6}$/m)
    // The victim signs up from their own device
    t.pastCooldown()
    const { challengeId, otp } = await t.loginCode(email, newDeviceId())
    expect((await t.verify(challengeId, otp)).status).toBe(200)
    // The attacker's login got no code and can never get one, nor get in with the victim's
    expect((await t.poll(attacker.challengeId)).status).toBe(410)
    for (const guess of ['000000', otp]) {
      expect((await t.verify(attacker.challengeId, guess)).status).toBe(410)
    }
    // Its link, opened by the victim later by mistake, approves nothing
    expect((await openApprovalLink(approvalLinkOf(attackerMail))).status).toBe(400)
    expect(t.unread(email)).toBe(0)
  })

  it('expires the older open challenges of the email when a code is issued, not when a link is mailed', async () => {
    const { email, deviceId } = await t.signUp('older')
    t.pastCooldown()
    const first = await t.loginCode(email, deviceId)
    expect(first.action).toBe('VERIFY_OTP')
    // A stranger's device asks meanwhile: its link issues no code and expires nothing
    t.pastCooldown()
    const stranger = await t.startLogin(email, newDeviceId())
    const strangerLink = approvalLinkOf(await t.mailTo(email))
    const wrong = first.otp === '000000' ? '111111' : '000000'
    expect((await t.verify(first.challengeId, wrong)).body).toEqual({
      message: 'Invalid code',
      attemptsLeft: 4,
    })
    // A new code for the known device: the first code and the stranger's link are dead
    t.pastCooldown()
    const second = await t.loginCode(email, deviceId)
    expect((await t.verify(first.challengeId, first.otp)).status).toBe(410)
    expect((await t.poll(stranger.challengeId)).status).toBe(410)
    expect((await openApprovalLink(strangerLink)).status).toBe(400)
    expect((await t.verify(second.challengeId, second.otp)).status).toBe(200)
  })
})
