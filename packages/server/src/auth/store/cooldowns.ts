import type { Kysely } from 'kysely'
import { AUTH_EMAIL_COOLDOWN_MS } from '../../constants/auth.ts'
import type { Database } from '../../db/schema.ts'

type Db = Kysely<Database>

export interface CooldownKey {
  projectId: string
  email: string
  kind: 'login' | 'change'
}

/**
 * Starts the cooldown unless one is running, in one statement (racing requests cannot both
 * pass). Answers the whole seconds left when one is running.
 */
export async function claimCooldown(
  db: Db,
  key: CooldownKey,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const threshold = new Date(now.getTime() - AUTH_EMAIL_COOLDOWN_MS)
  const claimed = await db
    .insertInto('auth_cooldowns')
    .values({ project_id: key.projectId, email: key.email, kind: key.kind, sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'email', 'kind'])
        .doUpdateSet({ sent_at: now })
        .where('auth_cooldowns.sent_at', '<=', threshold),
    )
    .returning('sent_at')
    .executeTakeFirst()
  if (claimed) return { ok: true }
  const row = await db
    .selectFrom('auth_cooldowns')
    .select('sent_at')
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .where('kind', '=', key.kind)
    .executeTakeFirst()
  const left = row ? row.sent_at.getTime() + AUTH_EMAIL_COOLDOWN_MS - now.getTime() : 0
  const seconds = Math.ceil(left / 1000)
  return { ok: false, retryAfter: Math.min(Math.max(seconds, 1), AUTH_EMAIL_COOLDOWN_MS / 1000) }
}

/** Undoes claimCooldown (the mail could not be sent). */
export async function releaseCooldown(db: Db, key: CooldownKey, claimedAt: Date): Promise<void> {
  await db
    .deleteFrom('auth_cooldowns')
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .where('kind', '=', key.kind)
    .where('sent_at', '=', claimedAt)
    .execute()
}

// ---- Users and devices ----
