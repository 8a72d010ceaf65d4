// A session's lifetime (issue 18 #9): it ends AUTH_SESSION_IDLE_MS after its last use and never
// later than AUTH_SESSION_MAX_AGE_MS after its sign-in. A use writes the new end only when that
// gains AUTH_SESSION_SLIDE_STEP_MS, so a busy session costs a write an hour, not one per request.
import type { Kysely } from 'kysely'
import {
  AUTH_SESSION_IDLE_MS,
  AUTH_SESSION_MAX_AGE_MS,
  AUTH_SESSION_SLIDE_STEP_MS,
} from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>

/** When a session signed in at `createdAt` and used at `now` ends. */
export function sessionEnd(createdAt: Date, now: Date): Date {
  const idle = now.getTime() + AUTH_SESSION_IDLE_MS
  const cap = createdAt.getTime() + AUTH_SESSION_MAX_AGE_MS
  return new Date(Math.min(idle, cap))
}

/** A live session was used at `now`: its end moves, when that gains a step. */
export async function slideSession(
  db: Db,
  session: { token_hash: string; created_at: Date; expires_at: Date },
  now: Date,
): Promise<void> {
  const end = sessionEnd(session.created_at, now)
  if (end.getTime() - session.expires_at.getTime() < AUTH_SESSION_SLIDE_STEP_MS) return
  await db
    .updateTable('auth_sessions')
    .set({ expires_at: end })
    .where('token_hash', '=', session.token_hash)
    // A racing use may have moved it further (or a sign-out deleted it): never backwards.
    .where('expires_at', '<', end)
    .execute()
}

/** Ends every session of the user but the one whose token hash is `keep`; answers how many. */
export async function revokeSessions(db: Db, userId: string, keep?: string): Promise<number> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId)
  if (keep !== undefined) query = query.where('token_hash', '<>', keep)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}
