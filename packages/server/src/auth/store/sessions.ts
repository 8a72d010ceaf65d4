// Sign-in completed: the session (hashed token, sliding lifetime) and the user it opens.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuthChallengeRow, IdentityProvider } from '../../db/authSchema.ts'
import type { Database } from '../../db/schema.ts'
import { sessionEnd, slideSession } from '../sessionLifetime.ts'
import { randomToken, sha256 } from './hashing.ts'
import { approveDeviceOf, findUser, type UserView } from './users.ts'

type Db = Kysely<Database>

/**
 * A verified login challenge: the user (created for a new email), its device approved, and a
 * new session. Answers the session's token (only its hash is stored). A challenge without a
 * user (asked before the email had one) signs in only if it was approved from the mail: else a
 * challenge from before the account existed could take the account over; undefined then.
 */
export async function completeLogin(
  db: Db,
  challenge: AuthChallengeRow,
  now: Date,
): Promise<{ token: string; userId: string } | undefined> {
  if (challenge.user_id === null && challenge.approved_at === null) return undefined
  return db.transaction().execute(async (tx) => {
    let userId = challenge.user_id
    if (userId === null) {
      await tx
        .insertInto('auth_users')
        .values({
          id: randomUUID(),
          project_id: challenge.project_id,
          email: challenge.email,
          chain_id: JSON.stringify(null),
          preferred_account_type: 'eoa',
          user_name: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
        .execute()
      const user = await tx
        .selectFrom('auth_users')
        .select('id')
        .where('project_id', '=', challenge.project_id)
        .where('email', '=', challenge.email)
        .executeTakeFirstOrThrow()
      userId = user.id
    }
    if (challenge.device_hash) await approveDeviceOf(tx, userId, challenge.device_hash, now)
    return { token: await createSession(tx, userId, now), userId }
  })
}

/**
 * A new session of the user (expired ones are swept on the way); answers its token. Every
 * sign-in makes it: email, social, Telegram, Farcaster and passkeys (auth/passkeys/register.ts).
 */
export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute()
  const token = randomToken()
  await db
    .insertInto('auth_sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: sessionEnd(now, now),
    })
    .execute()
  return token
}

// ---- Social login ----

export interface SocialAccount {
  projectId: string
  provider: IdentityProvider
  sub: string
  email: string | null
  userName: string | null
}

/**
 * A social sign-in: the user of (project, provider, sub), created for a new one, its email and
 * name refreshed from the provider, and a new session. Answers the session's token.
 */
export async function completeSocialLogin(
  db: Db,
  account: SocialAccount,
  now: Date,
): Promise<{ token: string; userId: string }> {
  return db.transaction().execute(async (tx) => {
    const identity = {
      project_id: account.projectId,
      provider: account.provider,
      sub: account.sub,
    }
    const refreshed = await tx
      .updateTable('auth_social_identities')
      .set({ email: account.email, user_name: account.userName, updated_at: now })
      .where('project_id', '=', identity.project_id)
      .where('provider', '=', identity.provider)
      .where('sub', '=', identity.sub)
      .returning('user_id')
      .executeTakeFirst()
    let userId = refreshed?.user_id
    if (userId === undefined) {
      const newId = randomUUID()
      await tx
        .insertInto('auth_users')
        .values({
          id: newId,
          project_id: account.projectId,
          email: null,
          chain_id: JSON.stringify(null),
          preferred_account_type: 'eoa',
          user_name: null,
          created_at: now,
        })
        .execute()
      const inserted = await tx
        .insertInto('auth_social_identities')
        .values({
          ...identity,
          user_id: newId,
          email: account.email,
          user_name: account.userName,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['project_id', 'provider', 'sub']).doNothing())
        .returning('user_id')
        .executeTakeFirst()
      if (inserted) {
        userId = inserted.user_id
      } else {
        // A racing sign-in of the same account created it first: use that user.
        await tx.deleteFrom('auth_users').where('id', '=', newId).execute()
        const existing = await tx
          .selectFrom('auth_social_identities')
          .select('user_id')
          .where('project_id', '=', identity.project_id)
          .where('provider', '=', identity.provider)
          .where('sub', '=', identity.sub)
          .executeTakeFirstOrThrow()
        userId = existing.user_id
      }
    }
    return { token: await createSession(tx, userId, now), userId }
  })
}

/** The user of a live session token of the project; the use slides the session's end. */
export async function sessionUser(
  db: Db,
  projectId: string,
  token: string,
  now: Date,
): Promise<UserView | undefined> {
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('auth_users as u', 'u.id', 's.user_id')
    .select(['u.id', 's.token_hash', 's.created_at', 's.expires_at'])
    .where('s.token_hash', '=', sha256(token))
    .where('s.expires_at', '>', now)
    .where('u.project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) return undefined
  await slideSession(db, row, now)
  return findUser(db, { id: row.id })
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('token_hash', '=', sha256(token)).execute()
}

// ---- Keys ----
