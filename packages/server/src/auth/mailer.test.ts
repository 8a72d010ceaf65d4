// The mailer (nodemailer over SMTP) against the devnet's real SMTP capture: what nodemailer
// encodes (quoted-printable, base64, RFC 2047 subjects, multipart/alternative), the capture reads.
import { findFreePort, type MailCapture, startMailCapture } from '@latchkey/devnet'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authMails, smtpMailer } from './mailer.ts'

const REQUEST = {
  device: 'Firefox on Windows',
  ip: '203.0.113.7',
  at: new Date('2030-01-01T09:30:00.000Z'),
}

describe('smtpMailer', () => {
  let capture: MailCapture
  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
  })
  afterAll(() => capture?.stop())

  it('sends the auth mails; the code and the link stand alone on their lines', async () => {
    const mailer = smtpMailer({ host: capture.host, port: capture.port })
    const link = `http://127.0.0.1:8787/auth/v1/device/approve?token=${'A'.repeat(43)}`
    await mailer.send(authMails.deviceApproval('a@example.org', link, REQUEST))
    await mailer.send(authMails.loginOtp('a@example.org', '012345'))
    mailer.close()
    const [otp, approval] = capture.mails()
    expect(otp).toMatchObject({
      to: ['a@example.org'],
      from: 'Latchkey <login@latchkey.local>',
      subject: 'Your sign-in code',
    })
    expect(otp?.text.split('\n')).toContain('012345')
    expect(approval?.subject).toBe('Approve your new device')
    expect(approval?.text.split('\n')).toContain(link)
  })

  it('puts no code in a subject; the approval mail names the device, IP and time of the request', async () => {
    const mailer = smtpMailer({ host: capture.host, port: capture.port })
    const link = `http://127.0.0.1:8787/auth/v1/device/approve?token=${'B'.repeat(43)}`
    const mails = [
      authMails.loginOtp('s@example.org', '246810'),
      authMails.changePrimary('s@example.org', '246810', 'new@example.org'),
      authMails.changeSecondary('s@example.org', '246810'),
      authMails.deviceApproval('s@example.org', link, REQUEST),
      authMails.loginLocked('s@example.org', new Date('2030-01-01T10:00:00.000Z')),
    ]
    for (const mail of mails) await mailer.send(mail)
    mailer.close()
    const received = capture.mails().filter((m) => m.to.includes('s@example.org'))
    expect(received.map((m) => m.subject).sort()).toEqual([
      'Approve your new device',
      'Confirm your email change',
      'Email sign-in paused',
      'Verify your new email address',
      'Your sign-in code',
    ])
    for (const mail of received) expect(mail.subject).not.toMatch(/\d/)
    const approval = received.find((m) => m.subject === 'Approve your new device')
    expect(approval?.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Device: Firefox on Windows',
        'IP address: 203.0.113.7',
        'Time: 2030-01-01 09:30 UTC',
        link,
      ]),
    )
    const locked = received.find((m) => m.subject === 'Email sign-in paused')
    expect(locked?.text).toContain('paused until 2030-01-01 10:00 UTC')
  })

  it('round-trips non-ASCII subjects and bodies, long lines, and multipart/alternative', async () => {
    const mailer = smtpMailer({ host: capture.host, port: capture.port, from: 'Zoë <z@x.org>' })
    const subject = `Grüße 🔑 ${'lang '.repeat(20)}`.trim()
    const text = `${'Ünïcødé '.repeat(30)}\nline two ✓\n`
    await mailer.send({ to: 'b@example.org', subject, text })
    mailer.close()
    expect(await capture.waitForMail('b@example.org')).toMatchObject({
      from: 'Zoë <z@x.org>',
      subject,
      text,
    })

    const transport = nodemailer.createTransport({ host: capture.host, port: capture.port })
    await transport.sendMail({
      from: 'a@x.org',
      to: 'c@example.org',
      subject: 'both',
      text: `plain ${'x'.repeat(200)} ✓`,
      html: '<p>html</p>',
    })
    transport.close()
    expect((await capture.waitForMail('c@example.org')).text).toBe(`plain ${'x'.repeat(200)} ✓`)
  })

  it('rejects when no SMTP server listens', async () => {
    const mailer = smtpMailer({ host: '127.0.0.1', port: await findFreePort() })
    await expect(mailer.send(authMails.loginOtp('d@example.org', '123456'))).rejects.toThrow()
    mailer.close()
  })
})
