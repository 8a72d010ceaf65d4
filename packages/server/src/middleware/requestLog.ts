import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from '../env.ts'

/**
 * One line per request: method, path (never the query: it may carry ids), status, ms. A server
 * error is logged as an error, so it still shows when routine requests are quiet (`npm start`
 * logs at 'warn' unless LOG_LEVEL says otherwise).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now()
    await next()
    const ms = Math.round((performance.now() - startedAt) * 10) / 10
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms }
    if (c.res.status >= 500) logger.error(line, 'request failed')
    else logger.info(line, 'request')
  }
}
