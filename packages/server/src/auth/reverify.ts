// Proving a factor again while signed in (issue 30): before a key export the frame may ask for a
// code to the user's email; the right code marks the session verified now, which
// keyExport.ts counts as a fresh factor. A social user (no email login) signs in again instead.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../env.ts'
import { authNoEmailToReverify, authNotConnected } from '../errors/auth.ts'
import { type AuthFlow, mailRefusal } from './flow.ts'
import { authMails } from './mailer.ts'
import {
  authValidationHook,
  body,
  ChallengeResponse,
  CommonQuery,
  error,
  mailResponses,
  OtpBody,
  otpResponses,
  session,
  sessionResponses,
} from './schemas.ts'
import { sha256 } from './store/hashing.ts'
import { verifyUserCode } from './userCode.ts'

export const postReverifyRoute = createRoute({
  method: 'post',
  path: '/auth/v1/session/reverify',
  summary: "Mails a code to the session user's email, to prove it is them again",
  request: { query: CommonQuery },
  ...session,
  responses: {
    200: ChallengeResponse('VERIFY_OTP'),
    ...sessionResponses,
    409: error('The user signs in without email: sign in again instead'),
    ...mailResponses,
  },
})

export const postReverifyOtpRoute = createRoute({
  method: 'post',
  path: '/auth/v1/session/reverify/otp',
  summary: 'Checks the code: the session counts as freshly verified',
  request: { query: CommonQuery, body: body(OtpBody) },
  ...session,
  responses: { 204: { description: 'Verified' }, ...otpResponses },
})

export const REVERIFY_ROUTES = [postReverifyRoute, postReverifyOtpRoute]

export function registerReverifyRoutes(app: OpenAPIHono<AppEnv>, flow: AuthFlow) {
  const { db, now } = flow

  app.openapi(
    postReverifyRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { row } = auth.user
      const email = row.email
      if (email === null) return c.json(authNoEmailToReverify, 409)
      // One mail per 30 s per address for the signed-in user's account actions (as an email change)
      const outcome = await flow.mailUserCode(
        {
          projectId: row.project_id,
          userId: row.id,
          email,
          kind: 'reverify',
        },
        (otp) => authMails.reverifyOtp(email, otp),
        'VERIFY_OTP' as const,
      )
      if ('ok' in outcome) return c.json(outcome.ok, 200)
      return mailRefusal(c, outcome)
    },
    authValidationHook,
  )

  app.openapi(
    postReverifyOtpRoute,
    async (c) => {
      const at = now()
      const step = await verifyUserCode(flow, c, c.req.valid('json'), 'reverify', at)
      if (!step.ok) return step.refused
      await db
        .updateTable('auth_sessions')
        .set({ verified_at: at })
        .where('token_hash', '=', sha256(step.token))
        .execute()
      return c.body(null, 204)
    },
    authValidationHook,
  )
}
