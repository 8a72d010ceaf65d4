// Durability: the server (its CLI, a child process) is SIGKILLed while clients sign in by email,
// upload wallet backups and open SIWX sessions; restarted on the same data, it still has every
// write a client saw acknowledged (a 2xx read before the kill). On every available database.
import { randomBytes } from 'node:crypto'
import { type SIWXMessageData, serializeSiwxMessage } from '@latchkey/core/shared'
import { findFreePort, type MailCapture, startMailCapture } from '@latchkey/devnet'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, spawnServer } from './bench/serverProcess.ts'
import { DEMO_PROJECT_ID } from './constants.ts'
import { authCaller } from './testing/authCaller.ts'
import { availableDatabases } from './testing/databases.ts'
import { approvalLinkOf, approveByLink, newDeviceId, otpOf } from './testing/emailLogin.ts'

const DEMO_ORIGIN = 'http://127.0.0.1:5173'
/** Acknowledged writes of each kind to wait for before the kill; writes go on meanwhile */
const ACKED_LOGINS = 6
const ACKED_SIWX = 20
const AUTH_WORKERS = 3
const SIWX_WORKERS = 4

interface Login {
  email: string
  token: string
  /** The client's IP address (X-Forwarded-For) */
  from: string
  /** The wallet backup's iv, once its PUT was acknowledged */
  walletIv?: string
}

interface SiwxSession {
  /** The client's IP address (X-Forwarded-For) */
  from: string
  id: string
  chainId: string
  address: string
  accessToken: string
}

describe.each(availableDatabases())('a SIGKILL during writes on $name', (database) => {
  let created: Awaited<ReturnType<typeof database.create>>
  let capture: MailCapture
  let server: ServerProcess | undefined
  let frameOrigin: string
  const env: Record<string, string | undefined> = {}

  beforeAll(async () => {
    created = await database.create()
    capture = await startMailCapture({ port: 0 })
    const framePort = await findFreePort()
    frameOrigin = `http://127.0.0.1:${framePort}`
    Object.assign(env, {
      DATABASE_URL: created.options.databaseUrl ?? undefined,
      PGLITE_DIR: created.options.dataDir,
      SMTP_HOST: capture.host,
      SMTP_PORT: String(capture.port),
      FRAME_PORT: String(framePort),
      LOG_LEVEL: 'error',
      // Each client below comes from its own address (X-Forwarded-For), as many users would, so
      // the per-address rate limits leave them be.
      TRUSTED_PROXIES: '127.0.0.1',
    })
  })
  afterAll(async () => {
    await server?.kill()
    await capture?.stop()
    await created?.destroy()
  })

  /** The server on the same data and port as before (a SIWX access token names its URL). */
  async function start() {
    env.SERVER_PORT ??= String(await findFreePort())
    server = await spawnServer(env)
    return server
  }

  it('keeps every acknowledged login, wallet backup and SIWX session', async () => {
    let current = await start()
    const request = (path: string, init?: RequestInit) => fetch(`${current.url}${path}`, init)
    const call = authCaller(request, frameOrigin, { url: () => current.url })
    const logins: Login[] = []
    const siwx: SiwxSession[] = []
    let killed = false
    let onKill = () => {}
    const kill = new Promise<never>((_, reject) => {
      onKill = () => reject(new Error('killed'))
    })
    kill.catch(() => {})
    const failures: unknown[] = []
    const read = new Set<string>()
    /** The next mail to `to`; a mail the killed server never sent is not waited for. */
    const mailTo = async (to: string) => {
      const mail = await Promise.race([
        capture.waitForMail(to, (m) => !read.has(m.id), 20_000),
        kill,
      ])
      read.add(mail.id)
      return mail
    }

    async function login(n: number): Promise<void> {
      const email = `durable${n}@example.org`
      const headers = { 'X-Forwarded-For': `198.51.100.${n % 250}` }
      const start = await call('POST', '/auth/v1/email', {
        body: { email, deviceId: newDeviceId() },
        headers,
      })
      expect(start.status, JSON.stringify(start.body)).toBe(200)
      const { challengeId } = start.body as { challengeId: string }
      expect((await approveByLink(approvalLinkOf(await mailTo(email)))).status).toBe(200)
      const poll = await call('POST', '/auth/v1/device', { body: { challengeId }, headers })
      expect(poll.status).toBe(200)
      const otp = otpOf(await mailTo(email))
      const verified = await call('POST', '/auth/v1/otp', { body: { challengeId, otp }, headers })
      expect(verified.status, JSON.stringify(verified.body)).toBe(200)
      const token = (verified.body as { token: string }).token
      const entry: Login = { email, token, from: headers['X-Forwarded-For'] }
      logins.push(entry)
      const iv = randomBytes(12).toString('base64')
      const wallet = {
        address: privateKeyToAccount(generatePrivateKey()).address,
        iv,
        ciphertext: randomBytes(64).toString('base64'),
      }
      const put = await call('PUT', '/auth/v1/wallet', {
        token: entry.token,
        body: wallet,
        headers,
      })
      expect(put.status, JSON.stringify(put.body)).toBeLessThan(300)
      entry.walletIv = iv
    }

    async function siwxSignIn(n: number): Promise<void> {
      const account = privateKeyToAccount(generatePrivateKey())
      const query = `?projectId=${DEMO_PROJECT_ID}`
      const headers = {
        Origin: DEMO_ORIGIN,
        'Content-Type': 'application/json',
        'X-Forwarded-For': `203.0.113.${n % 250}`,
      }
      const nonced = await request(`/siwx/v1/nonce${query}`, { method: 'POST', headers })
      expect(nonced.status).toBe(200)
      const data: SIWXMessageData = {
        accountAddress: account.address,
        chainId: 'eip155:1',
        domain: new URL(DEMO_ORIGIN).host,
        uri: `${DEMO_ORIGIN}/`,
        version: '1',
        nonce: ((await nonced.json()) as { nonce: string }).nonce,
        issuedAt: new Date().toISOString(),
      }
      const message = serializeSiwxMessage(data)
      const signature = await account.signMessage({ message })
      const response = await request(`/siwx/v1/sessions${query}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data, message, signature }),
      })
      const body = (await response.json()) as { session: { id: string }; accessToken: string }
      expect(response.status, JSON.stringify(body)).toBe(201)
      siwx.push({
        from: headers['X-Forwarded-For'],
        id: body.session.id,
        chainId: data.chainId,
        address: account.address,
        accessToken: body.accessToken,
      })
    }

    /** Runs `write` until the kill; a failure before it fails the test. */
    async function worker(write: () => Promise<void>) {
      while (!killed) {
        try {
          await write()
        } catch (error) {
          if (!killed) failures.push(error)
          return
        }
      }
    }

    let writes = 0
    const workers = [
      ...Array.from({ length: AUTH_WORKERS }, () => worker(() => login(++writes))),
      ...Array.from({ length: SIWX_WORKERS }, () => worker(() => siwxSignIn(++writes))),
    ]
    const enough = () =>
      failures.length > 0 ||
      (logins.filter((l) => l.walletIv).length >= ACKED_LOGINS && siwx.length >= ACKED_SIWX)
    await expect.poll(enough, { timeout: 90_000, interval: 20 }).toBe(true)
    killed = true
    onKill()
    await current.kill()
    await Promise.all(workers)
    expect(failures).toEqual([])
    const acked = { logins: [...logins], siwx: [...siwx] }

    current = await start()
    for (const entry of acked.logins) {
      const headers = { 'X-Forwarded-For': entry.from }
      const session = await call('GET', '/auth/v1/session', { token: entry.token, headers })
      expect(session.status, `${entry.email}: ${JSON.stringify(session.body)}`).toBe(200)
      if (!entry.walletIv) continue
      const wallet = await call('GET', '/auth/v1/wallet', { token: entry.token, headers })
      expect(wallet.status).toBe(200)
      expect(JSON.stringify(wallet.body)).toContain(entry.walletIv)
    }
    for (const entry of acked.siwx) {
      const query = new URLSearchParams({
        projectId: DEMO_PROJECT_ID,
        chainId: entry.chainId,
        address: entry.address,
      })
      const response = await request(`/siwx/v1/sessions?${query}`, {
        headers: {
          Origin: DEMO_ORIGIN,
          Authorization: `Bearer ${entry.accessToken}`,
          'X-Forwarded-For': entry.from,
        },
      })
      const body = (await response.json()) as { sessions: { id: string }[] }
      expect(response.status, JSON.stringify(body)).toBe(200)
      expect(body.sessions.map((s) => s.id)).toContain(entry.id)
    }
    await current.stop()
  }, 180_000)
})
