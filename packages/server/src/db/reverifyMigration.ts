import { type Kysely, type Migration, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

/**
 * Issue 30: a signed-in user proves a factor again (an email code) before a key export; the
 * session keeps when, and the code's challenge is of its own kind.
 */
export const sessionReverify: Migration = {
  async up(db: AnyDatabase) {
    await sql`alter table auth_sessions add column verified_at timestamptz`.execute(db)
    await sql`alter table auth_challenges drop constraint auth_challenges_kind_check`.execute(db)
    await sql`alter table auth_challenges add constraint auth_challenges_kind_check
      check (kind in ('login', 'change_primary', 'change_secondary', 'reverify'))`.execute(db)
  },
  async down(db: AnyDatabase) {
    await sql`delete from auth_challenges where kind = 'reverify'`.execute(db)
    await sql`alter table auth_challenges drop constraint auth_challenges_kind_check`.execute(db)
    await sql`alter table auth_challenges add constraint auth_challenges_kind_check
      check (kind in ('login', 'change_primary', 'change_secondary'))`.execute(db)
    await sql`alter table auth_sessions drop column verified_at`.execute(db)
  },
}
