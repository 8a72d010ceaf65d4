import type { Kysely, Migration } from 'kysely'

/** The name service (README "Names") */
export const names: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('names')
      .addColumn('label', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull().unique())
      .addColumn('attributes', 'jsonb', (c) => c.notNull())
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('name_addresses')
      .addColumn('label', 'text', (c) => c.notNull().references('names.label').onDelete('cascade'))
      .addColumn('coin_type', 'bigint', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('name_addresses_pk', ['label', 'coin_type'])
      .execute()
    await db.schema
      .createTable('name_messages')
      .addColumn('message_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('name_messages').execute()
    await db.schema.dropTable('name_addresses').execute()
    await db.schema.dropTable('names').execute()
  },
}
