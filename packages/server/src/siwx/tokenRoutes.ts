// POST /siwx/v1/token (refresh-token rotation) and GET /.well-known/jwks.json (the public keys
// an app's backend verifies SIWX access JWTs with, offline).
import type { OpenAPIHono } from '@hono/zod-openapi'
import { SIWX_JWKS_MAX_AGE_SECONDS } from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { siwxRefreshInvalid, siwxRefreshReused } from '../errors/siwx.ts'
import { type BearerDeps, issuerOf } from './bearer.ts'
import { getJwksRoute, postTokenRoute } from './routeDefs.ts'
import { publishedKeys } from './signingKeys.ts'
import { refreshTokens } from './tokens.ts'

export function registerTokenRoutes(app: OpenAPIHono<AppEnv>, deps: BearerDeps) {
  const { db, now } = deps

  app.openAPIRegistry.registerComponent('securitySchemes', 'siwxBearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access JWT of POST /siwx/v1/sessions or /siwx/v1/token',
  })

  app.openapi(postTokenRoute, async (c) => {
    const { refreshToken } = c.req.valid('json')
    const at = new Date(now())
    const result = await refreshTokens(
      db,
      issuerOf(deps),
      c.var.project.project_id,
      refreshToken,
      at,
    )
    if ('refusal' in result) {
      return c.json(result.refusal === 'reused' ? siwxRefreshReused : siwxRefreshInvalid, 401)
    }
    c.header('Cache-Control', 'no-store')
    return c.json(result, 200)
  })

  app.openapi(getJwksRoute, async (c) => {
    const keys = await publishedKeys(db, new Date(now()))
    c.header('Cache-Control', `public, max-age=${SIWX_JWKS_MAX_AGE_SECONDS}`)
    return c.json({ keys: keys as Record<string, string>[] }, 200)
  })
}
