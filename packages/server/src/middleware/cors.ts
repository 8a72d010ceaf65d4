import type { Context, MiddlewareHandler } from 'hono'
import { PREFLIGHT_MAX_AGE_SECONDS } from '../constants.ts'
import type { AppEnv } from '../env.ts'

const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/

/**
 * Readable from any origin: a page on a foreign origin must learn that it is not allowed; the
 * analytics figures need the project's token in a header, which a browser never adds by itself,
 * so the origin adds no protection there (the dashboard may be served from anywhere).
 */
const OPEN_PATHS = new Set(['/projects/v1/origins', '/v1/analytics/summary'])

/**
 * Echoes Origin when `isAllowed` says so. Requests without Origin (server to server) pass
 * untouched. Preflights end here with 204; a foreign origin gets no CORS headers, so the
 * browser blocks.
 */
function corsFor(
  isAllowed: (c: Context<AppEnv>, origin: string) => boolean,
  methods: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin')
    const allowed = origin !== undefined && isAllowed(c, origin)
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin)
      // Date: the frame sets its proofs' clock by the server's (frame app/dpop.ts)
      c.header('Access-Control-Expose-Headers', 'Retry-After, ETag, Date')
    }
    if (c.req.method !== 'OPTIONS') return next()

    c.header('Vary', 'Access-Control-Request-Headers', { append: true })
    if (allowed) {
      c.header('Access-Control-Allow-Methods', methods)
      c.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
      const requested = c.req.header('Access-Control-Request-Headers')
      if (requested && HEADER_LIST.test(requested)) {
        c.header('Access-Control-Allow-Headers', requested)
      }
    }
    return c.body(null, 204)
  }
}

/**
 * CORS for a project's allowed origins (§7 /projects/v1/origins): the origin is echoed only
 * when the project lists it. The origins list itself is open, so the modal can raise APKT002
 * on a foreign page. `alsoOrigins` (the frame's, on the routes it reads) are allowed besides.
 */
export function projectCors(alsoOrigins: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const also = new Set(alsoOrigins)
  return corsFor(
    (c, origin) =>
      OPEN_PATHS.has(c.req.path) ||
      also.has(origin) ||
      c.var.project.allowed_origins.includes(origin),
    'GET, HEAD, POST, DELETE, OPTIONS',
  )
}

/**
 * CORS for the embedded-wallet auth API (/auth/v1/*): only the frame's origins, never the
 * project's pages (a host page never talks to the auth API, only the frame does).
 */
export function frameCors(frameOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const origins = new Set(frameOrigins)
  return corsFor((_, origin) => origins.has(origin), 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
}
