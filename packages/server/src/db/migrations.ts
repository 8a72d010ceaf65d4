import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import { analyticsEvents } from './analyticsMigration.ts'
import {
  auth,
  emailLoginHardening,
  sessionLifetimes,
  social,
  socialPkceInFrame,
  telegram,
} from './authMigrations.ts'
import { directoryVersion } from './directoryVersionMigration.ts'
import { farcasterChannels } from './farcasterMigration.ts'
import { keyExports } from './keyExportsMigration.ts'
import { names } from './namesMigration.ts'
import { onrampOrders, onrampPresets } from './onrampMigration.ts'
import { passkeys } from './passkeysMigration.ts'
import { projectAdmin } from './projectAdminMigration.ts'
import { sessionReverify } from './reverifyMigration.ts'
import type { Database } from './schema.ts'
import { sessionDpop, siwxTokens } from './securityMigrations.ts'
import { smartSessions } from './sessionsMigration.ts'

// Kysely is typed for the database's latest shape; migrations see an untyped one.
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

const initial: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('allowed_origins', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('analytics_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()

    await db.schema
      .createTable('wallets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('rdns', 'text')
      .addColumn('chains', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('custom_evm_networks', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('homepage', 'text')
      .addColumn('mobile_link', 'text')
      .addColumn('universal_link', 'text')
      .addColumn('desktop_link', 'text')
      .addColumn('webapp_link', 'text')
      .addColumn('app_store', 'text')
      .addColumn('play_store', 'text')
      .addColumn('chrome_store', 'text')
      .addColumn('badge_type', 'text', (c) =>
        c.notNull().defaultTo('none').check(sql`badge_type in ('certified', 'none')`),
      )
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('image_svg', 'text')
      .addColumn('directory_index', 'integer', (c) => c.unique())
      .execute()

    // Search and the name/rdns filters compare lowercased text; keeping it in stored columns
    // saves lower() on every row of every search.
    await sql`alter table wallets
      add column name_lower text generated always as (lower(name)) stored,
      add column rdns_lower text generated always as (lower(coalesce(rdns, ''))) stored`.execute(db)
    // The directory's order (§2 certified first, then rank, then name). COLLATE "C" gives both
    // PGlite and PostgreSQL the same order whatever the server's locale.
    await sql`create index wallets_directory_order_idx
      on wallets ((badge_type <> 'certified'), rank, name_lower collate "C", id)`.execute(db)
    await sql`create index wallets_name_lower_idx on wallets (name_lower)`.execute(db)
    await sql`create index wallets_rdns_lower_idx on wallets (rdns_lower)`.execute(db)
    await sql`create index wallets_chains_idx on wallets using gin (chains)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('wallets').execute()
    await db.schema.dropTable('projects').execute()
  },
}

const chainData: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('tokens')
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('decimals', 'integer', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addPrimaryKeyConstraint('tokens_pkey', ['chain_id', 'address'])
      .execute()

    await db.schema
      .createTable('prices')
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price', 'float8', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('prices_pkey', ['chain_id', 'address', 'currency'])
      .execute()

    await db.schema
      .createTable('transfers')
      .addColumn('chain_id', 'integer', (c) => c.notNull())
      .addColumn('block_number', 'integer', (c) => c.notNull())
      .addColumn('tx_index', 'integer', (c) => c.notNull())
      .addColumn('log_index', 'integer', (c) => c.notNull())
      .addColumn('tx_hash', 'text', (c) => c.notNull())
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('token_address', 'text')
      .addColumn('amount', sql`numeric(78, 0)`, (c) => c.notNull())
      .addColumn('mined_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('transfers_pkey', ['chain_id', 'tx_hash', 'log_index'])
      .execute()
    // History reads an address's transfers newest first on one chain.
    await sql`create index transfers_from_idx
      on transfers (chain_id, from_address, block_number desc, tx_index desc)`.execute(db)
    await sql`create index transfers_to_idx
      on transfers (chain_id, to_address, block_number desc, tx_index desc)`.execute(db)

    await db.schema
      .createTable('indexer_state')
      .addColumn('chain_id', 'integer', (c) => c.primaryKey())
      .addColumn('last_block', 'integer', (c) => c.notNull())
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('indexer_state').execute()
    await db.schema.dropTable('transfers').execute()
    await db.schema.dropTable('prices').execute()
    await db.schema.dropTable('tokens').execute()
  },
}

const solanaPrices: Migration = {
  async up(db: AnyDatabase) {
    // Solana chains have no numeric chain id: their prices are keyed by CAIP-2 id and mint.
    await db.schema
      .createTable('solana_prices')
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('mint', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price', 'float8', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('solana_prices_pkey', ['network', 'mint', 'currency'])
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('solana_prices').execute()
  },
}

const siwx: Migration = {
  async up(db: AnyDatabase) {
    // Sign-In with X (issue 7): nonces this server issued, and the sessions it verified.
    await db.schema
      .createTable('siwx_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute()
    await sql`create index siwx_nonces_expires_idx on siwx_nonces (expires_at)`.execute(db)

    await db.schema
      .createTable('siwx_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute()
    await sql`create index siwx_sessions_account_idx
      on siwx_sessions (project_id, chain_id, address, created_at desc)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('siwx_sessions').execute()
    await db.schema.dropTable('siwx_nonces').execute()
  },
}

const capturedEmails: Migration = {
  async up(db: AnyDatabase) {
    // §4 DataCapture: one email per project and account; a new one replaces the old.
    await db.schema
      .createTable('captured_emails')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('caip_address', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('captured_emails_pk', ['project_id', 'caip_address'])
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('captured_emails').execute()
  },
}

/** Every migration, in order. Names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2025_01_001_initial': initial,
  '2025_02_001_chain_data': chainData,
  '2025_03_001_solana_prices': solanaPrices,
  '2025_04_001_siwx': siwx,
  '2025_04_002_captured_emails': capturedEmails,
  '2025_05_001_auth': auth,
  '2025_06_001_social': social,
  '2025_07_001_telegram': telegram,
  '2025_08_001_email_login_hardening': emailLoginHardening,
  '2025_08_002_social_pkce_in_frame': socialPkceInFrame,
  '2025_09_001_session_lifetimes': sessionLifetimes,
  '2025_09_002_session_dpop': sessionDpop,
  '2025_09_003_siwx_tokens': siwxTokens,
  '2025_10_001_project_admin': projectAdmin,
  '2025_10_002_directory_version': directoryVersion,
  '2025_11_001_onramp_orders': onrampOrders,
  '2025_11_002_onramp_presets': onrampPresets,
  '2025_12_001_names': names,
  '2025_12_002_smart_sessions': smartSessions,
  '2026_01_001_analytics_events': analyticsEvents,
  '2026_02_001_farcaster_channels': farcasterChannels,
  '2026_03_001_passkeys': passkeys,
  '2026_04_001_key_exports': keyExports,
  '2026_04_002_session_reverify': sessionReverify,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider })
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName
    throw new Error(`Migration ${failed ?? '(unknown)'} failed`, { cause: error })
  }
  return (results ?? []).map((result) => result.migrationName)
}
