// Embedded-wallet auth (README "Embedded-wallet auth"): sessions, the encrypted wallets (one per
// namespace) and their wrapping key, the user's settings; and the registration of every auth
// route: email login (emailLogin.ts, deviceApproval.ts), email change (emailChange.ts), sign out
// everywhere (sessions.ts), wrapping-key rotation (walletRotation.ts), passkeys (passkeys/), key
// export (keyExport.ts).
// Social login is in social.ts. Called only by the frame, from its own origin.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { AUTH_MAX_USER_NAME_LENGTH } from '../constants/auth.ts'
import type { AppEnv } from '../env.ts'
import { authNotConnected, authWalletExists } from '../errors/auth.ts'
import { hasControlCharacters } from '../text.ts'
import { registerDeviceApprovalRoutes } from './deviceApproval.ts'
import {
  postEmailChangePrimaryRoute,
  postEmailChangeRoute,
  postEmailChangeSecondaryRoute,
  registerEmailChangeRoutes,
} from './emailChange.ts'
import {
  postDeviceRoute,
  postEmailRoute,
  postOtpRoute,
  registerEmailLoginRoutes,
} from './emailLogin.ts'
import { type AuthRouteDeps, authFlow } from './flow.ts'
import { KEY_EXPORT_ROUTES, registerKeyExportRoutes } from './keyExport.ts'
import { registerPasskeyRoutes } from './passkeys/register.ts'
import { PASSKEY_ROUTES } from './passkeys/routes.ts'
import { REVERIFY_ROUTES, registerReverifyRoutes } from './reverify.ts'
import {
  authValidationHook,
  body,
  CommonQuery,
  error,
  guarded,
  json,
  session,
  sessionResponses,
  toUser,
  UserResponse,
  UserSchema,
} from './schemas.ts'
import { registerSessionRoutes, SESSION_ROUTES } from './sessions.ts'
import { deleteSession } from './store/sessions.ts'
import { findUser, updateUser } from './store/users.ts'
import { insertWallet, keyAndWallets, type StoredWallet } from './store/wallets.ts'
import {
  registerWalletRotationRoutes,
  rotationDue,
  WALLET_ROTATION_ROUTES,
} from './walletRotation.ts'
import { canonicalAddress, WalletBody } from './walletSchemas.ts'

// What social.ts, telegram.ts and app.ts take from here (defined in schemas.ts and the route modules)
export {
  authValidationHook,
  body,
  CommonQuery,
  error,
  guarded,
  json,
  postDeviceRoute,
  postEmailChangePrimaryRoute,
  postEmailChangeRoute,
  postEmailChangeSecondaryRoute,
  postEmailRoute,
  postOtpRoute,
  toUser,
  UserSchema,
}

// ---- Schemas ----

const UserPatchBody = z.strictObject({
  chainId: z
    .union([
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      z.string().regex(/^[-_:A-Za-z0-9]{1,64}$/),
    ])
    .optional(),
  preferredAccountType: z.enum(['eoa', 'smartAccount']).optional(),
  userName: z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(AUTH_MAX_USER_NAME_LENGTH, {
      error: `must be at most ${AUTH_MAX_USER_NAME_LENGTH} characters`,
    })
    .refine((value) => !hasControlCharacters(value), {
      error: 'must not contain control characters',
    })
    .nullable()
    .optional(),
})

// ---- Routes ----

export const getSessionRoute = createRoute({
  method: 'get',
  path: '/auth/v1/session',
  summary: "The session's user",
  request: { query: CommonQuery },
  ...session,
  responses: { 200: UserResponse, ...sessionResponses },
})

export const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/auth/v1/session',
  summary: 'Signs out: the session is revoked',
  request: { query: CommonQuery },
  ...session,
  responses: { 204: { description: 'Revoked' }, ...sessionResponses },
})

const WalletSchema = z.object({ address: z.string(), iv: z.string(), ciphertext: z.string() })

export const getWalletRoute = createRoute({
  method: 'get',
  path: '/auth/v1/wallet',
  summary: "The user's wrapping key and encrypted wallets, by namespace",
  request: { query: CommonQuery },
  ...session,
  responses: {
    200: json(
      z.object({
        wrappingKey: z.string(),
        wallet: WalletSchema.nullable().openapi({
          description: 'The eip155 wallet (null before its upload), as before wallets',
        }),
        wallets: z.object({ eip155: WalletSchema.optional(), solana: WalletSchema.optional() }),
        rotationDue: z.literal(true).optional().openapi({
          description: 'Present when the key is due for rotation (POST /auth/v1/wallet/rotation)',
        }),
      }),
      'Keys',
    ),
    ...sessionResponses,
  },
})

export const putWalletRoute = createRoute({
  method: 'put',
  path: '/auth/v1/wallet',
  summary: 'Stores a wallet of a namespace, encrypted in the frame with the wrapping key (once)',
  request: { query: CommonQuery, body: body(WalletBody) },
  ...session,
  responses: {
    201: UserResponse,
    ...sessionResponses,
    409: error('The user already has a wallet of the namespace'),
  },
})

export const patchUserRoute = createRoute({
  method: 'patch',
  path: '/auth/v1/user',
  summary: "Sets the user's chain id, preferred account type or user name",
  request: { query: CommonQuery, body: body(UserPatchBody) },
  ...session,
  responses: { 200: UserResponse, ...sessionResponses },
})

/** Every auth route that takes projectId: these get the project, frame CORS and rate limits. */
export const AUTH_PROJECT_ROUTES = [
  postEmailRoute,
  postDeviceRoute,
  postOtpRoute,
  getSessionRoute,
  deleteSessionRoute,
  getWalletRoute,
  putWalletRoute,
  patchUserRoute,
  postEmailChangeRoute,
  postEmailChangePrimaryRoute,
  postEmailChangeSecondaryRoute,
  ...SESSION_ROUTES,
  ...WALLET_ROTATION_ROUTES,
  ...PASSKEY_ROUTES,
  ...KEY_EXPORT_ROUTES,
  ...REVERIFY_ROUTES,
]

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AuthRouteDeps) {
  const flow = authFlow(deps)
  const { db, now } = flow

  app.openAPIRegistry.registerComponent('securitySchemes', 'authSession', {
    type: 'http',
    scheme: 'DPoP',
    description:
      'The token of POST /auth/v1/otp or POST /auth/v1/social/connect, as `DPoP <token>`, with a ' +
      'DPoP proof header by the key the session is bound to (SECURITY.md "Proof of possession")',
  })

  registerEmailLoginRoutes(app, deps, flow)
  registerDeviceApprovalRoutes(app, deps, flow)
  registerEmailChangeRoutes(app, flow)
  registerSessionRoutes(app, flow)
  registerWalletRotationRoutes(app, flow)
  registerPasskeyRoutes(app, flow, deps.frameOrigins ?? [])
  registerKeyExportRoutes(app, flow)
  registerReverifyRoutes(app, flow)

  app.openapi(
    getSessionRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(auth.user) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    deleteSessionRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      await deleteSession(db, auth.token)
      return c.body(null, 204)
    },
    authValidationHook,
  )

  app.openapi(
    getWalletRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const userId = auth.user.row.id
      const { wrappingKey, wallets } = await keyAndWallets(db, userId, now())
      const due = await rotationDue(db, userId, now())
      const body = { wrappingKey, wallet: wallets.eip155 ?? null, wallets }
      return c.json({ ...body, ...(due && { rotationDue: true as const }) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    putWalletRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { namespace, ...input } = c.req.valid('json')
      const wallet: StoredWallet = { ...input, address: canonicalAddress(namespace, input.address) }
      const userId = auth.user.row.id
      if (!(await insertWallet(db, userId, namespace, wallet, now()))) {
        return c.json(authWalletExists, 409)
      }
      const user = await findUser(db, { id: userId })
      if (!user) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(user) }, 201)
    },
    authValidationHook,
  )

  app.openapi(
    patchUserRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      await updateUser(db, auth.user.row.id, c.req.valid('json'))
      const user = await findUser(db, { id: auth.user.row.id })
      if (!user) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
