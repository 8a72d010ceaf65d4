// Login and email-change challenges: a hashed one-time code, its attempts and expiry.
import { randomUUID, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { AUTH_OTP_MAX_ATTEMPTS } from '../../constants/auth.ts'
import type { AuthChallengeKind, AuthChallengeRow } from '../../db/authSchema.ts'
import type { Database } from '../../db/schema.ts'
import { type HashedOtp, sha256 } from './hashing.ts'

type Db = Kysely<Database>

/** Ours: challenges are deleted this long after they expire */
const CHALLENGE_RETENTION_MS = 60 * 60_000

function otpMatches(row: AuthChallengeRow, otp: string): boolean {
  if (row.otp_salt === null || row.otp_hash === null) return false
  return timingSafeEqual(
    Buffer.from(sha256(row.otp_salt + otp), 'hex'),
    Buffer.from(row.otp_hash, 'hex'),
  )
}

// ---- Cooldown (§4 a new email login within 30 s of the last is refused) ----

export interface NewChallenge {
  projectId: string
  kind: AuthChallengeKind
  email: string
  userId?: string | null
  deviceHash?: string | null
  newEmail?: string | null
  /** Device approval: the link's token, hashed */
  approvalTokenHash?: string
  otp?: HashedOtp
  expiresAt: Date
  /** login: the asking browser, summarised, and its address (the approval mail and page) */
  requestDevice?: string | null
  requestIp?: string | null
}

/** Stores a challenge and answers its id; long-expired ones are swept on the way. */
export async function createChallenge(db: Db, challenge: NewChallenge, now: Date) {
  await db
    .deleteFrom('auth_challenges')
    .where('expires_at', '<', new Date(now.getTime() - CHALLENGE_RETENTION_MS))
    .execute()
  const id = randomUUID()
  await db
    .insertInto('auth_challenges')
    .values({
      id,
      project_id: challenge.projectId,
      kind: challenge.kind,
      email: challenge.email,
      user_id: challenge.userId ?? null,
      device_hash: challenge.deviceHash ?? null,
      new_email: challenge.newEmail ?? null,
      approval_token_hash: challenge.approvalTokenHash ?? null,
      approved_at: null,
      otp_salt: challenge.otp?.salt ?? null,
      otp_hash: challenge.otp?.hash ?? null,
      created_at: now,
      expires_at: challenge.expiresAt,
      used_at: null,
      request_device: challenge.requestDevice ?? null,
      request_ip: challenge.requestIp ?? null,
    })
    .execute()
  return id
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.deleteFrom('auth_challenges').where('id', '=', id).execute()
}

export type OtpOutcome =
  | { status: 'ok'; challenge: AuthChallengeRow }
  | { status: 'wrong'; attemptsLeft: number }
  /** `counted`: this try's wrong code locked the challenge (it was compared) */
  | { status: 'locked'; counted?: true }
  | { status: 'expired' }

/**
 * Checks a code. Each try first takes one of the AUTH_OTP_MAX_ATTEMPTS attempts in a single
 * UPDATE, so racing guesses can never compare more codes than the limit; a right code then
 * uses the challenge up (once).
 */
export async function verifyOtp(
  db: Db,
  where: { projectId: string; id: string; kind: AuthChallengeKind; userId?: string },
  otp: string,
  now: Date,
): Promise<OtpOutcome> {
  let match = db
    .updateTable('auth_challenges')
    .where('id', '=', where.id)
    .where('project_id', '=', where.projectId)
    .where('kind', '=', where.kind)
  if (where.userId !== undefined) match = match.where('user_id', '=', where.userId)
  const tried = await match
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('used_at', 'is', null)
    .where('otp_hash', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', AUTH_OTP_MAX_ATTEMPTS)
    .returningAll()
    .executeTakeFirst()
  if (!tried) {
    const row = await db
      .selectFrom('auth_challenges')
      .select(['attempts', 'used_at', 'project_id', 'kind', 'user_id'])
      .where('id', '=', where.id)
      .executeTakeFirst()
    const ours =
      row?.project_id === where.projectId &&
      row.kind === where.kind &&
      (where.userId === undefined || row.user_id === where.userId)
    const locked = ours && row.used_at === null && row.attempts >= AUTH_OTP_MAX_ATTEMPTS
    return { status: locked ? 'locked' : 'expired' }
  }
  if (!otpMatches(tried, otp)) {
    const attemptsLeft = AUTH_OTP_MAX_ATTEMPTS - tried.attempts
    return attemptsLeft > 0
      ? { status: 'wrong', attemptsLeft }
      : { status: 'locked', counted: true }
  }
  const used = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('id', '=', where.id)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  return used ? { status: 'ok', challenge: used } : { status: 'expired' }
}

/** Undoes verifyOtp's use of a challenge (the next step's mail could not be sent). */
export async function releaseChallenge(db: Db, id: string): Promise<void> {
  await db.updateTable('auth_challenges').set({ used_at: null }).where('id', '=', id).execute()
}

// ---- Login and sessions ----
