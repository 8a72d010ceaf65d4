// Email login (README "Embedded-wallet auth"). A device that completed a login to the email's
// account before gets a code at once (VERIFY_OTP). Every other device, whether the email has an
// account or not, gets an approval link first (VERIFY_DEVICE): the answer to a stranger's
// device never tells whether an account exists, and a login started before the account existed
// cannot take it over. The frame polls POST /auth/v1/device; once the link was approved the
// code is mailed. Wrong codes draw on a per-email budget (otpBudget.ts).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { AUTH_DEVICE_APPROVAL_TTL_MS, AUTH_OTP_TTL_MS } from '../constants/auth.ts'
import type { AppEnv } from '../env.ts'
import {
  authChallengeExpired,
  authEmailLoginLocked,
  authMailFailed,
  authOtpExpired,
} from '../errors/auth.ts'
import { APPROVE_PATH } from './deviceApproval.ts'
import { bindSession } from './dpop.ts'
import { type AuthFlow, type AuthRouteDeps, mailRefusal, retryLater } from './flow.ts'
import {
  deviceChallengeStatus,
  expireOtherLoginChallenges,
  loginAccount,
  loginChallengeEmail,
  releaseDeviceOtp,
} from './loginChallenges.ts'
import { authMails } from './mailer.ts'
import { emailLoginLockedFor, refundOtpTry, secondsUntil, takeOtpTry } from './otpBudget.ts'
import { deviceSummary, displayAddress } from './requestInfo.ts'
import {
  authValidationHook,
  body,
  ChallengeId,
  CommonQuery,
  EmailField,
  error,
  guarded,
  json,
  mailResponses,
  OtpBody,
  otpRefusal,
  toUser,
  UserSchema,
} from './schemas.ts'
import { createChallenge, verifyOtp } from './store/challenges.ts'
import { newOtp, randomToken, sha256 } from './store/hashing.ts'
import { completeLogin } from './store/sessions.ts'
import { findUser } from './store/users.ts'

export const postEmailRoute = createRoute({
  method: 'post',
  path: '/auth/v1/email',
  summary:
    'Starts an email login: a code for a device that signed in to the email before, else a device-approval link',
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        email: EmailField,
        deviceId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{22,64}$/, { error: 'must be 22 to 64 of A-Z a-z 0-9 _ -' }),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']), challengeId: z.string() }),
      'What the frame asks for next',
    ),
    ...guarded,
    ...mailResponses,
  },
})

export const postDeviceRoute = createRoute({
  method: 'post',
  path: '/auth/v1/device',
  summary: 'Polls a device approval; once approved, mails the code (once)',
  request: { query: CommonQuery, body: body(z.object({ challengeId: ChallengeId })) },
  responses: {
    200: json(
      z.object({ approved: z.boolean(), action: z.literal('VERIFY_OTP').optional() }),
      'Approved or not yet',
    ),
    ...guarded,
    410: error('Unknown or expired sign-in request'),
    ...mailResponses,
  },
})

export const postOtpRoute = createRoute({
  method: 'post',
  path: '/auth/v1/otp',
  summary: 'Checks the one-time code; creates the user if new and a session',
  request: { query: CommonQuery, body: body(OtpBody) },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    ...guarded,
    410: error('The code has expired, was used or is unknown'),
  },
})

export function registerEmailLoginRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: AuthRouteDeps,
  flow: AuthFlow,
) {
  const { db, now } = flow
  const locked = (c: Context<AppEnv>, seconds: number) =>
    retryLater(c, seconds, authEmailLoginLocked(seconds))

  app.openapi(
    postEmailRoute,
    async (c) => {
      const { email, deviceId } = c.req.valid('json')
      const projectId = c.var.project.project_id
      const lockedFor = await emailLoginLockedFor(db, { projectId, email }, now())
      if (lockedFor > 0) return locked(c, lockedFor)
      const requestDevice = deviceSummary(c.req.header('User-Agent'))
      const requestIp = displayAddress(flow.clientAddressOf(c))
      const outcome = await flow.withCooldown({ projectId, email, kind: 'login' }, async (at) => {
        const deviceHash = sha256(deviceId)
        const { userId, knownDevice } = await loginAccount(db, projectId, email, deviceHash)
        const challenge = {
          ...{ projectId, kind: 'login' as const, email, deviceHash, userId },
          ...{ requestDevice, requestIp },
        }
        if (knownDevice) {
          const otp = newOtp()
          const expiresAt = new Date(at.getTime() + AUTH_OTP_TTL_MS)
          const id = await createChallenge(db, { ...challenge, otp, expiresAt }, at)
          const mail = authMails.loginOtp(email, otp.otp)
          const started = await flow.mailChallenge(id, mail, 'VERIFY_OTP' as const)
          if (started) await expireOtherLoginChallenges(db, { projectId, email, keepId: id }, at)
          return started
        }
        const token = randomToken()
        const approval = {
          approvalTokenHash: sha256(token),
          expiresAt: new Date(at.getTime() + AUTH_DEVICE_APPROVAL_TTL_MS),
        }
        const id = await createChallenge(db, { ...challenge, ...approval }, at)
        const link = `${deps.publicUrl()}${APPROVE_PATH}?token=${token}`
        const request = { device: requestDevice, ip: requestIp, at }
        const mail = authMails.deviceApproval(email, link, request)
        return flow.mailChallenge(id, mail, 'VERIFY_DEVICE' as const)
      })
      if ('ok' in outcome) return c.json(outcome.ok, 200)
      return mailRefusal(c, outcome)
    },
    authValidationHook,
  )

  app.openapi(
    postDeviceRoute,
    async (c) => {
      const { challengeId } = c.req.valid('json')
      const projectId = c.var.project.project_id
      const otp = newOtp()
      const at = now()
      const state = await deviceChallengeStatus(db, projectId, challengeId, otp, at)
      if (state.status === 'expired') return c.json(authChallengeExpired, 410)
      if (state.status === 'pending') return c.json({ approved: false }, 200)
      if (state.status === 'send-otp') {
        if (!(await flow.sendMail(authMails.loginOtp(state.email, otp.otp)))) {
          await releaseDeviceOtp(db, challengeId, state.previousExpiresAt)
          return c.json(authMailFailed, 502)
        }
        const where = { projectId, email: state.email, keepId: challengeId }
        await expireOtherLoginChallenges(db, where, at)
      }
      return c.json({ approved: true, action: 'VERIFY_OTP' as const }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postOtpRoute,
    async (c) => {
      const { challengeId, otp } = c.req.valid('json')
      const at = now()
      const projectId = c.var.project.project_id
      const email = await loginChallengeEmail(db, projectId, challengeId)
      if (email === undefined) return c.json(authOtpExpired, 410)
      const budget = { projectId, email }
      const taken = await takeOtpTry(db, budget, at)
      if (!taken.ok) return locked(c, taken.retryAfter)
      const where = { projectId, id: challengeId, kind: 'login' as const }
      const outcome = await verifyOtp(db, where, otp, at)
      const wrong = outcome.status === 'wrong' || (outcome.status === 'locked' && outcome.counted)
      if (!wrong) await refundOtpTry(db, budget)
      else if (taken.lockedUntil) {
        // This wrong code used the budget up: one notice to the address, and the lock's answer.
        await flow.sendMail(authMails.loginLocked(email, taken.lockedUntil))
        return locked(c, secondsUntil(taken.lockedUntil, at))
      }
      if (outcome.status !== 'ok') {
        const { body, status } = otpRefusal(outcome)
        return c.json(body, status)
      }
      const login = await completeLogin(db, outcome.challenge, at)
      const user = login && (await findUser(db, { id: login.userId }))
      if (!login || !user) return c.json(authOtpExpired, 410) // not approved; or deleted meanwhile
      await bindSession(db, login.token, c.var.dpopJkt)
      return c.json({ token: login.token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
