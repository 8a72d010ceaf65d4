import type { Context, MiddlewareHandler } from 'hono'
import {
  DEFAULT_ADDRESS_RATE_LIMIT,
  DEFAULT_PROJECT_RATE_LIMIT,
  RATE_LIMIT_SWEEP_THRESHOLD,
  type RateLimitWindow,
} from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { rateLimited } from '../errors.ts'

export interface RateLimitOptions {
  /** Per client address */
  perAddress?: RateLimitWindow
  /** Per project */
  perProject?: RateLimitWindow
}

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

export type ClientAddressOf = (c: Context<AppEnv>) => string

/** The socket's peer address; 'local' when the app is called in-process (app.request). */
export const socketAddress: ClientAddressOf = (c) =>
  c.env?.incoming?.socket?.remoteAddress ?? 'local'

/** Behind a trusted proxy: the first X-Forwarded-For entry, else the socket's address. */
export const forwardedAddress: ClientAddressOf = (c) =>
  c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() || socketAddress(c)

/** §7 HTTP 429 -> RATE_LIMITED; §8 APKT010. Answers 429 with Retry-After. */
export function rateLimit(
  options: RateLimitOptions,
  now: () => number,
  clientAddressOf: ClientAddressOf,
): MiddlewareHandler<AppEnv> {
  const byAddress = new FixedWindowLimiter(options.perAddress ?? DEFAULT_ADDRESS_RATE_LIMIT, now)
  const byProject = new FixedWindowLimiter(options.perProject ?? DEFAULT_PROJECT_RATE_LIMIT, now)
  return async (c, next) => {
    const retryAfter = Math.max(
      byAddress.hit(clientAddressOf(c)),
      byProject.hit(c.var.project.project_id),
    )
    if (retryAfter > 0) {
      c.header('Retry-After', String(retryAfter))
      return c.json(rateLimited, 429)
    }
    await next()
  }
}
