// SIWX access JWTs (ES256, short-lived, verifiable offline with /.well-known/jwks.json) and
// rotating refresh tokens (random, stored as SHA-256, single use; a reuse revokes the family).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Kysely } from 'kysely'
import {
  SIWX_ACCESS_TOKEN_TTL_MS,
  SIWX_REFRESH_MAX_LIFETIME_MS,
  SIWX_REFRESH_RETENTION_MS,
  SIWX_REFRESH_TOKEN_BYTES,
  SIWX_SIGNING_ALG,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import { currentSigningKey, verificationKeys } from './signingKeys.ts'

/** What the routes hand out after a sign-in or a refresh. */
export interface TokenPair {
  accessToken: string
  tokenType: 'Bearer'
  accessTokenExpiresAt: string
  refreshToken: string
  refreshTokenExpiresAt: string
}

export interface TokenSubject {
  /** The server's public URL: `iss` */
  issuer: string
  /** `aud` */
  projectId: string
  /** CAIP-10: `sub` */
  subject: string
  /** The SIWX session the tokens come from: `sid` */
  sessionId: string
}

const seconds = (ms: number) => Math.floor(ms / 1000)

/** An access JWT good for SIWX_ACCESS_TOKEN_TTL_MS, never past `notAfter`. */
export async function signAccessToken(
  db: Kysely<Database>,
  who: TokenSubject,
  now: Date,
  notAfter: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { kid, key } = await currentSigningKey(db, now)
  const exp = seconds(Math.min(now.getTime() + SIWX_ACCESS_TOKEN_TTL_MS, notAfter.getTime()))
  const token = await new SignJWT({ sid: who.sessionId })
    .setProtectedHeader({ alg: SIWX_SIGNING_ALG, kid, typ: 'JWT' })
    .setIssuer(who.issuer)
    .setAudience(who.projectId)
    .setSubject(who.subject)
    .setIssuedAt(seconds(now.getTime()))
    .setExpirationTime(exp)
    .sign(key)
  return { token, expiresAt: new Date(exp * 1000) }
}

export type BearerRefusal = 'missing' | 'invalid' | 'expired' | 'other-project'

/** The `Authorization: Bearer` JWT's subject, or why it is refused. */
export async function verifyBearer(
  db: Kysely<Database>,
  authorization: string | undefined,
  expected: { issuer: string; projectId: string },
  now: Date,
): Promise<{ subject: string; sessionId: string } | { refusal: BearerRefusal }> {
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(authorization ?? '')
  if (!match?.[1]) return { refusal: authorization ? 'invalid' : 'missing' }
  try {
    const { payload } = await jwtVerify(match[1], verificationKeys(db, now), {
      issuer: expected.issuer,
      audience: expected.projectId,
      algorithms: [SIWX_SIGNING_ALG],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return { refusal: 'invalid' }
    }
    return { subject: payload.sub, sessionId: payload.sid }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { refusal: 'expired' }
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
      return { refusal: 'other-project' }
    }
    return { refusal: 'invalid' }
  }
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The refresh family's end: the session's expiry, capped at SIWX_REFRESH_MAX_LIFETIME_MS. */
export function familyExpiry(sessionExpiresAt: Date | null, now: Date): Date {
  const cap = now.getTime() + SIWX_REFRESH_MAX_LIFETIME_MS
  return new Date(Math.min(sessionExpiresAt?.getTime() ?? cap, cap))
}

interface Family {
  familyId: string
  sessionId: string
  projectId: string
  subject: string
  expiresAt: Date
}

async function insertRefreshToken(db: Kysely<Database>, family: Family, now: Date) {
  const token = randomBytes(SIWX_REFRESH_TOKEN_BYTES).toString('base64url')
  await db
    .insertInto('siwx_refresh_tokens')
    .values({
      token_hash: hashOf(token),
      family_id: family.familyId,
      session_id: family.sessionId,
      project_id: family.projectId,
      subject: family.subject,
      created_at: now,
      expires_at: family.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute()
  return token
}

/** An access JWT and a refresh token for a fresh sign-in (a new family). */
export async function issueTokens(
  db: Kysely<Database>,
  who: TokenSubject,
  sessionExpiresAt: Date | null,
  now: Date,
): Promise<TokenPair> {
  await db
    .deleteFrom('siwx_refresh_tokens')
    .where('expires_at', '<', new Date(now.getTime() - SIWX_REFRESH_RETENTION_MS))
    .execute()
  const family: Family = {
    familyId: randomUUID(),
    sessionId: who.sessionId,
    projectId: who.projectId,
    subject: who.subject,
    expiresAt: familyExpiry(sessionExpiresAt, now),
  }
  return pairFor(db, who, family, now)
}

async function pairFor(db: Kysely<Database>, who: TokenSubject, family: Family, now: Date) {
  const refreshToken = await insertRefreshToken(db, family, now)
  const access = await signAccessToken(db, who, now, family.expiresAt)
  return {
    accessToken: access.token,
    tokenType: 'Bearer' as const,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshToken,
    refreshTokenExpiresAt: family.expiresAt.toISOString(),
  }
}

export type RefreshRefusal = 'invalid' | 'reused'

/**
 * Takes a refresh token (one UPDATE … WHERE used_at IS NULL, so two racing uses cannot both
 * succeed) and hands out the next pair of its family. A token that was already used revokes
 * its family and its SIWX session: one of the two holders is not the account's owner.
 */
export async function refreshTokens(
  db: Kysely<Database>,
  issuer: string,
  projectId: string,
  refreshToken: string,
  now: Date,
): Promise<TokenPair | { refusal: RefreshRefusal }> {
  const tokenHash = hashOf(refreshToken)
  const taken = await db
    .updateTable('siwx_refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
  if (!taken) {
    const row = await db
      .selectFrom('siwx_refresh_tokens')
      .select(['family_id', 'session_id', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .where('project_id', '=', projectId)
      .executeTakeFirst()
    if (row?.used_at == null) return { refusal: 'invalid' }
    await revokeFamily(db, row.family_id, row.session_id, now)
    return { refusal: 'reused' }
  }
  const session = await db
    .selectFrom('siwx_sessions')
    .select('id')
    .where('id', '=', taken.session_id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
  if (!session) return { refusal: 'invalid' }
  const family: Family = {
    familyId: taken.family_id,
    sessionId: taken.session_id,
    projectId,
    subject: taken.subject,
    expiresAt: taken.expires_at,
  }
  const who = { issuer, projectId, subject: taken.subject, sessionId: taken.session_id }
  return pairFor(db, who, family, now)
}

async function revokeFamily(db: Kysely<Database>, familyId: string, sessionId: string, now: Date) {
  await db
    .updateTable('siwx_refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute()
  await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}
