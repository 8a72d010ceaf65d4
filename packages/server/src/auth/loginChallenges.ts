// Email login challenges in the database (auth_challenges, kind 'login'): which path a device
// takes, the device approval (single use, by POST only), the code it then gets, and the
// invalidation of older challenges when a code is issued.
import type { Kysely } from 'kysely'
import { AUTH_OTP_TTL_MS } from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'
import type { HashedOtp } from './store/hashing.ts'

type Db = Kysely<Database>

/**
 * The email's user (null when it has none yet) and whether the device completed a login to it
 * before: one query, the same whether the user exists or not.
 */
export async function loginAccount(
  db: Db,
  projectId: string,
  email: string,
  deviceHash: string,
): Promise<{ userId: string | null; knownDevice: boolean }> {
  const row = await db
    .selectFrom('auth_users as u')
    .leftJoin('auth_devices as d', (join) =>
      join.onRef('d.user_id', '=', 'u.id').on('d.device_hash', '=', deviceHash),
    )
    .select(['u.id', 'd.device_hash'])
    .where('u.project_id', '=', projectId)
    .where('u.email', '=', email)
    .executeTakeFirst()
  return { userId: row?.id ?? null, knownDevice: row?.device_hash != null }
}

/** The email of a login challenge of the project (to find its budget before the code is tried). */
export async function loginChallengeEmail(db: Db, projectId: string, id: string) {
  const row = await db
    .selectFrom('auth_challenges')
    .select('email')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('kind', '=', 'login')
    .executeTakeFirst()
  return row?.email
}

export interface ApprovalRequest {
  /** The asking browser, summarised */
  device: string | null
  ip: string | null
  at: Date
}

const approvable = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('auth_challenges')
    .where('approval_token_hash', '=', tokenHash)
    .where('kind', '=', 'login')
    .where('approved_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)

/** The sign-in request an approval link may still approve (reads only: a prefetch is harmless). */
export async function findApprovalRequest(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ApprovalRequest | undefined> {
  const row = await approvable(db, tokenHash, now)
    .select(['request_device', 'request_ip', 'created_at'])
    .executeTakeFirst()
  return row && { device: row.request_device, ip: row.request_ip, at: row.created_at }
}

/**
 * The confirmation page's Approve: marks the challenge approved, once, while its link lives.
 * The device is recorded only when the code then completes the login.
 */
export async function approveChallenge(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('auth_challenges')
    .set({ approved_at: now })
    .where('approval_token_hash', '=', tokenHash)
    .where('kind', '=', 'login')
    .where('approved_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export type DeviceStatus =
  | { status: 'expired' | 'pending' | 'otp-sent' }
  /** The caller mails `otp` to `email`; on failure it calls releaseDeviceOtp */
  | { status: 'send-otp'; email: string; previousExpiresAt: Date }

/** A device-approval challenge, polled by the frame; once approved its code is issued once. */
export async function deviceChallengeStatus(
  db: Db,
  projectId: string,
  id: string,
  otp: HashedOtp,
  now: Date,
): Promise<DeviceStatus> {
  const row = await db
    .selectFrom('auth_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('kind', '=', 'login')
    .where('approval_token_hash', 'is not', null)
    .executeTakeFirst()
  if (!row || row.used_at !== null || row.expires_at <= now) return { status: 'expired' }
  if (row.approved_at === null) return { status: 'pending' }
  if (row.otp_hash !== null) return { status: 'otp-sent' }
  const issued = await db
    .updateTable('auth_challenges')
    .set({
      otp_salt: otp.salt,
      otp_hash: otp.hash,
      expires_at: new Date(now.getTime() + AUTH_OTP_TTL_MS),
    })
    .where('id', '=', id)
    .where('otp_hash', 'is', null)
    .returning('email')
    .executeTakeFirst()
  if (!issued) return { status: 'otp-sent' }
  return { status: 'send-otp', email: issued.email, previousExpiresAt: row.expires_at }
}

/** Undoes the code deviceChallengeStatus issued (its mail could not be sent). */
export async function releaseDeviceOtp(db: Db, id: string, previousExpiresAt: Date) {
  await db
    .updateTable('auth_challenges')
    .set({ otp_salt: null, otp_hash: null, expires_at: previousExpiresAt })
    .where('id', '=', id)
    .execute()
}

/**
 * A code was issued for `keepId`: every other open login challenge of the email expires (its
 * code, its approval link, its polling), so only the newest code can sign in.
 */
export async function expireOtherLoginChallenges(
  db: Db,
  where: { projectId: string; email: string; keepId: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('auth_challenges')
    .set({ expires_at: now })
    .where('project_id', '=', where.projectId)
    .where('email', '=', where.email)
    .where('kind', '=', 'login')
    .where('id', '<>', where.keepId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute()
}
