// Key export (issue 30) against the real server and database, the clock moved by the test: the
// export needs a sign-in from the last 5 minutes, is recorded with its device and mailed to the
// user; the frame alone shows the key (packages/frame/src/app/keyExport*.test.ts, e2e/keyExport).
import { randomBytes } from 'node:crypto'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { AUTH_KEY_EXPORT_FRESH_MS } from '../constants/auth.ts'
import { availableDatabases } from '../testing/databases.ts'
import { CHROME_ON_MAC, otpOf, useEmailLoginServer } from '../testing/emailLogin.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const WALLET = {
  address: ADDRESS,
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(48).toString('base64'),
}
const STALE = {
  message: 'For your safety, showing your key needs a sign-in or a code from the last 5 minutes.',
}

describe.each(availableDatabases())('key export on $name', (database) => {
  const t = useEmailLoginServer(database)
  const exportKey = (token: string | undefined, namespace = 'eip155') =>
    t.call('POST', '/auth/v1/wallet/exports', {
      token,
      body: { namespace },
      headers: { 'User-Agent': CHROME_ON_MAC },
    })
  const exportsOf = (address: string) =>
    t.service.server.db
      .selectFrom('auth_key_exports')
      .select(['namespace', 'address', 'device', 'ip', 'created_at'])
      .where('address', '=', address)
      .execute()

  async function withWallet(name: string) {
    const user = await t.signUp(name)
    const address = getAddress(`0x${randomBytes(20).toString('hex')}`)
    const body = { ...WALLET, address }
    expect((await t.call('PUT', '/auth/v1/wallet', { token: user.token, body })).status).toBe(201)
    return { ...user, address }
  }

  it('records an export right after sign-in and mails the user the device, address and time', async () => {
    const { email, token, address } = await withWallet('exporter')
    const response = await exportKey(token)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const at = new Date(t.clock.now)
    expect(response.body).toEqual({ address, exportedAt: at.toISOString() })
    expect(await exportsOf(address)).toEqual([
      { namespace: 'eip155', address, device: 'Chrome on macOS', ip: '127.0.0.1', created_at: at },
    ])
    const mail = await t.mailTo(email)
    expect(mail.subject).toBe('Your wallet key was exported')
    expect(mail.text).toContain(`The private key of your wallet ${address} was shown for export`)
    expect(mail.text).toContain('Device: Chrome on macOS')
    expect(mail.text).toContain('Time: 2030-01-01 00:')
  })

  it('refuses a session older than 5 minutes until the user signs in again, recording nothing', async () => {
    expect(AUTH_KEY_EXPORT_FRESH_MS).toBe(5 * 60_000)
    const { email, deviceId, token, address } = await withWallet('stale')
    t.clock.now += AUTH_KEY_EXPORT_FRESH_MS
    expect((await exportKey(token)).status).toBe(201)
    await t.mailTo(email)
    t.clock.now += 1
    const refused = await exportKey(token)
    expect([refused.status, refused.body]).toEqual([409, STALE])
    expect(await exportsOf(address)).toHaveLength(1)
    expect(t.unread(email)).toBe(0)

    // A new sign-in (a new session) is the fresh factor
    t.pastCooldown()
    const { challengeId, otp } = await t.loginCode(email, deviceId)
    const again = await t.verify(challengeId, otp)
    const fresh = (again.body as { token: string }).token
    expect((await exportKey(fresh)).status).toBe(201)
    expect(await exportsOf(address)).toHaveLength(2)
    // The old session stays stale
    expect((await exportKey(token)).status).toBe(409)
  })

  it('a code to the email, entered while signed in, makes an older session fresh for 5 minutes', async () => {
    const { email, token, address } = await withWallet('reverify')
    t.clock.now += AUTH_KEY_EXPORT_FRESH_MS + 1
    expect((await exportKey(token)).status).toBe(409)
    t.pastCooldown()
    const asked = await t.call('POST', '/auth/v1/session/reverify', { token })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const { challengeId } = asked.body as { action: string; challengeId: string }
    expect(asked.body).toEqual({ action: 'VERIFY_OTP', challengeId })
    const mail = await t.mailTo(email)
    expect(mail.subject).toBe('Confirm it is you')
    const otp = otpOf(mail)
    const wrong = otp === '000000' ? '111111' : '000000'
    const refused = await t.call('POST', '/auth/v1/session/reverify/otp', {
      token,
      body: { challengeId, otp: wrong },
    })
    expect(refused.status).toBe(400)
    expect((await exportKey(token)).status).toBe(409)
    const verify = (body: object) =>
      t.call('POST', '/auth/v1/session/reverify/otp', { token, body })
    expect((await verify({ challengeId, otp })).status).toBe(204)
    // Used once
    expect((await verify({ challengeId, otp })).status).toBe(410)
    expect((await exportKey(token)).status).toBe(201)
    t.clock.now += AUTH_KEY_EXPORT_FRESH_MS + 1
    expect((await exportKey(token)).status).toBe(409)
    expect(await exportsOf(address)).toHaveLength(1)
  })

  it("another user's session cannot use the code; without a session no code is sent", async () => {
    const owner = await withWallet('owner')
    const other = await withWallet('other')
    t.pastCooldown()
    const asked = await t.call('POST', '/auth/v1/session/reverify', { token: owner.token })
    const { challengeId } = asked.body as { challengeId: string }
    const otp = otpOf(await t.mailTo(owner.email))
    const stolen = await t.call('POST', '/auth/v1/session/reverify/otp', {
      token: other.token,
      body: { challengeId, otp },
    })
    expect(stolen.status).toBe(410)
    expect((await t.call('POST', '/auth/v1/session/reverify')).status).toBe(401)
  })

  it('answers 404 for a namespace without a wallet, 401 without a session, 400 for another namespace', async () => {
    const { token, address } = await withWallet('partial')
    const solana = await exportKey(token, 'solana')
    expect([solana.status, solana.body]).toEqual([404, { message: 'There is no wallet to export' }])
    expect((await exportKey(undefined)).status).toBe(401)
    expect((await exportKey(token, 'bitcoin')).status).toBe(400)
    expect(await exportsOf(address)).toEqual([])
  })
})
