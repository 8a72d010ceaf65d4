import { type Kysely, type Migration, sql } from 'kysely'

/**
 * An order asked for in crypto, the payment method chosen before the checkout opened, and the
 * currency paid
 */
export const onrampPresets: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema.alterTable('onramp_orders').addColumn('preset_crypto_amount', 'text').execute()
    await db.schema
      .alterTable('onramp_orders')
      .addColumn('preferred_method', 'text', (c) =>
        c.check(sql`preferred_method in ('card', 'bank')`),
      )
      .execute()
    await db.schema
      .alterTable('onramp_orders')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema.alterTable('onramp_orders').dropColumn('currency').execute()
    await db.schema.alterTable('onramp_orders').dropColumn('preferred_method').execute()
    await db.schema.alterTable('onramp_orders').dropColumn('preset_crypto_amount').execute()
  },
}

/** The onramp sandbox's orders (README "Buy crypto"). Amounts are integers kept as text. */
export const onrampOrders: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('onramp_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('created', 'pending', 'completed', 'failed')`),
      )
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('asset', 'text', (c) => c.notNull())
      .addColumn('asset_address', 'text')
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('partner_user_id', 'text')
      .addColumn('preset_fiat_cents', 'text')
      .addColumn('method', 'text')
      .addColumn('total_cents', 'text')
      .addColumn('fee_cents', 'text')
      .addColumn('purchase_amount', 'text')
      .addColumn('tx_hash', 'text')
      .addColumn('failure', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
  async down(db: Kysely<any>) {
    await db.schema.dropTable('onramp_orders').execute()
  },
}
