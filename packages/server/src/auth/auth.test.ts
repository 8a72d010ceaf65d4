// Embedded-wallet auth against the real server, with its mails going over SMTP (nodemailer) to
// the devnet's real SMTP capture, on every available database.
import { createHash, randomBytes } from 'node:crypto'
import {
  type CapturedMail,
  findFreePort,
  type MailCapture,
  startMailCapture,
} from '@latchkey/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AUTH_MAX_USER_NAME_LENGTH,
  AUTH_OTP_MAX_ATTEMPTS,
  AUTH_OTP_TTL_MS,
} from '../constants/auth.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { defaultFrameOrigins } from '../serverEnv.ts'
import { authCaller } from '../testing/authCaller.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../testing/emailLogin.ts'

const FRAME = 'http://127.0.0.1:5174'
const PAGE = 'http://127.0.0.1:5173'
const OTHER_PROJECT = 'otherproject00000000000000000000'
const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const newDeviceId = () => randomBytes(24).toString('base64url')
let emails = 0
const newEmail = (name = 'user') => `${name}${++emails}@example.org`

interface User {
  email: string | null
  address: string | null
  solanaAddress: string | null
  chainId: number | string | null
  accounts: { address: string; type: string; namespace: string }[]
  userName: string | null
  socialProvider: string | null
  preferredAccountType: string
  smartAccountDeployed: boolean
}

function otpOf(mail: CapturedMail): string {
  const otp = /^(\d{6})$/m.exec(mail.text)?.[1]
  if (!otp) throw new Error(`no code in: ${mail.text}`)
  return otp
}

describe('defaultFrameOrigins', () => {
  it('is the frame site on 127.0.0.1 and localhost (FRAME_PORT or 5174)', () => {
    const port = process.env.FRAME_PORT || '5174'
    expect(defaultFrameOrigins()).toEqual([`http://127.0.0.1:${port}`, `http://localhost:${port}`])
  })
})

describe.each(availableDatabases())('embedded-wallet auth on $name', (database) => {
  let service: TestServer
  let capture: MailCapture
  let clock = Date.parse('2030-01-01T00:00:00.000Z')
  /** Mails a test already read, so a later wait finds only a new one */
  const read = new Set<string>()

  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
    service = await startTestServer(database, {
      mail: { host: capture.host, port: capture.port },
      mailInbox: capture,
      mode: 'development',
      frameOrigins: [FRAME, 'http://localhost:5174'],
      allowedOrigins: [PAGE, FRAME],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => clock,
    })
    await service.server.db
      .insertInto('projects')
      .values({
        project_id: OTHER_PROJECT,
        name: 'Other',
        allowed_origins: [],
        features: '{}',
        analytics_enabled: false,
      })
      .execute()
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
  })

  const call = authCaller((path, init) => service.request(path, init), FRAME, {
    url: () => service.server.url,
    now: () => clock,
  })

  /** The newest mail to `to` not read before (already there or arriving). */
  async function mailTo(to: string): Promise<CapturedMail> {
    const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 5000)
    read.add(mail.id)
    return mail
  }
  const unread = (to: string) =>
    capture.mails().filter((m) => m.to.includes(to) && !read.has(m.id)).length

  async function startLogin(email: string, deviceId: string) {
    const response = await call('POST', '/auth/v1/email', { body: { email, deviceId } })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body as { action: string; challengeId: string }
  }

  async function verify(challengeId: string, otp: string) {
    return call('POST', '/auth/v1/otp', { body: { challengeId, otp } })
  }

  /**
   * A login of a device new to `email` up to its code: approved from the mail, then polled.
   * Answers the challenge and the code mail.
   */
  async function approvedLogin(email: string, deviceId: string) {
    const { action, challengeId } = await startLogin(email, deviceId)
    expect(action).toBe('VERIFY_DEVICE')
    expect((await approveByLink(approvalLinkOf(await mailTo(email)))).status).toBe(200)
    const polled = await call('POST', '/auth/v1/device', { body: { challengeId } })
    expect(polled.body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    return { challengeId, mail: await mailTo(email) }
  }

  /** A new user signed in from a new device: its token, email and device. */
  async function signUp(name?: string) {
    const email = newEmail(name)
    const deviceId = newDeviceId()
    const { challengeId, mail } = await approvedLogin(email, deviceId)
    const response = await verify(challengeId, otpOf(mail))
    expect(response.status).toBe(200)
    return { email, deviceId, token: (response.body as { token: string }).token }
  }

  async function userIdOf(token: string) {
    const row = await service.server.db
      .selectFrom('auth_sessions')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow()
    return row.user_id
  }

  it('logs a new email in with the code from the mail, once its device is approved; stores only hashes', async () => {
    const email = newEmail('Alice')
    const deviceId = newDeviceId()
    const { action, challengeId } = await startLogin(`  ${email.toUpperCase()} `, deviceId)
    expect(action).toBe('VERIFY_DEVICE')
    expect(challengeId).toMatch(/^[0-9a-f-]{36}$/)
    const approval = await mailTo(email.toLowerCase())
    expect(approval.from).toBe('Latchkey <login@latchkey.local>')
    expect((await approveByLink(approvalLinkOf(approval))).status).toBe(200)
    expect((await call('POST', '/auth/v1/device', { body: { challengeId } })).body).toEqual({
      approved: true,
      action: 'VERIFY_OTP',
    })

    const mail = await mailTo(email.toLowerCase())
    const otp = otpOf(mail)
    expect(mail.subject).toBe('Your sign-in code')
    expect(mail.from).toBe('Latchkey <login@latchkey.local>')

    const response = await verify(challengeId, otp)
    expect(response.status).toBe(200)
    const { token, user } = response.body as { token: string; user: User }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).toEqual({
      email: email.toLowerCase(),
      address: null,
      solanaAddress: null,
      chainId: null,
      accounts: [],
      userName: null,
      socialProvider: null,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })

    const db = service.server.db
    const challenge = await db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(challenge)).not.toContain(otp)
    expect(challenge.otp_hash).toBe(sha256(`${challenge.otp_salt}${otp}`))
    expect(challenge.used_at).not.toBeNull()
    const sessions = await db.selectFrom('auth_sessions').selectAll().execute()
    expect(JSON.stringify(sessions)).not.toContain(token)
    const devices = await db.selectFrom('auth_devices').selectAll().execute()
    expect(JSON.stringify(devices)).not.toContain(deviceId)

    // Single use
    expect((await verify(challengeId, otp)).body).toEqual({
      message: 'This code has expired. Request a new code.',
    })
  })

  it('asks a known user on a new device to approve it by mail, then logs in as the same user', async () => {
    const first = await signUp('device')
    clock += 31_000
    const secondDevice = newDeviceId()
    const { action, challengeId } = await startLogin(first.email, secondDevice)
    expect(action).toBe('VERIFY_DEVICE')
    const approval = await mailTo(first.email)
    expect(approval.subject).toBe('Approve your new device')
    const link = /^(http\S+)$/m.exec(approval.text)?.[1] ?? ''
    expect(link).toMatch(
      new RegExp(`^${service.server.url}/auth/v1/device/approve\\?token=[A-Za-z0-9_-]{43}$`),
    )

    // A code for this challenge is not issued before the approval
    expect((await verify(challengeId, '123456')).status).toBe(410)
    expect((await call('POST', '/auth/v1/device', { body: { challengeId } })).body).toEqual({
      approved: false,
    })

    const page = await approveByLink(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.html).toContain('Device approved. Return to the page you were signing in on.')
    const bad = await fetch(`${service.server.url}/auth/v1/device/approve?token=${'x'.repeat(43)}`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('This link is invalid or has expired.')
    expect((await fetch(`${service.server.url}/auth/v1/device/approve`)).status).toBe(400)

    const polled = await call('POST', '/auth/v1/device', { body: { challengeId } })
    expect(polled.body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const otpMail = await mailTo(first.email)
    expect(otpMail.subject).toBe('Your sign-in code')
    // Polling again sends no second code
    expect((await call('POST', '/auth/v1/device', { body: { challengeId } })).body).toEqual({
      approved: true,
      action: 'VERIFY_OTP',
    })
    expect(unread(first.email)).toBe(0)

    const login = await verify(challengeId, otpOf(otpMail))
    expect(login.status).toBe(200)
    const { token } = login.body as { token: string }
    expect(await userIdOf(token)).toBe(await userIdOf(first.token))
    expect((await call('POST', '/auth/v1/device', { body: { challengeId } })).status).toBe(410)

    // The approved device now gets a code straight away
    clock += 31_000
    expect((await startLogin(first.email, secondDevice)).action).toBe('VERIFY_OTP')
    await mailTo(first.email)
  })

  it('locks a challenge at the 5th wrong code; the right code is refused after', async () => {
    const email = newEmail('wrong')
    const { challengeId, mail } = await approvedLogin(email, newDeviceId())
    const otp = otpOf(mail)
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let left = AUTH_OTP_MAX_ATTEMPTS - 1; left > 0; left--) {
      const response = await verify(challengeId, wrong)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ message: 'Invalid code', attemptsLeft: left })
    }
    const locked = { message: 'Too many wrong codes. Request a new code.' }
    expect(await verify(challengeId, wrong)).toMatchObject({ status: 429, body: locked })
    expect(await verify(challengeId, otp)).toMatchObject({ status: 429, body: locked })
  })

  it('counts racing wrong codes atomically: never more tries than the limit', async () => {
    const email = newEmail('race')
    const { challengeId, mail } = await approvedLogin(email, newDeviceId())
    const otp = otpOf(mail)
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    const statuses = (await Promise.all(guesses.map((g) => verify(challengeId, g)))).map(
      (r) => r.status,
    )
    expect(statuses.filter((s) => s === 400)).toHaveLength(AUTH_OTP_MAX_ATTEMPTS - 1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - AUTH_OTP_MAX_ATTEMPTS + 1)
    expect((await verify(challengeId, otp)).status).toBe(429)
    const row = await service.server.db
      .selectFrom('auth_challenges')
      .select('attempts')
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow()
    expect(row.attempts).toBe(AUTH_OTP_MAX_ATTEMPTS)
  })

  it('refuses an expired code', async () => {
    const email = newEmail('late')
    const { challengeId, mail } = await approvedLogin(email, newDeviceId())
    const otp = otpOf(mail)
    clock += AUTH_OTP_TTL_MS
    const response = await verify(challengeId, otp)
    expect(response.status).toBe(410)
    expect(response.body).toEqual({ message: 'This code has expired. Request a new code.' })
    const unknown = await verify('6f1c1b1e-1d1a-4b5c-9d8e-7f6a5b4c3d2e', otp)
    expect(unknown.status).toBe(410)
  })

  it('refuses a new login for the same email within 30 s, saying how long to wait', async () => {
    const email = newEmail('cool')
    await startLogin(email, newDeviceId())
    const again = await call('POST', '/auth/v1/email', {
      body: { email: email.toUpperCase(), deviceId: newDeviceId() },
    })
    expect(again.status).toBe(429)
    expect(again.body).toEqual({ message: 'Please try again after 30 seconds', retryAfter: 30 })
    expect(again.headers.get('retry-after')).toBe('30')
    expect(again.headers.get('access-control-expose-headers')).toContain('Retry-After')
    clock += 12_500
    const later = await call('POST', '/auth/v1/email', {
      body: { email, deviceId: newDeviceId() },
    })
    expect(later.body).toEqual({ message: 'Please try again after 18 seconds', retryAfter: 18 })
    // Another email is not held back
    await startLogin(newEmail('cool'), newDeviceId())
    clock += 17_500
    await startLogin(email, newDeviceId())
  })

  it('reads and revokes the session; 401 without, with a revoked or another project`s token', async () => {
    const { token, email } = await signUp('session')
    const got = await call('GET', '/auth/v1/session', { token })
    expect(got.status).toBe(200)
    expect((got.body as { user: User }).user.email).toBe(email)
    const notConnected = { message: 'Not connected to email or social' }
    expect(await call('GET', '/auth/v1/session')).toMatchObject({ status: 401, body: notConnected })
    expect(await call('GET', '/auth/v1/session', { token: 'x'.repeat(43) })).toMatchObject({
      status: 401,
    })
    expect(
      (await call('GET', '/auth/v1/session', { token, projectId: OTHER_PROJECT })).status,
    ).toBe(401)
    expect((await call('DELETE', '/auth/v1/session', { token })).status).toBe(204)
    expect(await call('GET', '/auth/v1/session', { token })).toMatchObject({
      status: 401,
      body: notConnected,
    })
    expect((await call('DELETE', '/auth/v1/session', { token })).status).toBe(401)
  })

  it('expires a session after 30 days', async () => {
    const { token } = await signUp('old')
    clock += 30 * 24 * 3_600_000
    expect((await call('GET', '/auth/v1/session', { token })).status).toBe(401)
  })

  it('keeps the wrapping key apart from the wallet, stores the wallet once, only for a session', async () => {
    const { token } = await signUp('wallet')
    expect((await call('GET', '/auth/v1/wallet')).status).toBe(401)
    const first = await call('GET', '/auth/v1/wallet', { token })
    expect(first.status).toBe(200)
    const { wrappingKey, wallet } = first.body as { wrappingKey: string; wallet: unknown }
    expect(Buffer.from(wrappingKey, 'base64')).toHaveLength(32)
    expect(wallet).toBeNull()
    expect((await call('GET', '/auth/v1/wallet', { token })).body).toEqual(first.body)

    const upload = {
      address: ADDRESS,
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(48).toString('base64'),
    }
    expect((await call('PUT', '/auth/v1/wallet', { body: upload })).status).toBe(401)
    for (const bad of [
      { ...upload, address: '0x1234' },
      { ...upload, iv: randomBytes(16).toString('base64') },
      { ...upload, ciphertext: 'not base64!' },
      { ...upload, ciphertext: randomBytes(4097).toString('base64') },
      { ...upload, ciphertext: '' },
    ]) {
      const response = await call('PUT', '/auth/v1/wallet', { token, body: bad })
      expect(response.status).toBe(400)
      expect((response.body as { message: string }).message).toMatch(/^Invalid parameter '/)
    }
    const put = await call('PUT', '/auth/v1/wallet', { token, body: upload })
    expect(put.status).toBe(201)
    expect((put.body as { user: User }).user).toMatchObject({
      address: CHECKSUMMED,
      solanaAddress: null,
      accounts: [{ address: CHECKSUMMED, type: 'EOA', namespace: 'eip155' }],
    })
    const again = await call('PUT', '/auth/v1/wallet', {
      token,
      body: { ...upload, ciphertext: randomBytes(48).toString('base64') },
    })
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This account already has a wallet' },
    })
    expect((await call('GET', '/auth/v1/wallet', { token })).body).toEqual({
      wrappingKey,
      wallet: { ...upload, address: CHECKSUMMED },
      wallets: { eip155: { ...upload, address: CHECKSUMMED } },
    })
    expect((await call('GET', '/auth/v1/session', { token })).body).toMatchObject({
      user: { address: CHECKSUMMED },
    })
    const columns = await service.server.db.introspection.getTables()
    const walletColumns = columns.find((t) => t.name === 'auth_wallets')?.columns.map((c) => c.name)
    expect(walletColumns).not.toContain('wrapping_key')
  })

  it('updates the chain id, preferred account type and user name', async () => {
    const { token } = await signUp('patch')
    const patched = await call('PATCH', '/auth/v1/user', {
      token,
      body: { chainId: 31337, preferredAccountType: 'smartAccount', userName: 'alice' },
    })
    expect(patched.status).toBe(200)
    expect((patched.body as { user: User }).user).toMatchObject({
      chainId: 31337,
      preferredAccountType: 'smartAccount',
      userName: 'alice',
    })
    const byString = await call('PATCH', '/auth/v1/user', {
      token,
      body: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', userName: null },
    })
    expect((byString.body as { user: User }).user).toMatchObject({
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      userName: null,
      preferredAccountType: 'smartAccount',
    })
    for (const bad of [
      { chainId: -1 },
      { chainId: 'a b' },
      { preferredAccountType: 'other' },
      { userName: 'x'.repeat(65) },
      { email: 'a@b.co' },
    ]) {
      expect((await call('PATCH', '/auth/v1/user', { token, body: bad })).status).toBe(400)
    }
    expect((await call('PATCH', '/auth/v1/user', { body: { chainId: 1 } })).status).toBe(401)
    // A user name's refusals say why.
    for (const [userName, reason] of [
      ['', 'must not be empty'],
      [
        'x'.repeat(AUTH_MAX_USER_NAME_LENGTH + 1),
        `must be at most ${AUTH_MAX_USER_NAME_LENGTH} characters`,
      ],
      ['a\u0007b', 'must not contain control characters'],
    ]) {
      const refused = await call('PATCH', '/auth/v1/user', { token, body: { userName } })
      expect(refused).toMatchObject({
        status: 400,
        body: { message: `Invalid parameter 'userName': ${reason}` },
      })
    }
  })

  it('changes the email: a code to the current address, then one to the new address', async () => {
    const { token, email, deviceId } = await signUp('change')
    const other = await signUp('taken')
    const change = (body: unknown, t = token) =>
      call('POST', '/auth/v1/email/change', { token: t, body })

    expect(
      (await call('POST', '/auth/v1/email/change', { body: { email: 'a@b.co' } })).status,
    ).toBe(401)
    expect(await change({ email: 'nope' })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    })
    expect(await change({ email: email.toUpperCase() })).toMatchObject({
      status: 400,
      body: { message: 'That is already your email address' },
    })
    expect(await change({ email: other.email })).toMatchObject({
      status: 409,
      body: { message: 'That email address is already in use' },
    })

    const target = newEmail('changed')
    const started = await change({ email: target })
    expect(started.status).toBe(200)
    const primary = started.body as { action: string; challengeId: string }
    expect(primary.action).toBe('VERIFY_PRIMARY_OTP')
    expect((await change({ email: newEmail('other') })).status).toBe(429)

    const primaryMail = await mailTo(email)
    const primaryOtp = otpOf(primaryMail)
    expect(primaryMail.subject).toBe('Confirm your email change')
    // Another user's session cannot use the challenge; the login route does not take it
    const foreign = await call('POST', '/auth/v1/email/change/primary', {
      token: other.token,
      body: { challengeId: primary.challengeId, otp: primaryOtp },
    })
    expect(foreign.status).toBe(410)
    expect((await verify(primary.challengeId, primaryOtp)).status).toBe(410)

    const wrongPrimary = await call('POST', '/auth/v1/email/change/primary', {
      token,
      body: {
        challengeId: primary.challengeId,
        otp: primaryOtp === '000000' ? '111111' : '000000',
      },
    })
    expect(wrongPrimary.body).toEqual({ message: 'Invalid code', attemptsLeft: 4 })
    const confirmed = await call('POST', '/auth/v1/email/change/primary', {
      token,
      body: { challengeId: primary.challengeId, otp: primaryOtp },
    })
    expect(confirmed.status).toBe(200)
    const secondary = confirmed.body as { action: string; challengeId: string }
    expect(secondary.action).toBe('VERIFY_SECONDARY_OTP')
    expect(secondary.challengeId).not.toBe(primary.challengeId)

    const secondaryMail = await mailTo(target)
    const secondaryOtp = otpOf(secondaryMail)
    expect(secondaryMail.subject).toBe('Verify your new email address')
    const done = await call('POST', '/auth/v1/email/change/secondary', {
      token,
      body: { challengeId: secondary.challengeId, otp: secondaryOtp },
    })
    expect(done.status).toBe(200)
    expect((done.body as { user: User }).user.email).toBe(target)
    expect((await call('GET', '/auth/v1/session', { token })).body).toMatchObject({
      user: { email: target },
    })

    // The new address logs in to the same user, from the device it already approved
    const { action, challengeId } = await startLogin(target, deviceId)
    expect(action).toBe('VERIFY_OTP')
    const login = await verify(challengeId, otpOf(await mailTo(target)))
    expect(await userIdOf((login.body as { token: string }).token)).toBe(await userIdOf(token))
  })

  it('lets only the frame origins through CORS on /auth/v1, not the project page', async () => {
    const preflight = (origin: string) =>
      service.request(`/auth/v1/wallet?projectId=${DEMO_PROJECT_ID}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      })
    const allowed = await preflight(FRAME)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(FRAME)
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/PUT.*PATCH.*DELETE/)
    expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    const page = await preflight(PAGE)
    expect(page.status).toBe(204)
    expect(page.headers.get('access-control-allow-origin')).toBeNull()

    const email = newEmail('cors')
    const fromFrame = await call('POST', '/auth/v1/email', {
      body: { email, deviceId: newDeviceId() },
      origin: 'http://localhost:5174',
    })
    expect(fromFrame.headers.get('access-control-allow-origin')).toBe('http://localhost:5174')
    // The frame reads Date to sign its proofs by the server's clock (frame app/dpop.ts)
    expect(fromFrame.headers.get('access-control-expose-headers')).toMatch(/\bDate\b/)
    const fromPage = await call('GET', '/auth/v1/session', { origin: PAGE })
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull()
    // The project's own routes keep their CORS: the page yes, (here) the frame too
    const config = await call('GET', '/appkit/v1/config', { origin: PAGE })
    expect(config.headers.get('access-control-allow-origin')).toBe(PAGE)
  })

  it('serves the captured mails on /dev/v1/mails, newest first, to the local pages', async () => {
    const email = newEmail('inbox')
    await startLogin(email, newDeviceId())
    const response = await service.request(`/dev/v1/mails?to=${email.toUpperCase()}`, {
      headers: { Origin: PAGE },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE)
    const { mails } = (await response.json()) as { mails: CapturedMail[] }
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: [email], subject: 'Approve your new device' })
    const all = (await (await service.request('/dev/v1/mails')).json()) as { mails: CapturedMail[] }
    expect(all.mails[0]?.id).toBe(mails[0]?.id)
    expect(all.mails.length).toBeGreaterThan(5)
  })

  it('answers bad input with a 4xx { message }, never a 5xx', async () => {
    const deviceId = newDeviceId()
    const cases: [string, string, unknown, number, string | RegExp][] = [
      [
        'POST',
        '/auth/v1/email',
        { email: 'nope', deviceId },
        400,
        'Please enter a valid email address',
      ],
      [
        'POST',
        '/auth/v1/email',
        { email: 'a@b', deviceId },
        400,
        'Please enter a valid email address',
      ],
      [
        'POST',
        '/auth/v1/email',
        { email: 'a@b.co', deviceId: 'short' },
        400,
        /^Invalid parameter 'deviceId'/,
      ],
      ['POST', '/auth/v1/email', { email: 'a@b.co' }, 400, /^Invalid parameter 'deviceId'/],
      ['POST', '/auth/v1/email', '{not json', 400, /JSON/],
      ['POST', '/auth/v1/email', '[]', 400, /^Invalid parameter/],
      [
        'POST',
        '/auth/v1/otp',
        { challengeId: 'x', otp: '123456' },
        400,
        /^Invalid parameter 'challengeId'/,
      ],
      [
        'POST',
        '/auth/v1/otp',
        { challengeId: crypto.randomUUID(), otp: '12ab' },
        400,
        /^Invalid parameter 'otp'/,
      ],
      [
        'POST',
        '/auth/v1/otp',
        { challengeId: crypto.randomUUID(), otp: 123456 },
        400,
        /^Invalid parameter 'otp'/,
      ],
      [
        'POST',
        '/auth/v1/device',
        { challengeId: crypto.randomUUID() },
        410,
        'This sign-in request has expired. Start again.',
      ],
    ]
    for (const [method, path, body, status, message] of cases) {
      const response = await call(method, path, { body })
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(status)
      expect((response.body as { message: string }).message).toMatch(message)
    }
    const missing = await call('POST', '/auth/v1/email', { body: {}, projectId: null })
    expect(missing).toMatchObject({ status: 400, body: { code: 'APKT008' } })
    const unknown = await call('POST', '/auth/v1/email', { body: {}, projectId: 'nope' })
    expect(unknown).toMatchObject({ status: 403, body: { code: 'APKT007' } })
    const text = await service.request(`/auth/v1/email?projectId=${DEMO_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(text.status).toBeLessThan(500)
    expect(await text.json()).toHaveProperty('message')
  })

  it('never answers 5xx to random bodies on the auth routes', async () => {
    const { token } = await signUp('fuzz')
    const routes = [
      ['POST', '/auth/v1/email'],
      ['POST', '/auth/v1/device'],
      ['POST', '/auth/v1/otp'],
      ['PUT', '/auth/v1/wallet'],
      ['PATCH', '/auth/v1/user'],
      ['POST', '/auth/v1/email/change'],
      ['POST', '/auth/v1/email/change/primary'],
      ['POST', '/auth/v1/email/change/secondary'],
    ] as const
    const field = fc.oneof(
      fc.constantFrom(
        'email',
        'deviceId',
        'challengeId',
        'otp',
        'address',
        'iv',
        'ciphertext',
        'chainId',
        'userName',
        'preferredAccountType',
        '__proto__',
      ),
      fc.string({ maxLength: 8 }),
    )
    const value = fc.oneof(
      fc.constantFrom(
        'a@b.co',
        ' X@Y.ORG ',
        crypto.randomUUID(),
        '123456',
        ADDRESS,
        'AAAA',
        '',
        null,
      ),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.json().map((j) => JSON.parse(j) as unknown),
    )
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(fc.dictionary(field, value, { maxKeys: 4 }), fc.json({ maxDepth: 2 })),
        fc.boolean(),
        async ([method, path], body, withToken) => {
          clock += 31_000 // past any cooldown, so valid requests reach the mailer too
          const response = await call(method, path, {
            body: typeof body === 'string' ? body : body,
            ...(withToken && { token }),
          })
          if (response.status >= 500)
            failures.push(`${response.status} ${path} ${JSON.stringify(body)}`)
          return response.status < 500
        },
      ),
      { numRuns: 300, seed: 20_300_101 },
    )
    expect(failures).toEqual([])
  })
})

describe('embedded-wallet auth without a working SMTP server', () => {
  let service: TestServer
  let smtpPort: number
  let capture: MailCapture | undefined
  const clock = Date.parse('2030-01-01T00:00:00.000Z')

  beforeAll(async () => {
    smtpPort = await findFreePort()
    const [database] = availableDatabases()
    if (!database) throw new Error('no database')
    service = await startTestServer(database, {
      mail: { host: '127.0.0.1', port: smtpPort },
      frameOrigins: [FRAME],
      now: () => clock,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
  })

  const login = (email: string) =>
    service.request(`/auth/v1/email?projectId=${DEMO_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, deviceId: newDeviceId() }),
    })

  it('answers 502 and starts no cooldown; once SMTP is up the same email goes through', async () => {
    const failed = await login('down@example.org')
    expect(failed.status).toBe(502)
    expect(await failed.json()).toEqual({ message: 'Could not send the email. Try again.' })
    expect(await service.server.db.selectFrom('auth_challenges').selectAll().execute()).toEqual([])

    capture = await startMailCapture({ port: smtpPort })
    const retried = await login('down@example.org')
    expect(retried.status).toBe(200)
    expect(((await retried.json()) as { action: string }).action).toBe('VERIFY_DEVICE')
    expect(approvalLinkOf(await capture.waitForMail('down@example.org'))).toContain('token=')
  })

  it('serves no /dev/v1/mails without a mail inbox', async () => {
    expect((await service.request('/dev/v1/mails')).status).toBe(404)
  })
})
