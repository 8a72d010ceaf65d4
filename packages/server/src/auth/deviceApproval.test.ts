// The device-approval link (issue 18 item 3) against the real server, its mails going over SMTP
// to the devnet's capture: GET only shows what asks to sign in, the page's Approve (a POST with
// its CSRF token and cookie) approves once within 10 minutes of the mail, and the device is
// recorded only when the code completes the login.
import { describe, expect, it } from 'vitest'
import { AUTH_DEVICE_APPROVAL_TTL_MS } from '../constants/auth.ts'
import { availableDatabases } from '../testing/databases.ts'
import {
  approvalLinkOf,
  approveByLink,
  CHROME_ON_MAC,
  newDeviceId,
  openApprovalLink,
  otpOf,
  pressApprove,
  useEmailLoginServer,
} from '../testing/emailLogin.ts'
import { sha256 } from './store/hashing.ts'

const APPROVED = 'Device approved. Return to the page you were signing in on.'
const INVALID = 'This link is invalid or has expired.'
const NOT_CONFIRMED = 'This approval could not be confirmed. Open the link from the email again.'

describe.each(availableDatabases())('device approval on $name', (database) => {
  const t = useEmailLoginServer(database)

  /** A login from a new device, waiting for its approval */
  async function pending(name: string) {
    const email = t.newEmail(name)
    const deviceId = newDeviceId()
    const at = new Date(t.clock.now)
    const { action, challengeId } = await t.startLogin(email, deviceId, CHROME_ON_MAC)
    expect(action).toBe('VERIFY_DEVICE')
    const mail = await t.mailTo(email)
    return { email, deviceId, challengeId, mail, link: approvalLinkOf(mail), at }
  }

  it('approves nothing on GET: opening the link, as a mail scanner does, leaves the sign-in pending', async () => {
    const { challengeId, link } = await pending('prefetch')
    for (let i = 0; i < 3; i++) {
      expect((await fetch(link)).status).toBe(200)
      expect((await fetch(link, { method: 'HEAD' })).status).toBe(200)
    }
    expect((await t.poll(challengeId)).body).toEqual({ approved: false })
    expect((await t.verify(challengeId, '123456')).status).toBe(410)
    // The link still approves afterwards, from its page
    expect((await approveByLink(link)).status).toBe(200)
    expect((await t.poll(challengeId)).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
  })

  it('shows the device, IP and time of the sign-in request on a page that loads nothing, cannot be framed and leaks no link', async () => {
    const { link, mail, at } = await pending('page')
    const page = await openApprovalLink(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const csp = page.headers.get('content-security-policy') ?? ''
    for (const directive of [
      "default-src 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive)
    }
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const time = '2030-01-01 00:00 UTC'
    expect(at.toISOString()).toBe('2030-01-01T00:00:00.000Z')
    expect(page.html).toContain('<html lang="en">')
    expect(page.html).toContain('<h1>Approve this sign-in?</h1>')
    expect(page.html).toContain('<dt>Device</dt><dd>Chrome on macOS</dd>')
    expect(page.html).toContain('<dt>IP address</dt><dd>127.0.0.1</dd>')
    expect(page.html).toContain(`<time datetime="${at.toISOString()}">${time}</time>`)
    expect(page.html).toContain('<button type="submit">Approve</button>')
    expect(page.html).not.toMatch(/<script|<img|<link|<iframe|https?:\/\//i)
    expect(page.form?.action).toBe(`${t.service.server.url}/auth/v1/device/approve`)
    expect(page.form?.cookie).toMatch(/^latchkey_approval=[A-Za-z0-9_-]{43}$/)
    expect(page.headers.get('set-cookie')).toMatch(
      /; Max-Age=600; Path=\/auth\/v1\/device\/approve; HttpOnly; SameSite=Strict$/,
    )
    // The mail names them too (item 16)
    const lines = mail.text.split('\n')
    expect(lines).toEqual(
      expect.arrayContaining(['Device: Chrome on macOS', 'IP address: 127.0.0.1', `Time: ${time}`]),
    )
  })

  it("approves only with the page's form: its CSRF token and cookie, once, within 10 minutes of the mail", async () => {
    const { challengeId, link } = await pending('post')
    const { form } = await openApprovalLink(link)
    if (!form) throw new Error('no form')
    // A form posted from elsewhere: without the cookie, with another browser's, a forged token
    const otherBrowser = (await openApprovalLink(link)).form?.cookie ?? ''
    expect(otherBrowser).not.toBe(form.cookie)
    for (const forged of [{ cookie: '' }, { cookie: otherBrowser }, { csrf: 'x'.repeat(43) }]) {
      const refused = await pressApprove(form, forged)
      expect(refused.status, JSON.stringify(forged)).toBe(400)
      expect(refused.html).toContain(NOT_CONFIRMED)
    }
    expect((await t.poll(challengeId)).body).toEqual({ approved: false })

    const approved = await pressApprove(form)
    expect(approved.status).toBe(200)
    expect(approved.html).toContain(APPROVED)
    expect(approved.headers.get('x-frame-options')).toBe('DENY')
    // Once: the form and the link are used up
    const again = await pressApprove(form)
    expect(again.status).toBe(400)
    expect(again.html).toContain(INVALID)
    const reopened = await openApprovalLink(link)
    expect(reopened.status).toBe(400)
    expect(reopened.form).toBeUndefined()
    expect((await t.poll(challengeId)).body).toEqual({ approved: true, action: 'VERIFY_OTP' })

    // 10 minutes after the mail the link approves nothing
    expect(AUTH_DEVICE_APPROVAL_TTL_MS).toBe(10 * 60_000)
    const late = await pending('late')
    const lateForm = (await openApprovalLink(late.link)).form
    if (!lateForm) throw new Error('no form')
    t.clock.now += AUTH_DEVICE_APPROVAL_TTL_MS
    expect((await pressApprove(lateForm)).status).toBe(400)
    expect((await openApprovalLink(late.link)).status).toBe(400)
    expect((await t.poll(late.challengeId)).status).toBe(410)

    const base = `${t.service.server.url}/auth/v1/device/approve`
    expect((await openApprovalLink(`${base}?token=${'x'.repeat(43)}`)).status).toBe(400)
    expect((await fetch(base)).status).toBe(400)
    expect((await fetch(base, { method: 'POST' })).status).toBeLessThan(500)
  })

  it('records the device only when its code completes the login', async () => {
    const { email, deviceId, challengeId, link } = await pending('record')
    const devices = () =>
      t.service.server.db
        .selectFrom('auth_devices')
        .select('device_hash')
        .where('device_hash', '=', sha256(deviceId))
        .execute()
    expect((await approveByLink(link)).status).toBe(200)
    expect(await devices()).toEqual([])
    expect((await t.poll(challengeId)).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const otp = otpOf(await t.mailTo(email))
    expect(await devices()).toEqual([])
    expect((await t.verify(challengeId, otp)).status).toBe(200)
    expect(await devices()).toHaveLength(1)
  })

  it('keeps the page and its Approve in the OpenAPI document', async () => {
    const document = (await (await t.service.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: object } }>>
    }
    const route = document.paths['/auth/v1/device/approve']
    expect(Object.keys(route ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(route?.post?.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ])
  })
})
