import { type Kysely, type Migration, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

/**
 * Passkeys (issue 30): the users' WebAuthn credentials, and the challenges of the ceremonies in
 * flight (single use, 5 minutes). A user's passkeys go with the user.
 */
export const passkeys: Migration = {
  async up(db: AnyDatabase) {
    await sql`create table auth_passkeys (
      credential_id text primary key,
      user_id text not null references auth_users (id) on delete cascade,
      rp_id text not null,
      public_key text not null,
      counter bigint not null default 0 check (counter >= 0),
      transports text[] not null default '{}',
      aaguid text not null,
      name text,
      backed_up boolean not null default false,
      created_at timestamptz not null,
      last_used_at timestamptz
    )`.execute(db)
    await sql`create index auth_passkeys_user_idx on auth_passkeys (user_id)`.execute(db)
    await sql`create table auth_passkey_challenges (
      challenge_hash text primary key,
      project_id text not null,
      ceremony text not null check (ceremony in ('registration', 'authentication')),
      user_id text references auth_users (id) on delete cascade,
      origin text not null,
      rp_id text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db)
    await sql`create index auth_passkey_challenges_expires_idx
      on auth_passkey_challenges (expires_at)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('auth_passkey_challenges').execute()
    await db.schema.dropTable('auth_passkeys').execute()
  },
}
