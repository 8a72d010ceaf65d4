import type { Context, MiddlewareHandler } from 'hono'
import {
  DEFAULT_ADDRESS_RATE_LIMIT,
  DEFAULT_AUTH_ADDRESS_RATE_LIMIT,
  DEFAULT_AUTH_EMAIL_RATE_LIMIT,
  DEFAULT_PROJECT_RATE_LIMIT,
  type RateLimitWindow,
} from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { rateLimited } from '../errors.ts'
import { clientAddressResolver, type TrustedProxies } from '../net/clientAddress.ts'
import type { RateCounter, RateCounters } from './rateCounters.ts'

export interface RateLimitOptions {
  /** Per client address */
  perAddress?: RateLimitWindow
  /** Per project: a ceiling well above one address's */
  perProject?: RateLimitWindow
  /** Sign-in attempts per client address (the auth routes that log in or mail) */
  authPerAddress?: RateLimitWindow
  /** Mails asked for one email address */
  authPerEmail?: RateLimitWindow
  /** Name registrations per client address (README "Names") */
  namesPerAddress?: RateLimitWindow
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

/**
 * A hit on a shared counter that cannot be counted (Redis unreachable) is let through: the
 * service stays up, unprotected by that budget until the store is back (/readyz says so).
 */
function hit(counter: RateCounter, key: string): Promise<number> {
  return counter.hit(key).catch(() => 0)
}

function refuse(c: Context<AppEnv>, retryAfter: number) {
  c.header('Retry-After', String(retryAfter))
  return c.json(rateLimited, 429)
}

/** §7 HTTP 429 -> RATE_LIMITED; §8 APKT010. Answers 429 with Retry-After. */
export function rateLimit(
  options: RateLimitOptions,
  counters: RateCounters,
  addressOf: ClientAddressOf,
): MiddlewareHandler<AppEnv> {
  const byAddress = counters('address', options.perAddress ?? DEFAULT_ADDRESS_RATE_LIMIT)
  const byProject = counters('project', options.perProject ?? DEFAULT_PROJECT_RATE_LIMIT)
  return async (c, next) => {
    const retryAfter = Math.max(
      ...(await Promise.all([
        hit(byAddress, addressOf(c)),
        hit(byProject, c.var.project.project_id),
      ])),
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
  counters: RateCounters,
  addressOf: ClientAddressOf,
  mails: ReadonlySet<string>,
): MiddlewareHandler<AppEnv> {
  const attempts = counters(
    'auth-address',
    options.authPerAddress ?? DEFAULT_AUTH_ADDRESS_RATE_LIMIT,
  )
  const perEmail = counters('auth-email', options.authPerEmail ?? DEFAULT_AUTH_EMAIL_RATE_LIMIT)
  return async (c, next) => {
    if (c.req.method !== 'POST') return next()
    let retryAfter = await hit(attempts, `${c.var.project.project_id} ${addressOf(c)}`)
    const email = mails.has(c.req.path) ? await mailedEmail(c) : undefined
    if (email)
      retryAfter = Math.max(retryAfter, await hit(perEmail, `${c.var.project.project_id} ${email}`))
    if (retryAfter > 0) return refuse(c, retryAfter)
    await next()
  }
}

/**
 * One route's own budget per client address, on top of rateLimit's (`name` keeps its counts
 * apart from other routes'). Only writes (POST) count.
 */
export function routeRateLimit(
  window: RateLimitWindow,
  counters: RateCounters,
  addressOf: ClientAddressOf,
  name = 'route',
): MiddlewareHandler<AppEnv> {
  const counter = counters(name, window)
  return async (c, next) => {
    if (c.req.method !== 'POST') return next()
    const retryAfter = await hit(counter, `${c.var.project.project_id} ${addressOf(c)}`)
    if (retryAfter > 0) return refuse(c, retryAfter)
    await next()
  }
}
