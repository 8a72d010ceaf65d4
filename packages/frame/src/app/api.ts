// The auth API as the frame sees it (packages/server/src/auth/, its contract in the server's
// /openapi.json; and GET /projects/v1/origins of packages/server/src/routes/config.ts). Every response is parsed before
// use; a 4xx/5xx body's `message` becomes the error text verbatim (the host shows it), otherwise
// §8 'HTTP status code: N'.
import * as z from 'zod/mini'
import { ApiError, BAD_RESPONSE, errorFrom, NOT_REACHED, TIMED_OUT } from './apiError.ts'
import { HTTP_TIMEOUT_MS } from './config.ts'
import type { Prover } from './dpop.ts'
import type { EncryptedWallet, KeyNamespace } from './keys.ts'

const chainId = z.union([z.number(), z.string()])

/** `user` of the contract (spec §3); address is null before the frame uploaded a wallet. */
const ServerUser = z.object({
  email: z.optional(z.nullable(z.string())),
  address: z.optional(z.nullable(z.string())),
  chainId: z.optional(z.nullable(chainId)),
  userName: z.optional(z.nullable(z.string())),
  preferredAccountType: z.optional(z.nullable(z.string())),
  /** Social login: the provider the user signed in with */
  socialProvider: z.optional(z.nullable(z.string())),
  solanaAddress: z.optional(z.nullable(z.string())),
})
export type ServerUser = z.infer<typeof ServerUser>

/** A sign-in's answer: the session and its user */
export const LoginAnswer = z.object({ token: z.string().check(z.minLength(16)), user: ServerUser })

const WalletBlob = z.object({ address: z.string(), iv: z.string(), ciphertext: z.string() })
const MaybeBlob = z.optional(z.nullable(WalletBlob))

const schemas = {
  origins: z.object({ allowedOrigins: z.array(z.string()) }),
  email: z.object({
    action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']),
    challengeId: z.string(),
  }),
  device: z.object({ approved: z.boolean() }),
  login: LoginAnswer,
  user: z.object({ user: ServerUser }),
  wallet: z.object({
    wrappingKey: z.string(),
    /** The eip155 one; `wallets` has every namespace (a server before issue 9 has no `wallets`) */
    wallet: z.nullable(WalletBlob),
    wallets: z.optional(z.object({ eip155: MaybeBlob, solana: MaybeBlob })),
    /** The key is due for rotation (rotation.ts) */
    rotationDue: z.optional(z.boolean()),
  }),
  rotation: z.object({ rotationId: z.string(), wrappingKey: z.string() }),
  social: z.object({ uri: z.string() }),
  farcasterStart: z.object({
    url: z.string(),
    channelToken: z.string().check(z.minLength(1), z.maxLength(256)),
    /** ISO 8601 */
    expiresAt: z.string(),
  }),
  change: z.object({
    action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
    challengeId: z.string(),
  }),
}

const farcasterConnect = z.union([z.object({ state: z.literal('pending') }), schemas.login])

export type EmailAction = z.infer<typeof schemas.email>
export type ChangeAction = z.infer<typeof schemas.change>
export interface WalletResponse {
  wrappingKey: string
  wallet: EncryptedWallet | null
  wallets?: { eip155?: EncryptedWallet | null; solana?: EncryptedWallet | null } | undefined
  rotationDue?: boolean | undefined
}
/** A rotation started on the server: the new wrapping key, not in use until committed */
export interface PendingRotation {
  rotationId: string
  wrappingKey: string
}
export interface Challenge {
  challengeId: string
  otp: string
}
/** A Farcaster relay channel: the URL the visitor opens, and when it ends (epoch ms, our clock) */
export interface FarcasterChannel {
  url: string
  channelToken: string
  expiresAt: number
}
export interface UserPatch {
  chainId?: number | string
  preferredAccountType?: 'eoa' | 'smartAccount'
}

/** The frame's only door to the server. Tests give it their own fetch. */
export interface AuthApi {
  origins(): Promise<string[]>
  connectEmail(body: { email: string; deviceId: string }): Promise<EmailAction>
  pollDevice(challengeId: string): Promise<{ approved: boolean }>
  verifyOtp(body: Challenge): Promise<{ token: string; user: ServerUser }>
  /** POST /auth/v1/social/start: the provider's authorization URL (socialBinding.ts) */
  socialStart(body: {
    provider: string
    redirectUri: string
    /** S256 of a PKCE verifier only the frame holds */
    codeChallenge: string
  }): Promise<{ uri: string }>
  /** POST /auth/v1/social/connect with the URL the popup came back to and the login's verifier */
  socialConnect(body: {
    uri: string
    codeVerifier: string
  }): Promise<{ token: string; user: ServerUser }>
  telegramConnect(body: { initData: string }): Promise<{ token: string; user: ServerUser }>
  /** POST /auth/v1/farcaster/start: a relay channel for the visitor's Farcaster app to sign in */
  farcasterStart(body: {
    /** S256 of a PKCE verifier only the frame holds */
    codeChallenge: string
  }): Promise<FarcasterChannel>
  /**
   * POST /auth/v1/farcaster/connect: `pending` (202) until the visitor signed in with their
   * Farcaster app, then the session, as /social/connect answers it
   */
  farcasterConnect(body: {
    channelToken: string
    codeVerifier: string
  }): Promise<{ state: 'pending' } | { token: string; user: ServerUser }>
  session(token: string): Promise<ServerUser>
  signOut(token: string, timeoutMs?: number): Promise<void>
  wallet(token: string): Promise<WalletResponse>
  putWallet(token: string, wallet: EncryptedWallet, namespace: KeyNamespace): Promise<ServerUser>
  patchUser(token: string, patch: UserPatch): Promise<ServerUser>
  changeEmail(token: string, email: string): Promise<ChangeAction>
  changeEmailPrimary(token: string, body: Challenge): Promise<ChangeAction>
  changeEmailSecondary(token: string, body: Challenge): Promise<ServerUser>
  /** DELETE /auth/v1/sessions: every session of the user ends, this one included */
  signOutEverywhere(token: string): Promise<void>
  /** POST /auth/v1/wallet/rotation */
  startRotation(token: string): Promise<PendingRotation>
  /** POST /auth/v1/wallet/rotate: the new key and the wallets re-encrypted under it, at once */
  commitRotation(
    token: string,
    body: { rotationId: string; wallets: (EncryptedWallet & { namespace: KeyNamespace })[] },
  ): Promise<void>
  /** Any other route, its answer parsed with `schema` (null: no body); passkeyApi.ts uses it */
  call<S extends z.ZodMiniType>(
    method: string,
    path: string,
    schema: S | null,
    init?: CallInit,
  ): Promise<z.infer<S>>
}

export interface CallInit {
  token?: string
  body?: unknown
  timeoutMs?: number
}

export interface ApiOptions {
  baseUrl: string
  projectId: string
  /** composeFrame passes the browser's (looked up on each call) or a test's */
  fetch: typeof fetch
  timeoutMs?: number
  /** Signs a DPoP proof for every auth request; the session then goes as `DPoP <token>` */
  prover?: Prover
}

export function createApi(options: ApiOptions): AuthApi {
  const base = options.baseUrl.replace(/\/+$/, '')
  /** How far the server's clock is ahead of ours (its last Date header) */
  let serverOffset = 0

  async function call<S extends z.ZodMiniType>(
    method: string,
    path: string,
    schema: S | null,
    init: CallInit = {},
  ): Promise<z.infer<S>> {
    const url = new URL(`${base}${path}`)
    url.searchParams.set('projectId', options.projectId)
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    if (init.token !== undefined) {
      headers.Authorization = `${options.prover ? 'DPoP' : 'Bearer'} ${init.token}`
    }
    if (options.prover && path.startsWith('/auth/')) {
      headers.DPoP = await options.prover.proof(method, `${base}${path}`)
    }
    let response: Response
    try {
      response = await options.fetch(url.toString(), {
        method,
        headers,
        cache: 'no-store',
        credentials: 'omit',
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(init.timeoutMs ?? options.timeoutMs ?? HTTP_TIMEOUT_MS),
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new ApiError(timedOut ? TIMED_OUT : NOT_REACHED, 0)
    }
    const serverDate = response.headers.get('Date')
    if (serverDate) {
      const serverNow = Date.parse(serverDate)
      options.prover?.syncClock(serverNow)
      if (Number.isFinite(serverNow)) serverOffset = serverNow - Date.now()
    }
    if (!response.ok) throw await errorFrom(response)
    if (schema === null) return undefined as z.infer<S>
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new ApiError(BAD_RESPONSE, 0)
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw new ApiError(BAD_RESPONSE, 0)
    return parsed.data as z.infer<S>
  }

  return {
    origins: async () =>
      (await call('GET', '/projects/v1/origins', schemas.origins)).allowedOrigins,
    connectEmail: (body) => call('POST', '/auth/v1/email', schemas.email, { body }),
    pollDevice: (challengeId) =>
      call('POST', '/auth/v1/device', schemas.device, { body: { challengeId } }),
    verifyOtp: (body) => call('POST', '/auth/v1/otp', schemas.login, { body }),
    socialStart: (body) => call('POST', '/auth/v1/social/start', schemas.social, { body }),
    socialConnect: (body) => call('POST', '/auth/v1/social/connect', schemas.login, { body }),
    telegramConnect: (body) => call('POST', '/auth/v1/telegram/connect', schemas.login, { body }),
    farcasterStart: async (body) => {
      const started = await call('POST', '/auth/v1/farcaster/start', schemas.farcasterStart, {
        body,
      })
      // The server's time, on our clock: a frame whose clock is off still waits as long.
      const expiresAt = Date.parse(started.expiresAt) - serverOffset
      if (!Number.isFinite(expiresAt)) throw new ApiError(BAD_RESPONSE, 0)
      return { ...started, expiresAt }
    },
    farcasterConnect: (body) =>
      call('POST', '/auth/v1/farcaster/connect', farcasterConnect, { body }),
    session: async (token) => (await call('GET', '/auth/v1/session', schemas.user, { token })).user,
    signOut: async (token, timeoutMs) => {
      await call('DELETE', '/auth/v1/session', null, {
        token,
        ...(timeoutMs !== undefined && { timeoutMs }),
      })
    },
    wallet: (token) => call('GET', '/auth/v1/wallet', schemas.wallet, { token }),
    putWallet: async (token, wallet, namespace) =>
      (
        await call('PUT', '/auth/v1/wallet', schemas.user, {
          token,
          body: { namespace, ...wallet },
        })
      ).user,
    patchUser: async (token, patch) =>
      (await call('PATCH', '/auth/v1/user', schemas.user, { token, body: patch })).user,
    changeEmail: (token, email) =>
      call('POST', '/auth/v1/email/change', schemas.change, { token, body: { email } }),
    changeEmailPrimary: (token, body) =>
      call('POST', '/auth/v1/email/change/primary', schemas.change, { token, body }),
    changeEmailSecondary: async (token, body) =>
      (await call('POST', '/auth/v1/email/change/secondary', schemas.user, { token, body })).user,
    signOutEverywhere: async (token) => {
      await call('DELETE', '/auth/v1/sessions', null, { token })
    },
    startRotation: (token) => call('POST', '/auth/v1/wallet/rotation', schemas.rotation, { token }),
    commitRotation: async (token, body) => {
      await call('POST', '/auth/v1/wallet/rotate', null, { token, body })
    },
    call,
  }
}
