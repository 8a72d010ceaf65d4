// Test support for email login: reading the mails (the code, the approval link), opening the
// approval link and pressing Approve as a browser does (GET the page, keep its cookie, POST its
// form), and a real server with the devnet's SMTP capture and a clock the test moves.
import { randomBytes } from 'node:crypto'
import { type CapturedMail, type MailCapture, startMailCapture } from '@latchkey/devnet'
import { afterAll, beforeAll, expect } from 'vitest'
import { AUTH_APPROVAL_COOKIE, AUTH_EMAIL_COOLDOWN_MS } from '../constants/auth.ts'
import type { StartServerOptions } from '../server.ts'
import { authCaller } from './authCaller.ts'
import { startTestServer, type TestDatabase, type TestServer } from './databases.ts'

export const TEST_FRAME_ORIGIN = 'http://127.0.0.1:5174'
export const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/** A frame's device id: a random secret it keeps */
export const newDeviceId = () => randomBytes(24).toString('base64url')

/** The 6-digit code of a mail: it stands alone on its line. */
export function otpOf(mail: { text: string }): string {
  const otp = /^(\d{6})$/m.exec(mail.text)?.[1]
  if (!otp) throw new Error(`no code in: ${mail.text}`)
  return otp
}

/** The device-approval link of a mail: it stands alone on its line. */
export function approvalLinkOf(mail: { text: string }): string {
  const link = /^(https?:\/\/\S+\/auth\/v1\/device\/approve\?token=\S+)$/m.exec(mail.text)?.[1]
  if (!link) throw new Error(`no approval link in: ${mail.text}`)
  return link
}

export interface ApprovalForm {
  /** Where the form posts, resolved against the page */
  action: string
  token: string
  csrf: string
  /** The cookie the page set, as the browser sends it back (`name=value`) */
  cookie: string
}

export interface ApprovalPage {
  status: number
  headers: Headers
  html: string
  /** The Approve form; undefined when the page has none */
  form?: ApprovalForm
}

/** Opens the link as a browser does: the page, its Approve form and the cookie it set. */
export async function openApprovalLink(link: string, cookie?: string): Promise<ApprovalPage> {
  const response = await fetch(link, cookie ? { headers: { Cookie: cookie } } : {})
  const html = await response.text()
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1]
  const token = /name="token" value="([^"]*)"/.exec(html)?.[1]
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1]
  const set = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${AUTH_APPROVAL_COOKIE}=`))
  const form =
    action !== undefined && token && csrf
      ? { action: new URL(action, link).href, token, csrf, cookie: set ?? cookie ?? '' }
      : undefined
  return { status: response.status, headers: response.headers, html, ...(form && { form }) }
}

/** Presses Approve: POSTs the form with its cookie (`change` tampers with what is sent). */
export async function pressApprove(form: ApprovalForm, change: Partial<ApprovalForm> = {}) {
  const sent = { ...form, ...change }
  const response = await fetch(sent.action, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(sent.cookie && { Cookie: sent.cookie }),
    },
    body: new URLSearchParams({ token: sent.token, csrf: sent.csrf }),
  })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** Opens the link and presses Approve: the answer page. */
export async function approveByLink(link: string) {
  const page = await openApprovalLink(link)
  if (!page.form) throw new Error(`no Approve form (${page.status}): ${page.html}`)
  return pressApprove(page.form)
}

/**
 * A real server over `database` mailing to a fresh SMTP capture, its clock at 2030-01-01 until
 * the test moves it; registers its own beforeAll/afterAll.
 */
export function useEmailLoginServer(database: TestDatabase, options: StartServerOptions = {}) {
  let service: TestServer
  let capture: MailCapture
  const clock = { now: Date.parse('2030-01-01T00:00:00.000Z') }
  /** Mails a test already read, so a later wait finds only a new one */
  const read = new Set<string>()

  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
    service = await startTestServer(database, {
      mail: { host: capture.host, port: capture.port },
      frameOrigins: [TEST_FRAME_ORIGIN],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => clock.now,
      ...options,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
  })

  const call = authCaller((path, init) => service.request(path, init), TEST_FRAME_ORIGIN, {
    url: () => service.server.url,
    now: () => clock.now,
  })
  let emails = 0

  const fixture = {
    clock,
    call,
    get service() {
      return service
    },
    get capture() {
      return capture
    },
    newEmail: (name = 'user') => `${name}${++emails}@example.org`,
    /** Moves the clock past the 30 s email cooldown */
    pastCooldown() {
      clock.now += AUTH_EMAIL_COOLDOWN_MS + 1_000
    },
    /** The newest mail to `to` not read before (already there or arriving). */
    async mailTo(to: string): Promise<CapturedMail> {
      const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 5000)
      read.add(mail.id)
      return mail
    },
    /** Mails to `to` not read yet */
    unread: (to: string) =>
      capture.mails().filter((m) => m.to.includes(to) && !read.has(m.id)).length,
    async startLogin(email: string, deviceId: string, userAgent?: string) {
      const response = await call('POST', '/auth/v1/email', {
        body: { email, deviceId },
        ...(userAgent && { headers: { 'User-Agent': userAgent } }),
      })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return response.body as { action: 'VERIFY_OTP' | 'VERIFY_DEVICE'; challengeId: string }
    },
    poll: (challengeId: string) => call('POST', '/auth/v1/device', { body: { challengeId } }),
    verify: (challengeId: string, otp: string) =>
      call('POST', '/auth/v1/otp', { body: { challengeId, otp } }),
    /**
     * A login of `email` from `deviceId` up to its code: through the approval link when the
     * device is new to the email. Answers the challenge and its code.
     */
    async loginCode(email: string, deviceId: string) {
      const { action, challengeId } = await fixture.startLogin(email, deviceId)
      if (action === 'VERIFY_DEVICE') {
        expect((await approveByLink(approvalLinkOf(await fixture.mailTo(email)))).status).toBe(200)
        expect((await fixture.poll(challengeId)).body).toEqual({
          approved: true,
          action: 'VERIFY_OTP',
        })
      }
      return { action, challengeId, otp: otpOf(await fixture.mailTo(email)) }
    },
    /** A new user signed in from a new device (approved from the mail): its token */
    async signUp(name?: string) {
      const email = fixture.newEmail(name)
      const deviceId = newDeviceId()
      const { challengeId, otp } = await fixture.loginCode(email, deviceId)
      const response = await fixture.verify(challengeId, otp)
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return { email, deviceId, token: (response.body as { token: string }).token }
    },
  }
  return fixture
}
