// The limiters on a bare Hono app (app.request, counts in memory on a test clock): a route's own
// budget for writes, what the sign-in budgets count and key by, the client address when no
// socket is there, and a counter store that is gone.
import type { IncomingMessage } from 'node:http'
import { Hono, type MiddlewareHandler } from 'hono'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import type { ProjectRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { rateLimited } from '../errors.ts'
import { memoryCounters, type RateCounters, redisCounters } from './rateCounters.ts'
import {
  authRateLimit,
  clientAddressOf,
  rateLimit,
  routeRateLimit,
  socketAddress,
} from './rateLimit.ts'

/** One proxy in front: the last X-Forwarded-For entry is the client */
const behindProxy = clientAddressOf(1)
const minute = { limit: 2, windowMs: 60_000 }

/** An app whose project is `?projectId=` (as requireProject sets it), behind `guards` */
function appBehind(...guards: MiddlewareHandler<AppEnv>[]) {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('project', { project_id: c.req.query('projectId') ?? 'project-1' } as ProjectRow)
    await next()
  })
  app.use('*', ...guards)
  app.all('*', (c) => c.json({ reached: true }))
  return app
}

function clockedCounters() {
  const time = { now: 1_700_000_000_000 }
  return { time, counters: memoryCounters(() => time.now) }
}

const send = (
  app: Hono<AppEnv>,
  method: string,
  path: string,
  from: string,
  body?: unknown,
): Promise<Response> =>
  Promise.resolve(
    app.request(path, {
      method,
      headers: { 'X-Forwarded-For': from, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )

describe('routeRateLimit: one route’s own budget', () => {
  it('counts only POSTs, per project and client address; over it, 429 with Retry-After', async () => {
    const { time, counters } = clockedCounters()
    const app = appBehind(routeRateLimit(minute, counters, behindProxy, 'names'))
    const statuses = async (method: string, from: string, count: number, path = '/names') => {
      const answers: number[] = []
      for (let i = 0; i < count; i++) answers.push((await send(app, method, path, from)).status)
      return answers
    }
    expect(await statuses('GET', '203.0.113.1', 3)).toEqual([200, 200, 200])
    expect(await statuses('POST', '203.0.113.1', 2)).toEqual([200, 200])
    time.now += 15_000
    const limited = await send(app, 'POST', '/names', '203.0.113.1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('45')
    expect(await limited.json()).toEqual(rateLimited)
    // Reading is not limited; another address, or the same one in another project, has its own.
    expect(await statuses('GET', '203.0.113.1', 1)).toEqual([200])
    expect(await statuses('POST', '203.0.113.2', 1)).toEqual([200])
    expect(await statuses('POST', '203.0.113.1', 1, '/names?projectId=project-2')).toEqual([200])
    time.now += 45_000
    expect(await statuses('POST', '203.0.113.1', 1)).toEqual([200])
  })
})

describe('authRateLimit: sign-in attempts and mails per email address', () => {
  const mails = new Set(['/email'])

  it('only POSTs are sign-in attempts: reading the auth routes spends none', async () => {
    const { counters } = clockedCounters()
    const app = appBehind(authRateLimit({ authPerAddress: minute }, counters, behindProxy, mails))
    for (let i = 0; i < 3; i++)
      expect((await send(app, 'GET', '/session', '10.0.0.1')).status).toBe(200)
    expect((await send(app, 'POST', '/otp', '10.0.0.1', {})).status).toBe(200)
    expect((await send(app, 'POST', '/otp', '10.0.0.1', {})).status).toBe(200)
    expect((await send(app, 'POST', '/otp', '10.0.0.1', {})).status).toBe(429)
  })

  it('counts an email address as the auth routes read it: trimmed and lower-cased', async () => {
    const { counters } = clockedCounters()
    const options = { authPerAddress: { limit: 100, windowMs: 60_000 }, authPerEmail: minute }
    const app = appBehind(authRateLimit(options, counters, behindProxy, mails))
    const mail = (email: string, from: string) => send(app, 'POST', '/email', from, { email })
    expect((await mail(' Target@Example.com ', '10.0.0.1')).status).toBe(200)
    expect((await mail('target@example.com', '10.0.0.2')).status).toBe(200)
    expect((await mail('TARGET@EXAMPLE.COM\n', '10.0.0.3')).status).toBe(429)
    // Lower-casing keeps apart what upper-casing would join: 'ß' is not 'ss'.
    expect((await mail('STRASSE@example.com', '10.0.0.4')).status).toBe(200)
    expect((await mail('strasse@example.com', '10.0.0.5')).status).toBe(200)
    expect((await mail('Straße@example.com', '10.0.0.6')).status).toBe(200)
  })

  it('a mail request without an email, or not JSON, reaches the route', async () => {
    const { counters } = clockedCounters()
    const app = appBehind(authRateLimit({ authPerEmail: minute }, counters, behindProxy, mails))
    for (const body of ['not json', { deviceId: 'd' }, { email: 5 }, { email: null }]) {
      const response = await send(app, 'POST', '/email', '10.0.0.1', body)
      expect(await response.json()).toEqual({ reached: true })
    }
  })
})

describe('the client address', () => {
  const app = new Hono<AppEnv>().get('/', (c) => c.text(socketAddress(c)))

  it('is local when the app is called in-process: no bindings, no request, no socket', async () => {
    const noSocket = { incoming: {} as IncomingMessage }
    for (const env of [undefined, {}, noSocket]) {
      expect(await (await app.request('/', {}, env)).text()).toBe('local')
    }
  })

  it("is the socket's peer when there is one", async () => {
    const incoming = { socket: { remoteAddress: '::ffff:198.51.100.4' } } as IncomingMessage
    expect(await (await app.request('/', {}, { incoming })).text()).toBe('198.51.100.4')
  })
})

describe('a counter store that is gone (Redis unreachable)', () => {
  const gone = new Redis({ lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
  gone.disconnect()
  afterAll(() => gone.disconnect())

  it('lets its own hits through while the budgets it does not hold still count', async () => {
    const { time, counters: memory } = clockedCounters()
    const shared = redisCounters(gone, () => time.now)
    const perProject = { limit: 1, windowMs: 60_000 }
    // The project's budget is counted here; the address's, in the store that is gone.
    const counters: RateCounters = (name, window) =>
      (window === perProject ? memory : shared)(name, window)
    const app = appBehind(rateLimit({ perProject }, counters, behindProxy))
    expect((await send(app, 'GET', '/', '10.0.0.1')).status).toBe(200)
    const limited = await send(app, 'GET', '/', '10.0.0.2')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
  })

  it('with every counter there, requests pass', async () => {
    const counters = redisCounters(gone, Date.now)
    const app = appBehind(
      rateLimit({ perAddress: { limit: 1, windowMs: 60_000 } }, counters, behindProxy),
      routeRateLimit({ limit: 1, windowMs: 60_000 }, counters, behindProxy),
    )
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await send(app, 'POST', '/', '10.0.0.1')).status)
    expect(statuses).toEqual([200, 200, 200])
  })
})
