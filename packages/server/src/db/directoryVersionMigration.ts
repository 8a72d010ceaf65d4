import { type Kysely, type Migration, sql } from 'kysely'

/**
 * The directory's version (issue 21 "Fast"): every statement that changes `wallets` bumps it, so
 * each instance's in-memory directory (directory/walletIndex.ts) knows when to read it again.
 */
export const directoryVersion: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await sql`create table directory_version (
      id integer primary key check (id = 1),
      version bigint not null
    )`.execute(db)
    await sql`insert into directory_version (id, version) values (1, 0)`.execute(db)
    await sql`create function bump_directory_version() returns trigger language plpgsql as $$
      begin
        update directory_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db)
    await sql`create trigger wallets_directory_version
      after insert or update or delete or truncate on wallets
      for each statement execute function bump_directory_version()`.execute(db)
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await sql`drop trigger wallets_directory_version on wallets`.execute(db)
    await sql`drop function bump_directory_version()`.execute(db)
    await sql`drop table directory_version`.execute(db)
  },
}
