// Sign out everywhere (issue 18 #9): every session of the user ends, the asking one included.
// The frame may first rotate the wrapping key (walletRotation.ts) so a key copied by another
// session opens nothing.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../env.ts'
import { authNotConnected } from '../errors/auth.ts'
import type { AuthFlow } from './flow.ts'
import { authValidationHook, CommonQuery, session, sessionResponses } from './schemas.ts'
import { revokeSessions } from './sessionLifetime.ts'

export const deleteSessionsRoute = createRoute({
  method: 'delete',
  path: '/auth/v1/sessions',
  summary: "Signs out everywhere: every session of the user is revoked, this one's included",
  request: { query: CommonQuery },
  ...session,
  responses: { 204: { description: 'Revoked' }, ...sessionResponses },
})

export const SESSION_ROUTES = [deleteSessionsRoute]

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, flow: AuthFlow) {
  app.openapi(
    deleteSessionsRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      await revokeSessions(flow.db, auth.user.row.id)
      return c.body(null, 204)
    },
    authValidationHook,
  )
}
