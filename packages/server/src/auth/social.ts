// Social login for the embedded wallet (README "Social login"): the OAuth 2.0 authorization code
// flow with PKCE (S256), run by this server for the frame, whose code verifier it is: the frame
// sends its challenge to POST /auth/v1/social/start, which gives the provider's authorization URL
// (a popup opens it); the popup comes back to the dapp page with ?code&state, and the frame hands
// that URL and its verifier to POST /auth/v1/social/connect, which exchanges the code, reads the
// provider's user, and signs the user in. The URL alone, which the dapp page sees, is worth
// nothing (socialStates.ts).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import {
  AUTH_PKCE_CHALLENGE,
  AUTH_PKCE_VERIFIER,
  AUTH_SOCIAL_MAX_URI_LENGTH,
  AUTH_SOCIAL_STATE_TTL_MS,
} from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  authInvalidParameter,
  authSocialConnectFailed,
  authSocialStartFailed,
} from '../errors/auth.ts'
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
import {
  allowedRedirectUri,
  authorizationUrl,
  configured,
  type SocialOptions,
} from './socialProviders.ts'
import { createSocialState, takeSocialState } from './socialStates.ts'
import { ProviderRefused, readProviderUser } from './socialUser.ts'
import { randomToken } from './store/hashing.ts'
import { completeSocialLogin, type SocialAccount } from './store/sessions.ts'
import { findUser } from './store/users.ts'

export const postSocialStartRoute = createRoute({
  method: 'post',
  path: '/auth/v1/social/start',
  summary: "Starts a social login: the provider's authorization URL (PKCE, single-use state)",
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        provider: z.enum(OAUTH_SOCIAL_PROVIDERS),
        redirectUri: z.string().max(2048).openapi({
          description:
            "Where the provider sends the popup back: a page on one of the project's origins",
        }),
        codeChallenge: z
          .string()
          .regex(AUTH_PKCE_CHALLENGE, { error: 'must be a PKCE S256 challenge' })
          .openapi({
            description: 'S256 of a PKCE code verifier only the frame holds (RFC 7636)',
          }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ uri: z.string() }), 'The URL the popup opens'),
    ...guarded,
  },
})

export const postSocialConnectRoute = createRoute({
  method: 'post',
  path: '/auth/v1/social/connect',
  summary: 'Completes a social login from the URL the popup came back to; creates the user if new',
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        uri: z.string().max(AUTH_SOCIAL_MAX_URI_LENGTH).openapi({
          description: 'redirectUri?code=…&state=… (or ?error=…&state=…)',
        }),
        codeVerifier: z
          .string()
          .regex(AUTH_PKCE_VERIFIER, { error: 'must be a PKCE code verifier' })
          .openapi({
            description: "The verifier of start's codeChallenge",
          }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    ...guarded,
    400: error('Bad input, or the provider refused (Failed to connect)'),
    410: error('Unknown, used or expired state (Failed to connect)'),
  },
})

/** The social routes: they take projectId (project, frame CORS, rate limits) */
export const SOCIAL_ROUTES = [postSocialStartRoute, postSocialConnectRoute]

export interface SocialRouteDeps {
  db: Kysely<Database>
  now: () => number
  social: SocialOptions
  logger?: Logger
}

export function registerSocialRoutes(app: OpenAPIHono<AppEnv>, deps: SocialRouteDeps) {
  const { db } = deps
  const now = () => new Date(deps.now())

  app.openapi(
    postSocialStartRoute,
    async (c) => {
      const { provider, redirectUri, codeChallenge } = c.req.valid('json')
      const project = c.var.project
      const redirect = allowedRedirectUri(redirectUri, project.allowed_origins)
      if (!redirect) {
        return c.json(
          authInvalidParameter(
            'redirectUri',
            "must be an http(s) page on one of the project's allowed origins",
          ),
          400,
        )
      }
      const config = configured(deps.social, provider)
      if (!config) return c.json(authSocialStartFailed, 400)
      const at = now()
      const state = randomToken()
      const nonce = config.issuer === undefined ? null : randomToken()
      await createSocialState(
        db,
        {
          projectId: project.project_id,
          provider,
          state,
          codeChallenge,
          nonce,
          redirectUri: redirect.href,
          expiresAt: new Date(at.getTime() + AUTH_SOCIAL_STATE_TTL_MS),
        },
        at,
      )
      const uri = authorizationUrl(config, {
        state,
        codeChallenge,
        nonce,
        redirectUri: redirect.href,
      })
      return c.json({ uri }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postSocialConnectRoute,
    async (c) => {
      const projectId = c.var.project.project_id
      const { uri, codeVerifier } = c.req.valid('json')
      const url = URL.parse(uri)
      if (!url) return c.json(authSocialConnectFailed, 400)
      const params = url.searchParams
      const state = params.get('state')
      if (params.has('error')) {
        // The provider (or the person) said no: the sign-in is over.
        if (state) await takeSocialState(db, projectId, state, codeVerifier, now())
        return c.json(authSocialConnectFailed, 400)
      }
      const at = now()
      const pending = state
        ? await takeSocialState(db, projectId, state, codeVerifier, at)
        : undefined
      if (!pending) return c.json(authSocialConnectFailed, 410)
      const expected = new URL(pending.redirect_uri)
      const config = configured(deps.social, pending.provider)
      const code = params.get('code')
      const iss = params.get('iss')
      if (
        !config ||
        url.origin !== expected.origin ||
        url.pathname !== expected.pathname ||
        !code ||
        (iss !== null && config.issuer !== undefined && iss !== config.issuer)
      ) {
        return c.json(authSocialConnectFailed, 400)
      }
      let account: SocialAccount
      try {
        const user = await readProviderUser(config, code, pending, at)
        account = { projectId, provider: pending.provider, ...user }
      } catch (error) {
        if (!(error instanceof ProviderRefused)) throw error
        deps.logger?.warn(
          { provider: pending.provider, reason: error.message },
          'social login refused by the provider',
        )
        return c.json(authSocialConnectFailed, 400)
      }
      const { token, userId } = await completeSocialLogin(db, account, now())
      const user = await findUser(db, { id: userId })
      if (!user) return c.json(authSocialConnectFailed, 410) // deleted meanwhile
      await bindSession(db, token, c.var.dpopJkt)
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
