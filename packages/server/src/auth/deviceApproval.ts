// The device-approval link of the mail (README "Embedded-wallet auth"). Mail scanners and link
// previews open every link, so GET only shows a page naming the sign-in request (device, address,
// time) and changes nothing; its Approve button POSTs a form that approves the request once,
// within AUTH_DEVICE_APPROVAL_TTL_MS of the mail. The form carries a CSRF token, an HMAC of the
// link's token under a random key kept in a SameSite=Strict cookie: a form posted from any other
// page or site lacks the cookie, or the token that matches it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { AUTH_APPROVAL_COOKIE, AUTH_DEVICE_APPROVAL_TTL_MS } from '../constants/auth.ts'
import type { AppEnv } from '../env.ts'
import {
  authApprovalLinkInvalidText,
  authApprovalNotConfirmedText,
  authDeviceApprovedText,
} from '../errors/auth.ts'
import { APPROVAL_PAGE_HEADERS, confirmationPage, messagePage } from './approvalPage.ts'
import type { AuthFlow, AuthRouteDeps } from './flow.ts'
import { approveChallenge, findApprovalRequest } from './loginChallenges.ts'
import { randomToken, sha256 } from './store/hashing.ts'

export const APPROVE_PATH = '/auth/v1/device/approve'

const Token = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
})

export const getApproveDeviceRoute = createRoute({
  method: 'get',
  path: APPROVE_PATH,
  summary:
    "The mail's device-approval link: a page naming the sign-in request with an Approve button; changes nothing (no projectId)",
  request: { query: z.object({ token: Token }) },
  responses: {
    200: html(`The confirmation page; sets the ${AUTH_APPROVAL_COOKIE} cookie its form needs`),
    400: html('Invalid, used or expired'),
  },
})

export const postApproveDeviceRoute = createRoute({
  method: 'post',
  path: APPROVE_PATH,
  summary:
    "The confirmation page's Approve: approves the sign-in request, once, within 10 minutes of the mail",
  request: {
    cookies: z.object({ [AUTH_APPROVAL_COOKIE]: z.string().optional() }),
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ token: Token, csrf: z.string().max(64) }),
        },
      },
    },
  },
  responses: {
    200: html('Approved: the frame polling POST /auth/v1/device gets the code next'),
    400: html('Invalid, used or expired, or not sent from its confirmation page'),
  },
})

/** The form's CSRF token: the link's token, signed with the browser's cookie key. */
const csrfFor = (key: string, token: string) =>
  createHmac('sha256', key).update(`device-approval:${token}`).digest('base64url')

function csrfMatches(key: string | undefined, token: string, csrf: string): boolean {
  if (!key || !Token.safeParse(key).success) return false
  const expected = Buffer.from(csrfFor(key, token))
  const given = Buffer.from(csrf)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function page(c: Context<AppEnv>, body: string, status: 200 | 400) {
  for (const [name, value] of Object.entries(APPROVAL_PAGE_HEADERS)) c.header(name, value)
  return c.html(body, status)
}

const invalidLink = (result: { success: boolean }, c: Context<AppEnv>) =>
  result.success ? undefined : page(c, messagePage(authApprovalLinkInvalidText), 400)

export function registerDeviceApprovalRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: AuthRouteDeps,
  flow: AuthFlow,
) {
  const { db, now } = flow

  app.openapi(
    getApproveDeviceRoute,
    async (c) => {
      const { token } = c.req.valid('query')
      const request = await findApprovalRequest(db, sha256(token), now())
      if (!request) return page(c, messagePage(authApprovalLinkInvalidText), 400)
      // One key per browser: two links open in one browser both keep working.
      const current = getCookie(c, AUTH_APPROVAL_COOKIE)
      const key = current && Token.safeParse(current).success ? current : randomToken()
      setCookie(c, AUTH_APPROVAL_COOKIE, key, {
        path: APPROVE_PATH,
        httpOnly: true,
        sameSite: 'Strict',
        secure: deps.publicUrl().startsWith('https:'),
        maxAge: AUTH_DEVICE_APPROVAL_TTL_MS / 1000,
      })
      const body = confirmationPage({
        device: request.device ?? 'Unknown browser',
        ip: request.ip ?? 'unknown',
        at: request.at,
        token,
        csrf: csrfFor(key, token),
      })
      return page(c, body, 200)
    },
    invalidLink,
  )

  app.openapi(
    postApproveDeviceRoute,
    async (c) => {
      const { token, csrf } = c.req.valid('form')
      const key = c.req.valid('cookie')[AUTH_APPROVAL_COOKIE]
      if (!csrfMatches(key, token, csrf)) {
        return page(c, messagePage(authApprovalNotConfirmedText), 400)
      }
      return (await approveChallenge(db, sha256(token), now()))
        ? page(c, messagePage(authDeviceApprovedText), 200)
        : page(c, messagePage(authApprovalLinkInvalidText), 400)
    },
    invalidLink,
  )
}
