// Passkeys in the database: the ceremonies' single-use challenges (auth_passkey_challenges) and
// the users' credentials (auth_passkeys), with the counter and last-factor rules kept in SQL so
// that racing requests cannot get past them.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  AUTH_PASSKEY_CHALLENGE_BYTES,
  AUTH_PASSKEY_CHALLENGE_TTL_MS,
} from '../../constants/passkeys.ts'
import type { AuthPasskeyRow, PasskeyCeremony } from '../../db/passkeysSchema.ts'
import type { Database } from '../../db/schema.ts'
import { sha256 } from '../store/hashing.ts'

type Db = Kysely<Database>

export interface NewPasskeyChallenge {
  projectId: string
  ceremony: PasskeyCeremony
  /** registration: the signed-in user */
  userId: string | null
  origin: string
  rpId: string
}

/** A fresh challenge (base64url) for one ceremony, stored hashed; expired ones are swept. */
export async function createPasskeyChallenge(
  db: Db,
  challenge: NewPasskeyChallenge,
  now: Date,
): Promise<{ challenge: string; expiresAt: Date }> {
  await db.deleteFrom('auth_passkey_challenges').where('expires_at', '<=', now).execute()
  const value = randomBytes(AUTH_PASSKEY_CHALLENGE_BYTES).toString('base64url')
  const expiresAt = new Date(now.getTime() + AUTH_PASSKEY_CHALLENGE_TTL_MS)
  await db
    .insertInto('auth_passkey_challenges')
    .values({
      challenge_hash: sha256(value),
      project_id: challenge.projectId,
      ceremony: challenge.ceremony,
      user_id: challenge.userId,
      origin: challenge.origin,
      rp_id: challenge.rpId,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { challenge: value, expiresAt }
}

/**
 * Uses a challenge up, in one statement (a replay, or two racing verifies, find it used): it must
 * be this project's, for this ceremony (and user), unused and unexpired. Undefined otherwise.
 * It is used up whatever the verification then says: a response is tried once.
 */
export async function takePasskeyChallenge(
  db: Db,
  where: { projectId: string; ceremony: PasskeyCeremony; challenge: string; userId?: string },
  now: Date,
) {
  let query = db
    .updateTable('auth_passkey_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', sha256(where.challenge))
    .where('project_id', '=', where.projectId)
    .where('ceremony', '=', where.ceremony)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId)
  return query.returning(['origin', 'rp_id', 'user_id']).executeTakeFirst()
}

/** The user's passkeys, oldest first. */
export function userPasskeys(db: Db, userId: string): Promise<AuthPasskeyRow[]> {
  return db
    .selectFrom('auth_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('credential_id')
    .execute()
}

export type NewPasskey = Omit<AuthPasskeyRow, 'counter' | 'last_used_at'> & { counter: number }

/** false when the credential id is registered already (to anyone). */
export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<boolean> {
  const row = await db
    .insertInto('auth_passkeys')
    .values({ ...passkey, last_used_at: null })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning('credential_id')
    .executeTakeFirst()
  return row !== undefined
}

/** A credential of a user of the project (a credential of another project's user is unknown here). */
export function findProjectPasskey(db: Db, projectId: string, credentialId: string) {
  return db
    .selectFrom('auth_passkeys as p')
    .innerJoin('auth_users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .where('p.credential_id', '=', credentialId)
    .where('u.project_id', '=', projectId)
    .executeTakeFirst()
}

/**
 * Records a verified sign-in's counter. WebAuthn L3 §7.2 step 22: when either counter is
 * nonzero, the new one must be greater than the stored one, or the authenticator may be a clone.
 * Compared in the UPDATE itself, so two assertions with the same counter cannot both pass.
 * false: refused (a regression, or a replay that raced this one).
 */
export async function advanceCounter(
  db: Db,
  credentialId: string,
  use: { counter: number; backedUp: boolean },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('auth_passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp, last_used_at: now })
    .where('credential_id', '=', credentialId)
    .where((eb) => (use.counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', use.counter)))
    .returning('credential_id')
    .executeTakeFirst()
  return row !== undefined
}

export type RemoveOutcome = 'removed' | 'not-found' | 'last-factor'

/**
 * Removes one of the user's passkeys unless it is the user's last sign-in factor. The factors: an
 * email login (auth_users.email set: an address the user proved with a code, at sign-up or an
 * email change), a social account (an auth_social_identities row: OAuth, Telegram, Farcaster),
 * and each passkey. A provider's email on a social account is not a factor (it signs nobody in).
 * The user's row is locked meanwhile, so two removals cannot each leave the other as the last.
 */
export function removePasskey(db: Db, userId: string, credentialId: string) {
  return db.transaction().execute(async (tx): Promise<RemoveOutcome> => {
    const user = await tx
      .selectFrom('auth_users')
      .select('email')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user) return 'not-found'
    const passkeys = await tx
      .selectFrom('auth_passkeys')
      .select('credential_id')
      .where('user_id', '=', userId)
      .execute()
    if (!passkeys.some((p) => p.credential_id === credentialId)) return 'not-found'
    const social = await tx
      .selectFrom('auth_social_identities')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    const otherFactors = (user.email !== null ? 1 : 0) + (social ? 1 : 0) + passkeys.length - 1
    if (otherFactors === 0) return 'last-factor'
    await tx
      .deleteFrom('auth_passkeys')
      .where('user_id', '=', userId)
      .where('credential_id', '=', credentialId)
      .execute()
    return 'removed'
  })
}

/** A passkey as the frame sees it */
export function toPasskey(row: AuthPasskeyRow) {
  return {
    id: row.credential_id,
    name: row.name,
    aaguid: row.aaguid,
    transports: row.transports,
    backedUp: row.backed_up,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  }
}
