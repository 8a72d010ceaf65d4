import { type Kysely, type Migration, sql } from 'kysely'

/**
 * Project administration (issue 21): a project's own token (only its SHA-256 is kept) for the
 * admin API, and when the project last changed.
 */
export const projectAdmin: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .addColumn('token_hash', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema
      .alterTable('projects')
      .dropColumn('token_hash')
      .dropColumn('updated_at')
      .execute()
  },
}
