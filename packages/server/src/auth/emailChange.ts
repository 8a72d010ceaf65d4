// Email change (README "Embedded-wallet auth"): a code to the current address, then one to the
// new address; the email changes when both were entered, and the user's other sessions end.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { AUTH_OTP_TTL_MS } from '../constants/auth.ts'
import type { AppEnv } from '../env.ts'
import {
  authEmailInUse,
  authMailFailed,
  authNoEmailLogin,
  authNotConnected,
  authSameEmail,
} from '../errors/auth.ts'
import { type AuthFlow, mailRefusal } from './flow.ts'
import { authMails } from './mailer.ts'
import {
  authValidationHook,
  body,
  ChallengeResponse,
  CommonQuery,
  EmailField,
  error,
  mailResponses,
  OtpBody,
  otpResponses,
  session,
  sessionResponses,
  toUser,
  UserResponse,
} from './schemas.ts'
import { revokeSessions } from './sessionLifetime.ts'
import { createChallenge, deleteChallenge, releaseChallenge } from './store/challenges.ts'
import { newOtp, sha256 } from './store/hashing.ts'
import { changeEmail, emailTaken, findUser } from './store/users.ts'
import { verifyUserCode } from './userCode.ts'

export const postEmailChangeRoute = createRoute({
  method: 'post',
  path: '/auth/v1/email/change',
  summary: 'Starts an email change: mails a code to the current address',
  request: { query: CommonQuery, body: body(z.object({ email: EmailField })) },
  ...session,
  responses: {
    200: ChallengeResponse('VERIFY_PRIMARY_OTP'),
    ...sessionResponses,
    409: error('Another user has the address'),
    ...mailResponses,
  },
})

export const postEmailChangePrimaryRoute = createRoute({
  method: 'post',
  path: '/auth/v1/email/change/primary',
  summary: "Checks the current address's code; mails a code to the new one",
  request: { query: CommonQuery, body: body(OtpBody) },
  ...session,
  responses: {
    200: ChallengeResponse('VERIFY_SECONDARY_OTP'),
    ...otpResponses,
    409: error('Another user has the address'),
    ...mailResponses,
  },
})

export const postEmailChangeSecondaryRoute = createRoute({
  method: 'post',
  path: '/auth/v1/email/change/secondary',
  summary: "Checks the new address's code; the email changes",
  request: { query: CommonQuery, body: body(OtpBody) },
  ...session,
  responses: { 200: UserResponse, ...otpResponses, 409: error('Another user has the address') },
})

export function registerEmailChangeRoutes(app: OpenAPIHono<AppEnv>, flow: AuthFlow) {
  const { db, now } = flow

  app.openapi(
    postEmailChangeRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { email: newEmail } = c.req.valid('json')
      const { row } = auth.user
      const email = row.email
      // A social user's email is its provider's: there is no email login to change.
      if (email === null) return c.json(authNoEmailLogin, 400)
      if (newEmail === email) return c.json(authSameEmail, 400)
      if (await emailTaken(db, row.project_id, newEmail, row.id)) {
        return c.json(authEmailInUse, 409)
      }
      const outcome = await flow.mailUserCode(
        {
          projectId: row.project_id,
          userId: row.id,
          email,
          kind: 'change_primary',
          newEmail,
        },
        (otp) => authMails.changePrimary(email, otp, newEmail),
        'VERIFY_PRIMARY_OTP' as const,
      )
      if ('ok' in outcome) return c.json(outcome.ok, 200)
      return mailRefusal(c, outcome)
    },
    authValidationHook,
  )

  app.openapi(
    postEmailChangePrimaryRoute,
    async (c) => {
      const at = now()
      const step = await verifyUserCode(flow, c, c.req.valid('json'), 'change_primary', at)
      if (!step.ok) return step.refused
      const { row, challenge } = step
      const newEmail = challenge.new_email ?? ''
      if (await emailTaken(db, row.project_id, newEmail, row.id)) {
        return c.json(authEmailInUse, 409)
      }
      const next = newOtp()
      const nextId = await createChallenge(
        db,
        {
          projectId: row.project_id,
          kind: 'change_secondary',
          email: newEmail,
          userId: row.id,
          otp: next,
          expiresAt: new Date(at.getTime() + AUTH_OTP_TTL_MS),
        },
        at,
      )
      if (!(await flow.sendMail(authMails.changeSecondary(newEmail, next.otp)))) {
        // The code the person typed stays good for another try.
        await deleteChallenge(db, nextId)
        await releaseChallenge(db, challenge.id)
        return c.json(authMailFailed, 502)
      }
      return c.json({ action: 'VERIFY_SECONDARY_OTP' as const, challengeId: nextId }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postEmailChangeSecondaryRoute,
    async (c) => {
      const step = await verifyUserCode(flow, c, c.req.valid('json'), 'change_secondary', now())
      if (!step.ok) return step.refused
      const { row, token, challenge } = step
      if (!(await changeEmail(db, row.id, challenge.email))) {
        return c.json(authEmailInUse, 409)
      }
      // Whoever else was signed in signed in as the old address: only this session goes on.
      await revokeSessions(db, row.id, sha256(token))
      const user = await findUser(db, { id: row.id })
      if (!user) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
