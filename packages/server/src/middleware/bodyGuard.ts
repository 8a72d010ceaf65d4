import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { bodyTooLarge, jsonTooDeep } from '../errors.ts'

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The deepest nesting of `{` and `[` outside strings, stopping once past `limit`. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (char === '}' || char === ']') depth--
  }
  return deepest
}

/**
 * Every body is refused past `maxBytes` before it is buffered (Content-Length or the stream as it
 * arrives), and a JSON body nested deeper than MAX_JSON_DEPTH is refused before it is parsed.
 * The route handlers then read the body this has cached.
 */
export function bodyGuard(
  options: { maxBytes?: number; except?: readonly string[] } = {},
): MiddlewareHandler<AppEnv> {
  const except = new Set(options.except)
  const limit = bodyLimit({
    maxSize: options.maxBytes ?? MAX_BODY_BYTES,
    onError: (c) => {
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header('Connection', 'close')
      throw new HTTPException(413, { message: bodyTooLarge.error })
    },
  })
  return async (c, next) => {
    if (BODILESS.has(c.req.method) || except.has(c.req.path)) return next()
    return limit(c, async () => {
      if (c.req.header('Content-Type')?.includes('json')) {
        const text = await c.req.text()
        if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
          throw new HTTPException(400, { message: jsonTooDeep(MAX_JSON_DEPTH) })
        }
      }
      await next()
    })
  }
}
