// The security review's migrations (issue 18: sessions bound to the frame's key, SIWX access
// tokens), registered in migrations.ts.
import { type Kysely, type Migration, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

/**
 * SIWX access tokens (issue 18 #10): the key pairs that sign the access JWTs (published at
 * /.well-known/jwks.json) and the rotating refresh tokens, stored as hashes.
 */
export const siwxTokens: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('siwx_signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('retired_at', 'timestamptz')
      .execute()
    await db.schema
      .createTable('siwx_refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute()
    await sql`create index siwx_refresh_tokens_family_idx
      on siwx_refresh_tokens (family_id)`.execute(db)
    await sql`create index siwx_refresh_tokens_expires_idx
      on siwx_refresh_tokens (expires_at)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('siwx_refresh_tokens').execute()
    await db.schema.dropTable('siwx_signing_keys').execute()
  },
}

/**
 * Proof of possession (issue 18 #2): a session is bound to the frame's key (`jkt`, the RFC 7638
 * thumbprint of its public key; null for sessions from before, which the auth routes refuse), and
 * the DPoP proofs seen lately (sha256 of jkt and jti) so none is accepted twice, on any instance.
 */
export const sessionDpop: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('auth_sessions').addColumn('jkt', 'text').execute()
    await db.schema
      .createTable('auth_dpop_proofs')
      .addColumn('proof_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await sql`create index auth_dpop_proofs_expires_idx on auth_dpop_proofs (expires_at)`.execute(
      db,
    )
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('auth_dpop_proofs').execute()
    await db.schema.alterTable('auth_sessions').dropColumn('jkt').execute()
  },
}
