// The per-email budget of wrong login codes (auth_otp_budgets). Each challenge locks at its 5th
// wrong code, but a new challenge every 30 s would give endless guesses: AUTH_OTP_FAILURES_PER_HOUR
// wrong codes in an hour, or AUTH_OTP_FAILURES_PER_DAY in a day, lock the email's login until
// that window ends. Windows are fixed: each starts at the first wrong code after the last ended.
import { type Kysely, sql } from 'kysely'
import { AUTH_OTP_FAILURES_PER_DAY, AUTH_OTP_FAILURES_PER_HOUR } from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

export interface BudgetKey {
  projectId: string
  email: string
}

interface Windows {
  hour_start: Date
  hour_count: number
  day_start: Date
  day_count: number
}

/** When the email's login opens again, or undefined if it is not locked. */
function lockedUntil(row: Windows, now: Date): Date | undefined {
  const ends: number[] = []
  const hourEnd = row.hour_start.getTime() + HOUR_MS
  const dayEnd = row.day_start.getTime() + DAY_MS
  if (row.hour_count >= AUTH_OTP_FAILURES_PER_HOUR && hourEnd > now.getTime()) ends.push(hourEnd)
  if (row.day_count >= AUTH_OTP_FAILURES_PER_DAY && dayEnd > now.getTime()) ends.push(dayEnd)
  return ends.length ? new Date(Math.max(...ends)) : undefined
}

/** Whole seconds until `until`, at least 1. */
export const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))

/** Seconds until the email's login opens again; 0 when it is open. Reads only. */
export async function emailLoginLockedFor(db: Db, key: BudgetKey, now: Date): Promise<number> {
  const row = await db
    .selectFrom('auth_otp_budgets')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .executeTakeFirst()
  const until = row && lockedUntil(row, now)
  return until ? secondsUntil(until, now) : 0
}

export type BudgetTry =
  /** `lockedUntil`: this try used the budget up (if its code is wrong, the login is now locked) */
  { ok: true; lockedUntil: Date | undefined } | { ok: false; retryAfter: number }

/**
 * Takes one try from the email's budget before a code is compared, in one statement (racing
 * guesses cannot take more than the budget). A try that compared no code, or a right one, is
 * given back with refundOtpTry.
 */
export async function takeOtpTry(db: Db, key: BudgetKey, now: Date): Promise<BudgetTry> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const dayAgo = new Date(now.getTime() - DAY_MS)
  await db
    .deleteFrom('auth_otp_budgets')
    .where('day_start', '<=', dayAgo)
    .where('hour_start', '<=', hourAgo)
    .execute()
  // A window restarts when it ended, or when it holds no wrong code (its tries were given back)
  const hourOver = sql<boolean>`(auth_otp_budgets.hour_start <= ${hourAgo} or auth_otp_budgets.hour_count = 0)`
  const dayOver = sql<boolean>`(auth_otp_budgets.day_start <= ${dayAgo} or auth_otp_budgets.day_count = 0)`
  const taken = await db
    .insertInto('auth_otp_budgets')
    .values({
      project_id: key.projectId,
      email: key.email,
      hour_start: now,
      hour_count: 1,
      day_start: now,
      day_count: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'email'])
        .doUpdateSet({
          hour_start: sql`case when ${hourOver} then ${now} else auth_otp_budgets.hour_start end`,
          hour_count: sql`case when ${hourOver} then 1 else auth_otp_budgets.hour_count + 1 end`,
          day_start: sql`case when ${dayOver} then ${now} else auth_otp_budgets.day_start end`,
          day_count: sql`case when ${dayOver} then 1 else auth_otp_budgets.day_count + 1 end`,
        })
        .where(
          sql<boolean>`(${hourOver} or auth_otp_budgets.hour_count < ${AUTH_OTP_FAILURES_PER_HOUR})
            and (${dayOver} or auth_otp_budgets.day_count < ${AUTH_OTP_FAILURES_PER_DAY})`,
        ),
    )
    .returningAll()
    .executeTakeFirst()
  if (taken) return { ok: true, lockedUntil: lockedUntil(taken, now) }
  return { ok: false, retryAfter: (await emailLoginLockedFor(db, key, now)) || 1 }
}

/** Gives back a try that compared no code or a right one. */
export async function refundOtpTry(db: Db, key: BudgetKey): Promise<void> {
  await db
    .updateTable('auth_otp_budgets')
    .set({
      hour_count: sql`greatest(hour_count - 1, 0)`,
      day_count: sql`greatest(day_count - 1, 0)`,
    })
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .execute()
}
