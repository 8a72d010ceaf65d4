// Counting in Redis: a sliding window shared by every instance, atomic per hit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedis } from '../net/redis.ts'
import { redisServerAvailable, startTestRedis, type TestRedis } from '../net/redisServer.ts'
import { redisCounters } from './rateCounters.ts'

describe.skipIf(!redisServerAvailable)('rate counters in Redis', () => {
  let server: TestRedis
  let redis: Awaited<ReturnType<typeof connectRedis>>
  beforeAll(async () => {
    server = await startTestRedis()
    redis = await connectRedis(server.url)
  })
  afterAll(async () => {
    await redis?.quit()
    await server?.stop()
  })

  it('counts a sliding window: the last window still weighs by how much of it overlaps', async () => {
    let now = 10_000 // the start of a window (10 × 1,000 ms)
    const counter = redisCounters(
      redis,
      () => now,
      'sliding',
    )('budget', {
      limit: 4,
      windowMs: 1_000,
    })
    for (let i = 0; i < 4; i++) expect(await counter.hit('a')).toBe(0)
    now = 10_400
    expect(await counter.hit('a')).toBe(1) // 5 > 4; wait for the window to end (in seconds)
    // Half into the next window the last one's 5 weigh 2.5: one more fits (3.5 ≤ 4), not two.
    now = 11_500
    expect(await counter.hit('a')).toBe(0)
    expect(await counter.hit('a')).toBe(1)
    // A window later the old count is gone: the budget is whole again.
    now = 13_000
    for (let i = 0; i < 4; i++) expect(await counter.hit('a')).toBe(0)
    // Another key, another budget name: counted apart.
    expect(await counter.hit('b')).toBe(0)
  })

  it('two instances share one count: together they allow the limit once, not twice', async () => {
    const now = () => 50_000
    const window = { limit: 3, windowMs: 60_000 }
    const [a, b] = [redisCounters(redis, now, 'shared'), redisCounters(redis, now, 'shared')]
    const answers = []
    for (const counter of [a, b, a, b]) answers.push(await counter('budget', window).hit('key'))
    expect(answers).toEqual([0, 0, 0, 10])
  })
})
