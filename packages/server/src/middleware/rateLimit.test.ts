import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, RATE_LIMIT_SWEEP_THRESHOLD } from '../constants.ts'
import { rateLimited } from '../errors.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { FixedWindowLimiter } from './rateCounters.ts'

describe('FixedWindowLimiter', () => {
  it('allows `limit` hits per window, then says how long to wait', () => {
    let now = 1_000
    const limiter = new FixedWindowLimiter({ limit: 3, windowMs: 10_000 }, () => now)
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 0])
    expect(limiter.hit('a')).toBe(10)
    now += 7_500
    expect(limiter.hit('a')).toBe(3)
    expect(limiter.hit('b')).toBe(0)
    now += 2_500
    expect(limiter.hit('a')).toBe(0)
  })

  it('sweeps expired windows instead of growing without bound', () => {
    let now = 0
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 1_000 }, () => now)
    for (let i = 0; i < 10_000; i++) limiter.hit(`client-${i}`)
    expect(limiter.size).toBe(10_000)
    now = 5_000
    limiter.hit('late')
    expect(limiter.size).toBe(1)
  })

  it('a sweep keeps the windows still running: a limited client stays limited', () => {
    let now = 0
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 10_000 }, () => now)
    limiter.hit('busy')
    now = 5_000
    for (let i = 0; i < RATE_LIMIT_SWEEP_THRESHOLD; i++) limiter.hit(`client-${i}`)
    // The next new window sweeps: nothing has expired, so nothing goes.
    limiter.hit('late')
    expect(limiter.size).toBe(RATE_LIMIT_SWEEP_THRESHOLD + 2)
    expect(limiter.hit('busy')).toBe(5)
  })
})

// One database is enough here: the limits live in memory, not in the database.
const [database] = availableDatabases()

describe('rate limiting on the real server (§7 429, §8 APKT010)', () => {
  let service: TestServer
  const origin = 'http://localhost:5173'

  beforeAll(async () => {
    service = await startTestServer(database as NonNullable<typeof database>, {
      allowedOrigins: [origin],
      // One proxy in front (this test): the last X-Forwarded-For entry is the client.
      trustedProxies: 1,
      rateLimit: {
        perAddress: { limit: 5, windowMs: 60_000 },
        perProject: { limit: 12, windowMs: 60_000 },
      },
    })
  })
  afterAll(() => service?.stop())

  const burst = (address: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        service.request(`/appkit/v1/config?projectId=${DEMO_PROJECT_ID}`, {
          headers: { 'X-Forwarded-For': address, Origin: origin },
        }),
      ),
    )

  it('answers 429 APKT010 with Retry-After once an address exceeds its limit', async () => {
    const responses = await burst('10.0.0.1', 8)
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    const limited = responses.find((response) => response.status === 429) as Response
    expect(await limited.json()).toEqual({ error: 'Rate Limited', code: 'APKT010' })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // The page can read the 429, so it can show RATE_LIMITED rather than a network error.
    expect(limited.headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('limits the project across addresses', async () => {
    // 8 hits so far; 4 more fit under the project's 12, then every address is refused.
    const fresh = await burst('10.0.0.2', 4)
    expect(fresh.map((response) => response.status)).toEqual([200, 200, 200, 200])
    const [next] = await burst('10.0.0.3', 1)
    expect(next?.status).toBe(429)
  })
})

describe('sign-in budgets and forged addresses on the real server', () => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database as NonNullable<typeof database>, {
      trustedProxies: 1,
      rateLimit: {
        authPerAddress: { limit: 4, windowMs: 60_000 },
        authPerEmail: { limit: 3, windowMs: 3_600_000 },
      },
    })
  })
  afterAll(() => service?.stop())

  const post = (path: string, from: string, body: unknown) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
      body: JSON.stringify(body),
    })
  const code = { challengeId: '00000000-0000-4000-8000-000000000000', otp: '123456' }

  it('a client that writes X-Forwarded-For itself still lands in its own bucket', async () => {
    // Each request forges a new first entry; the proxy's entry (the last) is the same.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await post('/auth/v1/otp', `198.51.100.${i}, 203.0.113.1`, code)
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 4)).not.toContain(429)
    expect(statuses.slice(4)).toEqual([429, 429])
    // Another client behind the same proxy is not affected.
    expect((await post('/auth/v1/otp', '203.0.113.2', code)).status).not.toBe(429)
  })

  it('mails for one email address are capped whoever asks', async () => {
    const email = { email: 'Target@Example.com', deviceId: 'd'.repeat(22) }
    const answers: unknown[] = []
    for (let i = 0; i < 4; i++) {
      const response = await post('/auth/v1/email', `203.0.113.${10 + i}`, {
        ...email,
        email: i % 2 ? email.email : email.email.toLowerCase(),
      })
      answers.push(await response.json())
    }
    // (No SMTP server listens here: the first three fail to mail, which still counts.)
    expect(answers.slice(0, 3)).not.toContainEqual(rateLimited)
    expect(answers[3]).toEqual(rateLimited)
    // Another address's mails are not.
    const other = await post('/auth/v1/email', '203.0.113.20', { ...email, email: 'b@example.com' })
    expect(other.status).not.toBe(429)
  })
})

describe('without a proxy, the socket address is the bucket', () => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database as NonNullable<typeof database>, {
      rateLimit: { perAddress: { limit: 2, windowMs: 60_000 } },
    })
  })
  afterAll(() => service?.stop())

  /** A GET from a loopback address of our choice (Linux answers all of 127.0.0.0/8). */
  const from = (localAddress: string, forwardedFor?: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`/appkit/v1/config?projectId=${DEMO_PROJECT_ID}`, service.server.url)
      const sent = httpRequest(
        url,
        { localAddress, headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      sent.on('error', reject)
      sent.end()
    })

  it('two machines have a bucket each; a forged X-Forwarded-For changes nothing', async () => {
    expect([await from('127.0.0.2'), await from('127.0.0.2', '198.51.100.7')]).toEqual([200, 200])
    expect(await from('127.0.0.2', '198.51.100.8')).toBe(429)
    expect(await from('127.0.0.3')).toBe(200)
  })
})
