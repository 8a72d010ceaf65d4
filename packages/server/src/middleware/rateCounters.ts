// Where rate-limit counts live. In memory (one instance: FixedWindowLimiter) or, with Redis, in
// one place for every instance (README "Several instances"), so N instances do not allow N times
// the limit. Redis counts a sliding window (the previous window's count weighted by how much of
// it still overlaps, plus this one's), atomically in one script.
import type { Redis } from 'ioredis'
import { RATE_LIMIT_SWEEP_THRESHOLD, type RateLimitWindow } from '../constants.ts'

interface Window {
  startedAt: number
  count: number
}

/**
 * Fixed-window counters in memory. Per instance, like a cache: N instances behind a load
 * balancer allow N times the limit, which is fine for abuse protection.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>()

  constructor(
    readonly window: RateLimitWindow,
    private readonly now: () => number,
  ) {}

  /** Counts a hit; returns 0 when allowed, else the seconds until the window resets. */
  hit(key: string): number {
    const now = this.now()
    let current = this.#windows.get(key)
    if (!current || now - current.startedAt >= this.window.windowMs) {
      if (this.#windows.size >= RATE_LIMIT_SWEEP_THRESHOLD) this.#sweep(now)
      current = { startedAt: now, count: 0 }
      this.#windows.set(key, current)
    }
    current.count++
    if (current.count <= this.window.limit) return 0
    return Math.max(1, Math.ceil((current.startedAt + this.window.windowMs - now) / 1000))
  }

  get size(): number {
    return this.#windows.size
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.window.windowMs) this.#windows.delete(key)
    }
  }
}

export interface RateCounter {
  /** Counts a hit; 0 when allowed, else the seconds to wait */
  hit(key: string): Promise<number>
}

/** Makes the counter for one budget (`name` keeps budgets apart in a shared store) */
export type RateCounters = (name: string, window: RateLimitWindow) => RateCounter

export function memoryCounters(now: () => number): RateCounters {
  return (_name, window) => {
    const limiter = new FixedWindowLimiter(window, now)
    return { hit: async (key) => limiter.hit(key) }
  }
}

const SLIDING_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local index = math.floor(now / window)
local current = KEYS[1] .. ':' .. index
local count = redis.call('INCR', current)
if count == 1 then redis.call('PEXPIRE', current, window * 2) end
local previous = tonumber(redis.call('GET', KEYS[1] .. ':' .. (index - 1)) or '0')
local elapsed = (now % window) / window
if previous * (1 - elapsed) + count <= limit then return 0 end
return math.max(1, math.ceil((window - (now % window)) / 1000))
`

/** Counters in Redis under `prefix`; the clock is this instance's (tests inject theirs) */
export function redisCounters(redis: Redis, now: () => number, prefix = 'lk:rl'): RateCounters {
  return (name, window) => ({
    async hit(key) {
      const answer = await redis.eval(
        SLIDING_WINDOW,
        1,
        `${prefix}:${name}:${key}`,
        now(),
        window.windowMs,
        window.limit,
      )
      return Number(answer)
    },
  })
}
