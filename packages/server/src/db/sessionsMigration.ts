import type { Kysely, Migration } from 'kysely'

/** Permissions granted by smart accounts (README "Smart accounts") */
export const smartSessions: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('smart_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('permissions', 'jsonb', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute()
    await db.schema
      .createIndex('smart_sessions_account')
      .on('smart_sessions')
      .column('account')
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('smart_sessions').execute()
  },
}
