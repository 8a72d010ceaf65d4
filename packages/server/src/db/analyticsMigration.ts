import type { Kysely, Migration } from 'kysely'

/** The analytics collector's events, one row per event, kept once per (project, event id) */
export const analyticsEvents: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('analytics_events')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .addColumn('properties', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_events_pkey', ['project_id', 'event_id'])
      .execute()
    await db.schema
      .createIndex('analytics_events_project_day')
      .on('analytics_events')
      .columns(['project_id', 'day', 'event'])
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('analytics_events').execute()
  },
}
