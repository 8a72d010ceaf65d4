import { type Kysely, type Migration, sql } from 'kysely'

/**
 * Sign In With Farcaster (issue 27): the sign-ins in flight, one per relay channel. The identities
 * go in auth_social_identities as provider 'farcaster', sub the fid.
 */
export const farcasterChannels: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await sql`create table farcaster_channels (
      channel_hash text primary key,
      project_id text not null,
      code_challenge text not null,
      nonce text not null,
      domain text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db)
    await sql`create index farcaster_channels_expires_idx on farcaster_channels (expires_at)`.execute(
      db,
    )
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await sql`delete from auth_social_identities where provider = 'farcaster'`.execute(db)
    await db.schema.dropTable('farcaster_channels').execute()
  },
}
