// The key pairs SIWX access JWTs are signed with (table siwx_signing_keys). The first is made
// on first use; a rotated key stays published until every token it signed has expired.
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose'
import type { Kysely } from 'kysely'
import { SIWX_ACCESS_TOKEN_TTL_MS, SIWX_CLOCK_SKEW_MS, SIWX_SIGNING_ALG } from '../constants.ts'
import type { Database } from '../db/schema.ts'

type ImportedKey = Awaited<ReturnType<typeof importJWK>>

/** Imported keys by kid; a kid is the thumbprint of its key, so an entry never goes stale. */
const imported = new Map<string, ImportedKey>()

async function importOnce(kid: string, jwk: JWK, part: 'public' | 'private') {
  const cacheKey = `${part}:${kid}`
  let key = imported.get(cacheKey)
  if (!key) {
    key = await importJWK(jwk, SIWX_SIGNING_ALG)
    imported.set(cacheKey, key)
  }
  return key
}

/** Makes and stores a new key pair; returns its kid. */
async function createKey(db: Kysely<Database>, now: Date): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(SIWX_SIGNING_ALG, { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  await db
    .insertInto('siwx_signing_keys')
    .values({
      kid,
      alg: SIWX_SIGNING_ALG,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk: JSON.stringify(await exportJWK(privateKey)),
      created_at: now,
      retired_at: null,
    })
    .execute()
  return kid
}

/** The key new tokens are signed with: the newest one not retired (made when there is none). */
export async function currentSigningKey(
  db: Kysely<Database>,
  now: Date,
): Promise<{ kid: string; key: ImportedKey }> {
  const newest = () =>
    db
      .selectFrom('siwx_signing_keys')
      .select(['kid', 'private_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .limit(1)
      .executeTakeFirst()
  let row = await newest()
  if (!row) {
    await createKey(db, now)
    row = await newest()
  }
  if (!row) throw new Error('no SIWX signing key after creating one')
  return { kid: row.kid, key: await importOnce(row.kid, row.private_jwk, 'private') }
}

/** Keys retired longer ago than this signed no token that is still valid. */
const PUBLISHED_AFTER_RETIREMENT_MS = SIWX_ACCESS_TOKEN_TTL_MS + SIWX_CLOCK_SKEW_MS

/** The public keys whose tokens may still be valid: what /.well-known/jwks.json lists. */
export async function publishedKeys(db: Kysely<Database>, now: Date): Promise<JWK[]> {
  const since = new Date(now.getTime() - PUBLISHED_AFTER_RETIREMENT_MS)
  const rows = await db
    .selectFrom('siwx_signing_keys')
    .select(['kid', 'alg', 'public_jwk'])
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', since)]))
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute()
  return rows.map((row) => ({ ...row.public_jwk, kid: row.kid, alg: row.alg, use: 'sig' }))
}

/** For jose's jwtVerify: the published key the token's header names, else an error. */
export function verificationKeys(db: Kysely<Database>, now: Date): JWTVerifyGetKey {
  return async (header) => {
    const kid = header.kid
    const jwk = kid && (await publishedKeys(db, now)).find((key) => key.kid === kid)
    if (!kid || !jwk || header.alg !== SIWX_SIGNING_ALG) throw new Error('unknown signing key')
    return importOnce(kid, jwk, 'public')
  }
}

/**
 * Retires the current key and makes a new one, which signs from now on. The old one stays in
 * the JWKS for SIWX_ACCESS_TOKEN_TTL_MS (plus the clock skew), so tokens it signed still verify.
 */
export async function rotateSigningKey(db: Kysely<Database>, now: Date): Promise<string> {
  await db
    .updateTable('siwx_signing_keys')
    .set({ retired_at: now })
    .where('retired_at', 'is', null)
    .execute()
  return createKey(db, now)
}
