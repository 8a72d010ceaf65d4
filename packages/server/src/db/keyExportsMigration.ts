import { type Kysely, type Migration, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

/** Key export (issue 30): every export of a user's key, with when and from which device. */
export const keyExports: Migration = {
  async up(db: AnyDatabase) {
    await sql`create table auth_key_exports (
      id bigserial primary key,
      user_id text not null references auth_users (id) on delete cascade,
      namespace text not null check (namespace in ('eip155', 'solana')),
      address text not null,
      device text not null,
      ip text not null,
      created_at timestamptz not null
    )`.execute(db)
    await sql`create index auth_key_exports_user_idx on auth_key_exports (user_id)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('auth_key_exports').execute()
  },
}
