// The SMTP capture, spoken to over a plain socket so the MIME is exactly what each test says.
// (packages/server's mailer.test.ts sends to it with nodemailer.)
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_CAPTURED_MAILS,
  MAX_MAIL_BYTES,
  type MailCapture,
  parseMail,
  startMailCapture,
} from './capture.ts'

/** One SMTP session: each command waits for its reply; returns the replies' first lines. */
async function smtp(port: number, commands: string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1')
  socket.setEncoding('utf8')
  let buffered = ''
  const pending: ((line: string) => void)[] = []
  socket.on('data', (data: string) => {
    buffered += data
    // A reply's last line is "NNN text"; continuation lines are "NNN-text".
    for (
      let match = /^(\d{3}) .*\r\n/m.exec(buffered);
      match;
      match = /^(\d{3}) .*\r\n/m.exec(buffered)
    ) {
      const end = match.index + match[0].length
      const reply = buffered.slice(0, end)
      buffered = buffered.slice(end)
      pending.shift()?.(reply.split('\r\n')[0] ?? '')
    }
  })
  const reply = () => new Promise<string>((resolve) => pending.push(resolve))
  const replies = [await reply()]
  for (const command of commands) {
    const next = reply()
    socket.write(`${command}\r\n`)
    replies.push(await next)
  }
  socket.end()
  return replies
}

function send(capture: MailCapture, to: string, message: string) {
  return smtp(capture.port, [
    'EHLO test',
    'MAIL FROM:<sender@example.org>',
    `RCPT TO:<${to}>`,
    'DATA',
    // The CRLF before the final dot ends the message's last line
    `${message
      .replace(/\r?\n/g, '\r\n')
      .replace(/^\./gm, '..')
      .replace(/(?<!\r\n)$/, '\r\n')}.`,
    'QUIT',
  ])
}

describe('mail capture', () => {
  let capture: MailCapture
  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
  })
  afterAll(() => capture?.stop())

  it('listens on a free port on 127.0.0.1 and keeps a plain mail', async () => {
    expect(capture.host).toBe('127.0.0.1')
    expect(capture.port).toBeGreaterThan(0)
    const replies = await send(
      capture,
      'Plain@Example.org',
      'From: Sender <sender@example.org>\nTo: plain@example.org\nSubject: Hello\n\nLine one\nLine two\n',
    )
    expect(replies.at(-2)).toMatch(/^250 /)
    const mail = await capture.waitForMail('plain@example.org')
    expect(mail).toMatchObject({
      to: ['Plain@Example.org'],
      from: 'Sender <sender@example.org>',
      subject: 'Hello',
      text: 'Line one\nLine two\n',
    })
    expect(Date.parse(mail.receivedAt)).not.toBeNaN()
    expect(capture.mails()[0]).toEqual(mail)
  })

  it('waits for a mail that has not arrived yet, and times out', async () => {
    const waiting = capture.waitForMail('later@example.org', (m) => m.subject === 'Later')
    await send(capture, 'later@example.org', 'Subject: Not this one\n\nx')
    await send(capture, 'later@example.org', 'Subject: Later\n\ny')
    expect((await waiting).text).toBe('y\n')
    await expect(capture.waitForMail('nobody@example.org', undefined, 50)).rejects.toThrow(
      'No mail to nobody@example.org within 50 ms',
    )
  })

  it('refuses a message over the size limit', async () => {
    const replies = await send(
      capture,
      'big@example.org',
      `Subject: big\n\n${'x'.repeat(998)}\n`.repeat(Math.ceil(MAX_MAIL_BYTES / 999) + 1),
    )
    expect(replies.at(-2)).toMatch(/^552 /)
    expect(capture.mails().some((m) => m.to.includes('big@example.org'))).toBe(false)
  })

  it(`keeps the newest ${MAX_CAPTURED_MAILS} mails`, async () => {
    const commands = ['EHLO test']
    for (let i = 0; i <= MAX_CAPTURED_MAILS; i++) {
      commands.push('MAIL FROM:<a@b.co>', 'RCPT TO:<many@example.org>', 'DATA')
      commands.push(`Subject: ${i}\r\n\r\nbody\r\n.`)
    }
    await smtp(capture.port, [...commands, 'QUIT'])
    const mails = capture.mails()
    expect(mails).toHaveLength(MAX_CAPTURED_MAILS)
    expect(mails[0]?.subject).toBe(String(MAX_CAPTURED_MAILS))
    expect(mails.at(-1)?.subject).toBe('1')
  })
})

describe('parseMail', () => {
  const parse = (text: string) => parseMail(Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8'))

  it('unfolds headers and decodes RFC 2047 encoded-words (B and Q, adjacent ones joined)', () => {
    const mail = parse(
      [
        'From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <j@example.org>',
        'Subject: =?UTF-8?B?WW91ciBzaWduLWluIGNvZGUg?=',
        '  =?UTF-8?B?aXMg8J+UkSAxMjM0NTY=?= and',
        ' more',
        '',
        'body',
      ].join('\n'),
    )
    expect(mail.from).toBe('Jürgen Müller <j@example.org>')
    expect(mail.subject).toBe('Your sign-in code is 🔑 123456 and more')
  })

  it('decodes a quoted-printable body (soft breaks, escapes, charset)', () => {
    const mail = parse(
      [
        'Subject: qp',
        'Content-Type: text/plain; charset="utf-8"',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Gr=C3=BC=C3=9Fe, a long line that was wrapped =',
        'here; a=3Db   ',
        '123456',
      ].join('\n'),
    )
    expect(mail.text).toBe('Grüße, a long line that was wrapped here; a=b\n123456')
  })

  it('decodes a base64 body and a latin1 charset', () => {
    const utf8 = Buffer.from('Ünïcode body\n').toString('base64')
    expect(
      parse(`Content-Transfer-Encoding: base64\nContent-Type: text/plain; charset=utf-8\n\n${utf8}`)
        .text,
    ).toBe('Ünïcode body\n')
    const latin1 = parseMail(
      Buffer.concat([
        Buffer.from('Content-Type: text/plain; charset=iso-8859-1\r\n\r\n'),
        Buffer.from('caf\xe9', 'latin1'),
      ]),
    )
    expect(latin1.text).toBe('café')
  })

  it('keeps 8bit UTF-8 as is', () => {
    expect(parse('Content-Transfer-Encoding: 8bit\n\nnaïve ✓').text).toBe('naïve ✓')
  })

  it('takes the text/plain part of multipart/alternative, also nested in multipart/mixed', () => {
    const alternative = [
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      'preamble',
      '--alt',
      'Content-Type: text/html',
      '',
      '<p>html</p>',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'plain =E2=9C=93',
      '--alt--',
      'epilogue',
    ].join('\n')
    expect(parse(`Subject: alt\n${alternative}`).text).toBe('plain ✓')
    const mixed = [
      'Subject: mixed',
      'Content-Type: multipart/mixed; boundary=mix',
      '',
      '--mix',
      alternative,
      '--mix',
      'Content-Type: application/octet-stream',
      '',
      'AAAA',
      '--mix--',
    ].join('\n')
    expect(parse(mixed).text).toBe('plain ✓')
  })

  it('answers empty text when there is no text/plain part', () => {
    expect(parse('Content-Type: text/html\n\n<p>x</p>').text).toBe('')
    expect(parse('Content-Type: multipart/alternative\n\nno boundary').text).toBe('')
  })
})
