// Two relay instances sharing one Redis (Debian's redis-server, started per file): a message
// published on one reaches a subscriber on the other once, never its sender; what a client has
// acknowledged on one is not sent again by the other; an instance started later, or one that
// restarts, has every message kept; a publish Redis cannot take is refused, not half kept.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectRedis } from '../net/redis.ts'
import { redisServerAvailable, startTestRedis, type TestRedis } from '../net/redisServer.ts'
import { messageId } from './message.ts'
import { redisRelayLog } from './sharedLog.ts'
import { createRelayIdentity, type SubscriptionData } from './testClient.ts'
import { useRelayHarness } from './testRelay.ts'

const { startRelay, cleanups } = useRelayHarness()
let redisServer: TestRedis | undefined

beforeAll(async () => {
  if (redisServerAvailable) redisServer = await startTestRedis()
})
afterAll(() => redisServer?.stop())

/** A relay instance on the shared log `key` (its own Redis connection, as a process has). */
async function instance(key: string) {
  const redis = await connectRedis(redisServer?.url ?? '')
  cleanups.push(async () => redis.disconnect())
  const started = await startRelay({ log: redisRelayLog(redis, { key }) })
  await started.relay.started
  return started
}

const topic = () => randomUUID().replaceAll('-', '').repeat(2)

describe.skipIf(!redisServerAvailable)('relay instances sharing one Redis', () => {
  it('a message published on A reaches its subscriber on B once, and never its sender', async () => {
    const key = `test:${randomUUID()}`
    const [a, b] = [await instance(key), await instance(key)]
    const t = topic()
    const heard: SubscriptionData[] = []
    const senderHeard: SubscriptionData[] = []
    const receiver = await b.connect({ onMessage: (data) => heard.push(data) })
    const sender = await a.connect({ onMessage: (data) => senderHeard.push(data) })
    await receiver.request('irn_subscribe', { topic: t })
    await sender.request('irn_subscribe', { topic: t })
    for (let i = 0; i < 20; i++) {
      await sender.request('irn_publish', { topic: t, message: `m${i}`, ttl: 300, tag: 1100 })
    }
    await receiver.waitFor(() => heard.length >= 20, 5_000, '20 messages on B')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard.map((data) => data.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`))
    expect(senderHeard).toEqual([])
  })

  it('what a client acknowledged on B is not sent again when it comes back through A', async () => {
    const key = `test:${randomUUID()}`
    const [a, b] = [await instance(key), await instance(key)]
    const t = topic()
    const identity = createRelayIdentity()
    const first: string[] = []
    const onB = await b.connect({ identity, onMessage: (data) => first.push(data.message) })
    await onB.request('irn_subscribe', { topic: t })
    const sender = await a.connect()
    await sender.request('irn_publish', { topic: t, message: 'once', ttl: 300, tag: 1 })
    await onB.waitFor(() => first.length === 1, 5_000, 'the message on B')
    // Its acknowledgement reaches A through the log: read by every subscriber, it leaves A too.
    await vi.waitFor(() => expect(a.relay.mailbox.find(t, messageId(t, 'once'))).toBeUndefined())
    await onB.close()
    const again: string[] = []
    const onA = await a.connect({ identity, onMessage: (data) => again.push(data.message) })
    await onA.request('irn_subscribe', { topic: t })
    await sender.request('irn_publish', { topic: t, message: 'next', ttl: 300, tag: 1 })
    await onA.waitFor(() => again.length >= 1, 5_000, 'the next message on A')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(again).toEqual(['next'])
  })

  it('an instance started later has what the others keep; one that restarts gets it back', async () => {
    const key = `test:${randomUUID()}`
    const a = await instance(key)
    const t = topic()
    const sender = await a.connect()
    await sender.request('irn_publish', { topic: t, message: 'kept', ttl: 300, tag: 1 })
    await a.relay.close()
    const late = await instance(key)
    expect(late.relay.mailbox.size).toBe(1)
    const heard: string[] = []
    const reader = await late.connect({ onMessage: (data) => heard.push(data.message) })
    await reader.request('irn_subscribe', { topic: t })
    await reader.waitFor(() => heard.length === 1, 5_000, 'the kept message')
    expect(heard).toEqual(['kept'])
  })

  it('a publish the shared log cannot take is answered with an error and kept by none', async () => {
    const key = `test:${randomUUID()}`
    const redis = await connectRedis(redisServer?.url ?? '')
    const relay = await startRelay({ log: redisRelayLog(redis, { key }) })
    await relay.relay.started
    const sender = await relay.connect()
    redis.disconnect()
    const t = topic()
    await expect(
      sender.request('irn_publish', { topic: t, message: 'lost?', ttl: 300, tag: 1 }),
    ).rejects.toMatchObject({ code: -32603 })
    expect(relay.relay.mailbox.size).toBe(0)
    // Nothing of it reached the log either.
    const check = new Redis(redisServer?.url ?? '')
    expect(await check.xlen(key)).toBe(0)
    check.disconnect()
  })
})
