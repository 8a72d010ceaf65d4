// Two servers behind one address, sharing Redis: the per-address limit holds across both (N
// instances do not multiply it); without Redis each counts alone. Also: Redis gone, requests pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { redisServerAvailable, startTestRedis, type TestRedis } from '../net/redisServer.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const database = availableDatabases()[0]
const LIMIT = 4
const rateLimit = { perAddress: { limit: LIMIT, windowMs: 60_000 } }
const path = `/appkit/v1/config?projectId=${DEMO_PROJECT_ID}`

describe.skipIf(!redisServerAvailable)('rate limits across instances', () => {
  let redis: TestRedis
  const servers: TestServer[] = []
  beforeAll(async () => {
    redis = await startTestRedis()
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await redis?.stop()
  })

  async function pair(redisUrl: string | null) {
    const started = await Promise.all(
      [0, 1].map(() =>
        startTestServer(database as NonNullable<typeof database>, { redisUrl, rateLimit }),
      ),
    )
    servers.push(...started)
    return started as [TestServer, TestServer]
  }

  it('with Redis, two instances together allow the limit once', async () => {
    const [a, b] = await pair(redis.url)
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await (i % 2 === 0 ? a : b).request(path)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    const ready = await a.request('/readyz')
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' })
  })

  it('without it, each instance counts alone (what Redis is for)', async () => {
    const [a, b] = await pair(null)
    const statuses: number[] = []
    for (let i = 0; i < LIMIT * 2; i++) {
      statuses.push((await (i % 2 === 0 ? a : b).request(path)).status)
    }
    expect(statuses.filter((status) => status === 429)).toEqual([])
  })

  it('Redis gone: requests still pass, and /readyz says what is missing', async () => {
    const own = await startTestRedis()
    const [server] = await Promise.all([
      startTestServer(database as NonNullable<typeof database>, { redisUrl: own.url }),
    ])
    servers.push(server)
    await own.stop()
    expect((await server.request(path)).status).toBe(200)
    const ready = await server.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      status: 'not ready',
      database: 'ok',
      redis: 'unreachable',
    })
  })

  it('a Redis that cannot be reached stops the start with the reason', async () => {
    await expect(
      startTestServer(database as NonNullable<typeof database>, {
        redisUrl: 'redis://127.0.0.1:1',
      }),
    ).rejects.toThrow('REDIS_URL: cannot connect to 127.0.0.1:1')
  })
})
