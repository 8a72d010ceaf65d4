import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from '../env'

/** One line per request: method, path (never the query: it may carry ids), status, ms. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now()
    await next()
    const ms = Math.round((performance.now() - startedAt) * 10) / 10
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request')
  }
}
