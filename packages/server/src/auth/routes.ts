// Embedded-wallet auth (README "Embedded-wallet auth"): email login with one-time codes and
// device approval, sessions, the encrypted wallets (one per namespace) and their wrapping key,
// email change. Social login is in social.ts. Called only by the frame, from its own origin.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { encodeBase58, isValidEmail, OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import { decodeBase58, isSolanaAddress } from '../chain/base58.ts'
import {
  AUTH_DEVICE_APPROVAL_TTL_MS,
  AUTH_MAX_USER_NAME_LENGTH,
  AUTH_OTP_TTL_MS,
  AUTH_WALLET_IV_BYTES,
  AUTH_WALLET_MAX_CIPHERTEXT_BYTES,
} from '../constants.ts'
import type { Database, WalletNamespace } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  type AuthErrorBody,
  authApprovalLinkInvalidText,
  authChallengeExpired,
  authCooldown,
  authDeviceApprovedText,
  authEmailInUse,
  authInvalidEmail,
  authInvalidParameter,
  authMailFailed,
  authNoEmailLogin,
  authNotConnected,
  authOtpExpired,
  authOtpLocked,
  authSameEmail,
  authWalletExists,
  authWrongOtp,
} from '../errors.ts'
import { commonQuery } from '../routes/params.ts'
import { hasControlCharacters } from '../text.ts'
import { authMails, type Mail, type Mailer } from './mailer.ts'
import {
  approveDevice,
  type CooldownKey,
  changeEmail,
  claimCooldown,
  completeLogin,
  createChallenge,
  deleteChallenge,
  deleteSession,
  deviceChallengeStatus,
  emailTaken,
  findUser,
  findWallets,
  insertWallet,
  isDeviceApproved,
  newOtp,
  type OtpOutcome,
  randomToken,
  releaseChallenge,
  releaseCooldown,
  releaseDeviceOtp,
  type StoredWallet,
  sessionUser,
  sha256,
  type UserView,
  updateUser,
  verifyOtp,
  wrappingKey,
} from './store.ts'

export interface AuthRouteDeps {
  db: Kysely<Database>
  mailer: Mailer
  /** Clock (ms) for cooldowns and expiry */
  now: () => number
  /** The server's URL as a browser opening the device-approval link reaches it */
  publicUrl: () => string
}

// ---- Schemas ----

export const CommonQuery = z.object(commonQuery)

const EmailField = z
  .string()
  .max(254)
  .refine((value) => isValidEmail(value), { error: authInvalidEmail.message })
  .transform((value) => value.trim().toLowerCase())

const ChallengeId = z.uuid({ error: 'must be the challengeId the server gave' })
const Otp = z.string().regex(/^\d{4,10}$/, { error: 'must be 4 to 10 digits' })
const OtpBody = z.object({ challengeId: ChallengeId, otp: Otp })

function base64(name: string, maxBytes: number) {
  return z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4, { error: `must be at most ${maxBytes} bytes` })
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
      error: 'must be base64',
    })
    .refine((value) => value !== '', { error: 'must not be empty' })
    .refine((value) => Buffer.from(value, 'base64').length <= maxBytes, {
      error: `must be at most ${maxBytes} bytes`,
    })
    .openapi({ description: name })
}

const WALLET_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly WalletNamespace[]

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const WalletBody = z
  .object({
    namespace: z
      .enum(WALLET_NAMESPACES)
      .default('eip155')
      .openapi({ description: "The key's chain namespace; default eip155" }),
    address: z
      .string()
      .max(128, { error: 'must be an address' })
      .openapi({ description: 'eip155: 0x and 40 hex digits; solana: base58 of 32 bytes' }),
    iv: base64('AES-GCM iv', AUTH_WALLET_IV_BYTES).refine(
      (value) => Buffer.from(value, 'base64').length === AUTH_WALLET_IV_BYTES,
      { error: `must be ${AUTH_WALLET_IV_BYTES} bytes` },
    ),
    ciphertext: base64('The encrypted key', AUTH_WALLET_MAX_CIPHERTEXT_BYTES),
  })
  .superRefine((wallet, ctx) => {
    if (wallet.namespace === 'eip155' && !EVM_ADDRESS.test(wallet.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'must be 0x and 40 hex digits' })
    }
    if (wallet.namespace === 'solana' && !isSolanaAddress(wallet.address)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'must be a base58 Solana address (32 bytes)',
      })
    }
  })

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

export const UserSchema = z
  .object({
    email: z.string().nullable(),
    address: z.string().nullable().openapi({ description: 'The EVM (eip155) address' }),
    solanaAddress: z.string().nullable(),
    chainId: z.union([z.number(), z.string()]).nullable(),
    accounts: z.array(
      z.object({
        address: z.string(),
        type: z.literal('EOA'),
        namespace: z.enum(WALLET_NAMESPACES),
      }),
    ),
    userName: z.string().nullable(),
    socialProvider: z.enum([...OAUTH_SOCIAL_PROVIDERS, 'telegram']).nullable(),
    preferredAccountType: z.enum(['eoa', 'smartAccount']),
    smartAccountDeployed: z.boolean(),
  })
  .openapi('EmbeddedWalletUser')

const AuthError = z
  .object({
    message: z.string(),
    attemptsLeft: z.number().optional(),
    retryAfter: z.number().optional(),
  })
  .openapi('AuthError')

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}
export const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})
export const error = (description: string) => json(AuthError, description)

export const guarded = {
  400: error('Bad input, or projectId missing (APKT008)'),
  403: error('Unknown projectId (APKT007)'),
  429: error('Rate limited (APKT010), a cooldown, or too many wrong codes; see Retry-After'),
}
const session = { security: [{ authSession: [] }] }
const sessionResponses = { ...guarded, 401: error('Not connected to email or social') }
const otpResponses = {
  ...sessionResponses,
  410: error('The code has expired, was used or is unknown'),
}
const mailResponses = { 502: error('The mail could not be sent') }

// ---- Routes ----

export const postEmailRoute = createRoute({
  method: 'post',
  path: '/auth/v1/email',
  summary: 'Starts an email login: mails a one-time code, or a device-approval link',
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

export const approveDeviceRoute = createRoute({
  method: 'get',
  path: '/auth/v1/device/approve',
  summary: 'The device-approval link of the mail (an HTML page; no projectId)',
  request: { query: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }) },
  responses: {
    200: { description: 'Approved', content: { 'text/html': { schema: z.string() } } },
    400: { description: 'Invalid or expired', content: { 'text/html': { schema: z.string() } } },
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

const UserResponse = json(z.object({ user: UserSchema }), 'The user')

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

const ChallengeResponse = <T extends string>(action: T) =>
  json(z.object({ action: z.literal(action), challengeId: z.string() }), 'The next step')

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
]

// ---- Helpers ----

/** Validation failures as the frame shows them: `{ message }`. */
export function authValidationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
) {
  if (result.success) return undefined
  const issue = result.error.issues[0]
  const name = issue?.path.map(String).join('.') || 'body'
  if (name === 'email') return c.json(authInvalidEmail, 400)
  return c.json(authInvalidParameter(name, issue?.message ?? 'is not valid'), 400)
}

/**
 * §3 Embedded-wallet user. A social user's email and userName are its provider's (a userName the
 * frame set wins); accounts list the EVM wallet, then the Solana one.
 */
export function toUser({ row, address, solanaAddress, social }: UserView) {
  const eoa = (account: string, namespace: WalletNamespace) => ({
    address: account,
    type: 'EOA' as const,
    namespace,
  })
  return {
    email: row.email ?? social?.email ?? null,
    address,
    solanaAddress,
    chainId: row.chain_id ?? null,
    accounts: [
      ...(address ? [eoa(address, 'eip155')] : []),
      ...(solanaAddress ? [eoa(solanaAddress, 'solana')] : []),
    ],
    userName: row.user_name ?? social?.userName ?? null,
    socialProvider: social?.provider ?? null,
    preferredAccountType: row.preferred_account_type,
    smartAccountDeployed: false,
  }
}

/** The canonical form of an address the body schema accepted. */
function canonicalAddress(namespace: WalletNamespace, address: string): string {
  if (namespace === 'eip155') return getAddress(address)
  const bytes = decodeBase58(address)
  return bytes ? encodeBase58(bytes) : address
}

function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(c.req.header('Authorization')?.trim() ?? '')
  return match?.[1]
}

function approvalPage(text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Latchkey</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem"><p>${text}</p></body></html>`
}

type OtpFailure = Exclude<OtpOutcome, { status: 'ok' }>

function otpRefusal(outcome: OtpFailure): { body: AuthErrorBody; status: 400 | 410 | 429 } {
  if (outcome.status === 'wrong') return { body: authWrongOtp(outcome.attemptsLeft), status: 400 }
  if (outcome.status === 'locked') return { body: authOtpLocked, status: 429 }
  return { body: authOtpExpired, status: 410 }
}

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AuthRouteDeps) {
  const { db, mailer } = deps
  const now = () => new Date(deps.now())

  app.openAPIRegistry.registerComponent('securitySchemes', 'authSession', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token of POST /auth/v1/otp or POST /auth/v1/social/connect',
  })

  async function sendMail(mail: Mail): Promise<boolean> {
    try {
      await mailer.send(mail)
      return true
    } catch {
      return false
    }
  }

  /** Mails the challenge; one nobody received is dropped, so it cannot wait for a code. */
  async function mailChallenge<A extends string>(challengeId: string, mail: Mail, action: A) {
    if (await sendMail(mail)) return { action, challengeId }
    await deleteChallenge(db, challengeId)
    return undefined
  }

  /** The session's user, or undefined (the route answers 401). */
  async function signedIn(c: Context<AppEnv>) {
    const token = bearerToken(c)
    if (!token) return undefined
    const user = await sessionUser(db, c.var.project.project_id, token, now())
    return user && { user, token }
  }

  function cooldownRefusal(c: Context<AppEnv>, retryAfter: number) {
    c.header('Retry-After', String(retryAfter))
    return c.json(authCooldown(retryAfter), 429)
  }

  /** Claims the cooldown, runs `start` (which mails); a failed mail releases the cooldown. */
  async function withCooldown<T>(
    key: CooldownKey,
    start: (at: Date) => Promise<T | undefined>,
  ): Promise<{ ok: T } | { retryAfter: number } | { mailFailed: true }> {
    const at = now()
    const claim = await claimCooldown(db, key, at)
    if (!claim.ok) return { retryAfter: claim.retryAfter }
    const result = await start(at)
    if (result !== undefined) return { ok: result }
    await releaseCooldown(db, key, at)
    return { mailFailed: true }
  }

  app.openapi(
    postEmailRoute,
    async (c) => {
      const { email, deviceId } = c.req.valid('json')
      const projectId = c.var.project.project_id
      const outcome = await withCooldown({ projectId, email, kind: 'login' }, async (at) => {
        const user = await findUser(db, { projectId, email })
        const deviceHash = sha256(deviceId)
        const challenge = { projectId, kind: 'login' as const, email, deviceHash }
        if (user && !(await isDeviceApproved(db, user.row.id, deviceHash))) {
          const token = randomToken()
          const challengeId = await createChallenge(
            db,
            {
              ...challenge,
              userId: user.row.id,
              approvalTokenHash: sha256(token),
              expiresAt: new Date(at.getTime() + AUTH_DEVICE_APPROVAL_TTL_MS),
            },
            at,
          )
          const link = `${deps.publicUrl()}/auth/v1/device/approve?token=${token}`
          return mailChallenge(
            challengeId,
            authMails.deviceApproval(email, link),
            'VERIFY_DEVICE' as const,
          )
        }
        const otp = newOtp()
        const challengeId = await createChallenge(
          db,
          {
            ...challenge,
            userId: user?.row.id ?? null,
            otp,
            expiresAt: new Date(at.getTime() + AUTH_OTP_TTL_MS),
          },
          at,
        )
        return mailChallenge(challengeId, authMails.loginOtp(email, otp.otp), 'VERIFY_OTP' as const)
      })
      if ('retryAfter' in outcome) return cooldownRefusal(c, outcome.retryAfter)
      if ('mailFailed' in outcome) return c.json(authMailFailed, 502)
      return c.json(outcome.ok, 200)
    },
    authValidationHook,
  )

  app.openapi(
    approveDeviceRoute,
    async (c) => {
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      c.header('Referrer-Policy', 'no-referrer')
      c.header('Cache-Control', 'no-store')
      const approved = await approveDevice(db, sha256(c.req.valid('query').token), now())
      return approved
        ? c.html(approvalPage(authDeviceApprovedText), 200)
        : c.html(approvalPage(authApprovalLinkInvalidText), 400)
    },
    (result, c) => {
      if (result.success) return undefined
      c.header('Referrer-Policy', 'no-referrer')
      return c.html(approvalPage(authApprovalLinkInvalidText), 400)
    },
  )

  app.openapi(
    postDeviceRoute,
    async (c) => {
      const { challengeId } = c.req.valid('json')
      const otp = newOtp()
      const state = await deviceChallengeStatus(
        db,
        c.var.project.project_id,
        challengeId,
        otp,
        now(),
      )
      if (state.status === 'expired') return c.json(authChallengeExpired, 410)
      if (state.status === 'pending') return c.json({ approved: false }, 200)
      if (
        state.status === 'send-otp' &&
        !(await sendMail(authMails.loginOtp(state.email, otp.otp)))
      ) {
        await releaseDeviceOtp(db, challengeId, state.previousExpiresAt)
        return c.json(authMailFailed, 502)
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
      const outcome = await verifyOtp(db, { projectId, id: challengeId, kind: 'login' }, otp, at)
      if (outcome.status !== 'ok') {
        const { body, status } = otpRefusal(outcome)
        return c.json(body, status)
      }
      const { token, userId } = await completeLogin(db, outcome.challenge, at)
      const user = await findUser(db, { id: userId })
      if (!user) return c.json(authOtpExpired, 410) // deleted meanwhile
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    getSessionRoute,
    async (c) => {
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(auth.user) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    deleteSessionRoute,
    async (c) => {
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      await deleteSession(db, auth.token)
      return c.body(null, 204)
    },
    authValidationHook,
  )

  app.openapi(
    getWalletRoute,
    async (c) => {
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const userId = auth.user.row.id
      const key = await wrappingKey(db, userId, now())
      const wallets = await findWallets(db, userId)
      return c.json({ wrappingKey: key, wallet: wallets.eip155 ?? null, wallets }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    putWalletRoute,
    async (c) => {
      const auth = await signedIn(c)
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
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      await updateUser(db, auth.user.row.id, c.req.valid('json'))
      const user = await findUser(db, { id: auth.user.row.id })
      if (!user) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(user) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postEmailChangeRoute,
    async (c) => {
      const auth = await signedIn(c)
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
      const key = { projectId: row.project_id, email, kind: 'change' as const }
      const outcome = await withCooldown(key, async (at) => {
        const otp = newOtp()
        const challengeId = await createChallenge(
          db,
          {
            projectId: row.project_id,
            kind: 'change_primary',
            email,
            userId: row.id,
            newEmail,
            otp,
            expiresAt: new Date(at.getTime() + AUTH_OTP_TTL_MS),
          },
          at,
        )
        return mailChallenge(
          challengeId,
          authMails.changePrimary(email, otp.otp, newEmail),
          'VERIFY_PRIMARY_OTP' as const,
        )
      })
      if ('retryAfter' in outcome) return cooldownRefusal(c, outcome.retryAfter)
      if ('mailFailed' in outcome) return c.json(authMailFailed, 502)
      return c.json(outcome.ok, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postEmailChangePrimaryRoute,
    async (c) => {
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { challengeId, otp } = c.req.valid('json')
      const { row } = auth.user
      const at = now()
      const where = { projectId: row.project_id, id: challengeId, userId: row.id }
      const outcome = await verifyOtp(db, { ...where, kind: 'change_primary' }, otp, at)
      if (outcome.status !== 'ok') {
        const { body, status } = otpRefusal(outcome)
        return c.json(body, status)
      }
      const newEmail = outcome.challenge.new_email ?? ''
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
      if (!(await sendMail(authMails.changeSecondary(newEmail, next.otp)))) {
        // The code the person typed stays good for another try.
        await deleteChallenge(db, nextId)
        await releaseChallenge(db, challengeId)
        return c.json(authMailFailed, 502)
      }
      return c.json({ action: 'VERIFY_SECONDARY_OTP' as const, challengeId: nextId }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postEmailChangeSecondaryRoute,
    async (c) => {
      const auth = await signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { challengeId, otp } = c.req.valid('json')
      const { row } = auth.user
      const where = { projectId: row.project_id, id: challengeId, userId: row.id }
      const outcome = await verifyOtp(db, { ...where, kind: 'change_secondary' }, otp, now())
      if (outcome.status !== 'ok') {
        const { body, status } = otpRefusal(outcome)
        return c.json(body, status)
      }
      if (!(await changeEmail(db, row.id, outcome.challenge.email))) {
        return c.json(authEmailInUse, 409)
      }
      const user = await findUser(db, { id: row.id })
      if (!user) return c.json(authNotConnected, 401)
      return c.json({ user: toUser(user) }, 200)
    },
    authValidationHook,
  )
}
