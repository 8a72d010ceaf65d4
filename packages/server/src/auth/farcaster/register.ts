// The handlers of Sign In With Farcaster's routes (routes.ts). A verified sign-in signs the fid
// in like a social login: one wallet per fid and project (provider 'farcaster', sub the fid).
import { generateNonce } from '@farcaster/auth-client'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { FARCASTER_CHANNEL_TTL_MS } from '../../constants/auth.ts'
import type { Database } from '../../db/schema.ts'
import type { AppEnv } from '../../env.ts'
import {
  authFarcasterChainFailed,
  authFarcasterChannelGone,
  authFarcasterNotConfigured,
  authFarcasterOriginRefused,
  authFarcasterRefused,
  authFarcasterRelayFailed,
} from '../../errors/farcaster.ts'
import { bindSession } from '../dpop.ts'
import { authValidationHook, toUser } from '../schemas.ts'
import { completeSocialLogin } from '../store/sessions.ts'
import { findUser } from '../store/users.ts'
import { findChannel, storeChannel, takeChannel } from './channels.ts'
import {
  type FarcasterOptions,
  farcasterRelay,
  type RelayStatus,
  RelayUnavailable,
  relayUserName,
} from './relay.ts'
import { postFarcasterConnectRoute, postFarcasterStartRoute } from './routes.ts'

export interface FarcasterRouteDeps {
  db: Kysely<Database>
  now: () => number
  /** Without it the routes answer 400 */
  farcaster?: FarcasterOptions
  /** The frame's origins: the sign-in message names the one the sign-in started from */
  frameOrigins: readonly string[]
  logger?: Logger
}

export function registerFarcasterRoutes(app: OpenAPIHono<AppEnv>, deps: FarcasterRouteDeps) {
  const { db, logger } = deps
  const relay = deps.farcaster && farcasterRelay(deps.farcaster)
  const now = () => new Date(deps.now())
  const relayFailed = (error: unknown, step: string) => {
    if (!(error instanceof RelayUnavailable)) throw error
    logger?.warn({ reason: error.message, step }, 'farcaster relay failed')
    return authFarcasterRelayFailed
  }

  app.openapi(
    postFarcasterStartRoute,
    async (c) => {
      if (!relay) return c.json(authFarcasterNotConfigured, 400)
      const origin = c.req.header('Origin')
      if (!origin || !deps.frameOrigins.includes(origin)) {
        return c.json(authFarcasterOriginRefused, 400)
      }
      const domain = new URL(origin).host
      const nonce = generateNonce()
      const at = now()
      const expiresAt = new Date(at.getTime() + FARCASTER_CHANNEL_TTL_MS)
      let channel: { url: string; channelToken: string }
      try {
        channel = await relay.openChannel({ siweUri: origin, domain, nonce, expiresAt })
      } catch (error) {
        return c.json(relayFailed(error, 'start'), 502)
      }
      const { codeChallenge } = c.req.valid('json')
      const projectId = c.var.project.project_id
      await storeChannel(db, { ...channel, projectId, codeChallenge, nonce, domain, expiresAt }, at)
      return c.json({ ...channel, expiresAt: expiresAt.toISOString() }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postFarcasterConnectRoute,
    async (c) => {
      if (!relay) return c.json(authFarcasterNotConfigured, 400)
      const projectId = c.var.project.project_id
      const { channelToken, codeVerifier } = c.req.valid('json')
      const channel = await findChannel(db, projectId, channelToken, codeVerifier, now())
      if (!channel) return c.json(authFarcasterChannelGone, 410)
      let status: RelayStatus
      try {
        status = await relay.status(channelToken)
      } catch (error) {
        return c.json(relayFailed(error, 'status'), 502)
      }
      if (status.state === 'pending') return c.json({ state: 'pending' as const }, 202)
      if (status.state === 'gone') return c.json(authFarcasterChannelGone, 410)
      if (!(await takeChannel(db, channel, now()))) return c.json(authFarcasterChannelGone, 410)
      const verdict = await relay.verify({
        nonce: channel.nonce,
        domain: channel.domain,
        message: status.message,
        signature: status.signature,
      })
      if (!verdict.ok) {
        logger?.warn({ reason: verdict.reason }, 'farcaster login refused')
        return verdict.unavailable
          ? c.json(authFarcasterChainFailed, 502)
          : c.json(authFarcasterRefused, 401)
      }
      const account = {
        projectId,
        provider: 'farcaster' as const,
        sub: String(verdict.fid),
        userName: relayUserName(status, verdict.fid),
        email: null,
      }
      const { token, userId } = await completeSocialLogin(db, account, now())
      const user = await findUser(db, { id: userId })
      if (!user) return c.json(authFarcasterChannelGone, 410) // deleted meanwhile
      await bindSession(db, token, c.var.dpopJkt)
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
