// What the auth routes share at run time: their dependencies, the clock, mail sending, the 30 s
// cooldown, and the session of a request.
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Kysely } from 'kysely'
import { AUTH_OTP_TTL_MS } from '../constants/auth.ts'
import type { AuthChallengeKind } from '../db/authSchema.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { type AuthErrorBody, authCooldown, authMailFailed } from '../errors/auth.ts'
import { type ClientAddressOf, socketAddress } from '../middleware/rateLimit.ts'
import { requirePossession } from './dpop.ts'
import type { Mail, Mailer } from './mailer.ts'
import { createChallenge, deleteChallenge } from './store/challenges.ts'
import { type CooldownKey, claimCooldown, releaseCooldown } from './store/cooldowns.ts'
import { newOtp } from './store/hashing.ts'
import { sessionUser } from './store/sessions.ts'

export interface AuthRouteDeps {
  db: Kysely<Database>
  mailer: Mailer
  /** Clock (ms) for cooldowns and expiry */
  now: () => number
  /** The server's URL as a browser opening the device-approval link reaches it */
  publicUrl: () => string
  /**
   * The client's address the approval mail and page name: the app's (trusted proxies believed,
   * middleware/rateLimit.ts clientAddressOf); the socket's peer by default
   */
  clientAddressOf?: ClientAddressOf
  /** The frame's origins: passkeys' relying parties (auth/passkeys/register.ts); none by default */
  frameOrigins?: readonly string[]
}

export type AuthFlow = ReturnType<typeof authFlow>

export function authFlow(deps: AuthRouteDeps) {
  const { db, mailer } = deps
  const now = () => new Date(deps.now())

  async function sendMail(mail: Mail): Promise<boolean> {
    try {
      await mailer.send(mail)
      return true
    } catch {
      return false
    }
  }

  return {
    db,
    now,
    sendMail,
    clientAddressOf: deps.clientAddressOf ?? socketAddress,

    /** Mails the challenge; one nobody received is dropped, so it cannot wait for a code. */
    async mailChallenge<A extends string>(challengeId: string, mail: Mail, action: A) {
      if (await sendMail(mail)) return { action, challengeId }
      await deleteChallenge(db, challengeId)
      return undefined
    },

    /** Claims the cooldown, runs `start` (which mails); a failed mail releases the cooldown. */
    async withCooldown<T>(
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
    },

    /**
     * A code for the signed-in user's account action (email change, reverification) to `email`,
     * within the 30 s cooldown of the user's current address (`email`).
     */
    mailUserCode<A extends string>(
      code: {
        projectId: string
        userId: string
        email: string
        kind: AuthChallengeKind
        newEmail?: string
      },
      mail: (otp: string) => Mail,
      action: A,
    ) {
      const key = { projectId: code.projectId, email: code.email, kind: 'change' as const }
      return this.withCooldown(key, async (at) => {
        const otp = newOtp()
        const challengeId = await createChallenge(
          db,
          { ...code, otp, expiresAt: new Date(at.getTime() + AUTH_OTP_TTL_MS) },
          at,
        )
        return this.mailChallenge(challengeId, mail(otp.otp), action)
      })
    },

    /** The session's user, or undefined (the route answers 401); 401 without its key's proof. */
    async signedIn(c: Context<AppEnv>) {
      const token = bearerToken(c)
      if (!token) return undefined
      await requirePossession(c, db, token)
      const user = await sessionUser(db, c.var.project.project_id, token, now())
      return user && { user, token }
    },
  }
}

function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^(?:Bearer|DPoP) ([A-Za-z0-9_-]{43})$/.exec(
    c.req.header('Authorization')?.trim() ?? '',
  )
  return match?.[1]
}

/** A challenge that did not start: 429 in the cooldown, 502 when its mail could not be sent. */
export function mailRefusal(
  c: Context<AppEnv>,
  outcome: { retryAfter: number } | { mailFailed: true },
): JsonAnswer<AuthErrorBody, 429> | JsonAnswer<AuthErrorBody, 502> {
  if ('retryAfter' in outcome) return retryLater(c, outcome.retryAfter)
  return c.json(authMailFailed, 502)
}

/** A JSON answer as Hono's typed routes see it (spelled out: declarations cannot infer it) */
type JsonAnswer<T, S extends ContentfulStatusCode> = Response & TypedResponse<T, S, 'json'>

/** 429 with Retry-After: the 30 s cooldown, or `body` (another wait). */
export function retryLater(
  c: Context<AppEnv>,
  retryAfter: number,
  body = authCooldown(retryAfter),
): JsonAnswer<AuthErrorBody, 429> {
  c.header('Retry-After', String(retryAfter))
  return c.json(body, 429)
}
