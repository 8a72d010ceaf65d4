import type { Context, MiddlewareHandler } from 'hono'
import {
  DEFAULT_ADDRESS_RATE_LIMIT,
  DEFAULT_AUTH_ADDRESS_RATE_LIMIT,
  DEFAULT_AUTH_EMAIL_RATE_LIMIT,
  DEFAULT_PROJECT_RATE_LIMIT,
  RATE_LIMIT_SWEEP_THRESHOLD,
  type RateLimitWindow,
} from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { rateLimited } from '../errors.ts'
import { clientAddressResolver, type TrustedProxies } from '../net/clientAddress.ts'

export interface RateLimitOptions {
  /** Per client address */
  perAddress?: RateLimitWindow
  /** Per project: a ceiling well above one address's */
  perProject?: RateLimitWindow
  /** Sign-in attempts per client address (the auth routes that log in or mail) */
  authPerAddress?: RateLimitWindow
  /** Mails asked for one email address */
  authPerEmail?: RateLimitWindow
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

/**
 * The client's address: the socket's peer ('local' when the app is called in-process), or
 * behind trusted proxies the right-most X-Forwarded-For entry they did not write.
 */
export function clientAddressOf(trusted: TrustedProxies = 0): ClientAddressOf {
  const resolve = clientAddressResolver(trusted)
  return (c) =>
    resolve(c.req.header('X-Forwarded-For'), c.env?.incoming?.socket?.remoteAddress ?? 'local')
}

/** The socket's peer, believing no proxy */
export const socketAddress: ClientAddressOf = clientAddressOf(0)

function refuse(c: Context<AppEnv>, retryAfter: number) {
  c.header('Retry-After', String(retryAfter))
  return c.json(rateLimited, 429)
}

/** §7 HTTP 429 -> RATE_LIMITED; §8 APKT010. Answers 429 with Retry-After. */
export function rateLimit(
  options: RateLimitOptions,
  now: () => number,
  addressOf: ClientAddressOf,
): MiddlewareHandler<AppEnv> {
  const byAddress = new FixedWindowLimiter(options.perAddress ?? DEFAULT_ADDRESS_RATE_LIMIT, now)
  const byProject = new FixedWindowLimiter(options.perProject ?? DEFAULT_PROJECT_RATE_LIMIT, now)
  return async (c, next) => {
    const retryAfter = Math.max(
      byAddress.hit(addressOf(c)),
      byProject.hit(c.var.project.project_id),
    )
    if (retryAfter > 0) return refuse(c, retryAfter)
    await next()
  }
}

/** The email a sign-in body asks a mail for, as the auth routes normalise it. */
async function mailedEmail(c: Context<AppEnv>): Promise<string | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined)
  const email = (body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined
}

/**
 * The auth routes' own budgets, on top of rateLimit's: sign-in attempts per client address,
 * and mails per email address (`mails`: the routes that send one to `body.email`).
 */
export function authRateLimit(
  options: RateLimitOptions,
  now: () => number,
  addressOf: ClientAddressOf,
  mails: ReadonlySet<string>,
): MiddlewareHandler<AppEnv> {
  const attempts = new FixedWindowLimiter(
    options.authPerAddress ?? DEFAULT_AUTH_ADDRESS_RATE_LIMIT,
    now,
  )
  const perEmail = new FixedWindowLimiter(
    options.authPerEmail ?? DEFAULT_AUTH_EMAIL_RATE_LIMIT,
    now,
  )
  return async (c, next) => {
    if (c.req.method !== 'POST') return next()
    let retryAfter = attempts.hit(`${c.var.project.project_id} ${addressOf(c)}`)
    const email = mails.has(c.req.path) ? await mailedEmail(c) : undefined
    if (email)
      retryAfter = Math.max(retryAfter, perEmail.hit(`${c.var.project.project_id} ${email}`))
    if (retryAfter > 0) return refuse(c, retryAfter)
    await next()
  }
}
