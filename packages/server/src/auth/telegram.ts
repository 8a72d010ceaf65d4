// Telegram login for the embedded wallet (README "Telegram login"): inside a Telegram Mini App
// the frame sends the initData Telegram gave the app to POST /auth/v1/telegram/connect; once
// its HMAC checks out against the project's bot token, the Telegram user signs in like a social
// login (one wallet per Telegram user id and project).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import {
  AUTH_SOCIAL_CLOCK_SKEW_MS,
  TELEGRAM_INIT_DATA_MAX_AGE_S,
  TELEGRAM_INIT_DATA_MAX_LENGTH,
} from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { authSocialConnectFailed } from '../errors/auth.ts'
import { bindSession } from './dpop.ts'
import {
  authValidationHook,
  body,
  CommonQuery,
  error,
  guarded,
  json,
  toUser,
  UserSchema,
} from './routes.ts'
import { completeSocialLogin } from './store/sessions.ts'
import { findUser } from './store/users.ts'
import { verifyInitData } from './telegramInitData.ts'

export const postTelegramConnectRoute = createRoute({
  method: 'post',
  path: '/auth/v1/telegram/connect',
  summary: "Signs in the Telegram user of a Mini App's initData; creates the user if new",
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        initData: z.string().min(1).max(TELEGRAM_INIT_DATA_MAX_LENGTH).openapi({
          description: 'Telegram.WebApp.initData, as Telegram gave it to the Mini App',
        }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    ...guarded,
    400: error('The project has no Telegram bot (Failed to connect)'),
    401: error("Not signed by the project's bot, or too old (Failed to connect)"),
  },
})

export interface TelegramRouteDeps {
  db: Kysely<Database>
  now: () => number
  logger?: Logger
}

export function registerTelegramRoutes(app: OpenAPIHono<AppEnv>, deps: TelegramRouteDeps) {
  app.openapi(
    postTelegramConnectRoute,
    async (c) => {
      const project = c.var.project
      const botToken = project.telegram_bot_token
      if (!botToken) return c.json(authSocialConnectFailed, 400)
      const verdict = verifyInitData(c.req.valid('json').initData, botToken, {
        nowSeconds: Math.floor(deps.now() / 1000),
        maxAgeSeconds: TELEGRAM_INIT_DATA_MAX_AGE_S,
        clockSkewSeconds: AUTH_SOCIAL_CLOCK_SKEW_MS / 1000,
      })
      if (!verdict.ok) {
        deps.logger?.warn({ reason: verdict.reason }, 'telegram login refused')
        return c.json(authSocialConnectFailed, 401)
      }
      const account = {
        projectId: project.project_id,
        provider: 'telegram' as const,
        sub: verdict.user.id,
        userName: verdict.user.userName,
        email: null,
      }
      const { token, userId } = await completeSocialLogin(deps.db, account, new Date(deps.now()))
      const user = await findUser(deps.db, { id: userId })
      if (!user) return c.json(authSocialConnectFailed, 401) // deleted meanwhile
      await bindSession(deps.db, token, c.var.dpopJkt)
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
