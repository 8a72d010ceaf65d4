// SIWX nonces and sessions in the database (tables siwx_nonces, siwx_sessions).
import { randomInt, randomUUID } from 'node:crypto'
import type { SIWXMessageData } from '@latchkey/core/shared'
import type { Kysely } from 'kysely'
import {
  SIWX_MAX_SESSIONS_LISTED,
  SIWX_NONCE_ALPHABET,
  SIWX_NONCE_LENGTH,
  SIWX_NONCE_RETENTION_MS,
  SIWX_NONCE_TTL_MS,
} from '../constants.ts'
import type { Database, SiwxSessionRow } from '../db/schema.ts'

/** SIWX_NONCE_LENGTH characters from SIWX_NONCE_ALPHABET, uniformly (crypto randomInt). */
export function randomNonce(): string {
  let nonce = ''
  for (let i = 0; i < SIWX_NONCE_LENGTH; i++) {
    nonce += SIWX_NONCE_ALPHABET[randomInt(SIWX_NONCE_ALPHABET.length)]
  }
  return nonce
}

/** Issues a fresh nonce for the project; long-expired nonces are swept on the way. */
export async function issueNonce(
  db: Kysely<Database>,
  projectId: string,
  now: Date,
): Promise<{ nonce: string; expiresAt: Date }> {
  await db
    .deleteFrom('siwx_nonces')
    .where('expires_at', '<', new Date(now.getTime() - SIWX_NONCE_RETENTION_MS))
    .execute()
  const nonce = randomNonce()
  const expiresAt = new Date(now.getTime() + SIWX_NONCE_TTL_MS)
  await db
    .insertInto('siwx_nonces')
    .values({ nonce, project_id: projectId, created_at: now, expires_at: expiresAt, used_at: null })
    .execute()
  return { nonce, expiresAt }
}

export type NonceOutcome = 'ok' | 'unknown' | 'other-project' | 'expired' | 'used'

/**
 * Takes the nonce for one sign-in: marks it used in one statement, so two requests racing with
 * the same nonce cannot both succeed. When it cannot be taken, says why.
 */
export async function consumeNonce(
  db: Kysely<Database>,
  projectId: string,
  nonce: string,
  now: Date,
): Promise<NonceOutcome> {
  const taken = await db
    .updateTable('siwx_nonces')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('nonce')
    .executeTakeFirst()
  if (taken) return 'ok'
  const row = await db
    .selectFrom('siwx_nonces')
    .select(['project_id', 'used_at', 'expires_at'])
    .where('nonce', '=', nonce)
    .executeTakeFirst()
  if (!row) return 'unknown'
  if (row.project_id !== projectId) return 'other-project'
  if (row.used_at !== null) return 'used'
  return 'expired'
}

export interface NewSession {
  projectId: string
  chainId: string
  address: string
  message: string
  signature: string
  data: SIWXMessageData
  createdAt: Date
  expiresAt: Date | null
}

export async function insertSession(
  db: Kysely<Database>,
  session: NewSession,
): Promise<SiwxSessionRow> {
  return db
    .insertInto('siwx_sessions')
    .values({
      id: randomUUID(),
      project_id: session.projectId,
      chain_id: session.chainId,
      address: session.address,
      message: session.message,
      signature: session.signature,
      data: JSON.stringify(session.data),
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface AccountKey {
  projectId: string
  chainId: string
  address: string
}

/** The account's sessions that are neither revoked nor expired, newest first. */
export function listSessions(
  db: Kysely<Database>,
  account: AccountKey,
  now: Date,
): Promise<SiwxSessionRow[]> {
  return db
    .selectFrom('siwx_sessions')
    .selectAll()
    .where('project_id', '=', account.projectId)
    .where('chain_id', '=', account.chainId)
    .where('address', '=', account.address)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SIWX_MAX_SESSIONS_LISTED)
    .execute()
}

/** Revokes every session of the account; returns how many were live. */
export async function revokeAccountSessions(
  db: Kysely<Database>,
  account: AccountKey,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', account.projectId)
    .where('chain_id', '=', account.chainId)
    .where('address', '=', account.address)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Revokes one session of the account `subject` (CAIP-10). Another account's session is
 * refused, and an id the project does not have is not found.
 */
export async function revokeSession(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  subject: string,
  now: Date,
): Promise<'revoked' | 'not-found' | 'other-account'> {
  const row = await db
    .selectFrom('siwx_sessions')
    .select(['revoked_at', 'chain_id', 'address'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return 'not-found'
  if (`${row.chain_id}:${row.address}` !== subject) return 'other-account'
  if (row.revoked_at === null) {
    await db
      .updateTable('siwx_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute()
  }
  return 'revoked'
}
