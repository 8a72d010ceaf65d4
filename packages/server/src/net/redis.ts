// The Redis the instances share (REDIS_URL; README "Several instances"): rate-limit counters
// today. Connected at start, so a wrong URL stops the server with its reason.
import { Redis } from 'ioredis'
import { REDIS_CONNECT_TIMEOUT_MS } from '../constants.ts'

export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // A command while Redis is away fails at once (the limiter lets the request through)
    // rather than queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // The commands of one tick (the relay log's appends, rate-limit hits) go out in one write.
    enableAutoPipelining: true,
  })
  // Reconnects are ioredis's; without a listener an 'error' event would end the process.
  redis.on('error', () => {})
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`REDIS_URL: cannot connect to ${new URL(url).host} (${reason})`)
  }
  return redis
}

/** Redis answers PING within `timeoutMs` */
export async function redisAnswers(redis: Redis, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([
      redis.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}
