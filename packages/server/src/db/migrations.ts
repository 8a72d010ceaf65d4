import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely'
import { directoryVersion } from './directoryVersionMigration.ts'
import { projectAdmin } from './projectAdminMigration.ts'
import type { Database } from './schema.ts'

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

const auth: Migration = {
  async up(db: AnyDatabase) {
    // Embedded-wallet auth: users per project, their devices, email challenges, sessions, and
    // the wallet kept apart from the key that unwraps it. Codes and tokens are stored hashed.
    await db.schema
      .createTable('auth_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'jsonb')
      .addColumn('preferred_account_type', 'text', (c) =>
        c.notNull().check(sql`preferred_account_type in ('eoa', 'smartAccount')`),
      )
      .addColumn('user_name', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('auth_users_email_unique', ['project_id', 'email'])
      .execute()

    const userId = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('auth_users.id').onDelete('cascade')
    await db.schema
      .createTable('auth_devices')
      .addColumn('user_id', 'text', userId)
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('approved_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_devices_pk', ['user_id', 'device_hash'])
      .execute()

    await db.schema
      .createTable('auth_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('login', 'change_primary', 'change_secondary')`),
      )
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('auth_users.id').onDelete('cascade'))
      .addColumn('device_hash', 'text')
      .addColumn('new_email', 'text')
      .addColumn('approval_token_hash', 'text', (c) => c.unique())
      .addColumn('approved_at', 'timestamptz')
      .addColumn('otp_salt', 'text')
      .addColumn('otp_hash', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute()
    await sql`create index auth_challenges_expires_idx on auth_challenges (expires_at)`.execute(db)

    await db.schema
      .createTable('auth_cooldowns')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('login', 'change')`))
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_cooldowns_pk', ['project_id', 'email', 'kind'])
      .execute()

    await db.schema
      .createTable('auth_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', userId)
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await sql`create index auth_sessions_expires_idx on auth_sessions (expires_at)`.execute(db)

    await db.schema
      .createTable('auth_wrapping_keys')
      .addColumn('user_id', 'text', (c) => userId(c).primaryKey())
      .addColumn('wrapping_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('auth_wallets')
      .addColumn('user_id', 'text', (c) => userId(c).primaryKey())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('iv', 'text', (c) => c.notNull())
      .addColumn('ciphertext', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute()
  },
  async down(db: AnyDatabase) {
    for (const table of [
      'auth_wallets',
      'auth_wrapping_keys',
      'auth_sessions',
      'auth_cooldowns',
      'auth_challenges',
      'auth_devices',
      'auth_users',
    ]) {
      await db.schema.dropTable(table).execute()
    }
  },
}

const social: Migration = {
  async up(db: AnyDatabase) {
    // Social login (issue 9): a user may sign in with a provider instead of an email, so the
    // email is optional; its provider accounts, the sign-ins in flight, and a wallet per namespace.
    await sql`alter table auth_users alter column email drop not null`.execute(db)

    await db.schema
      .createTable('auth_social_identities')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) =>
        c.notNull().unique().references('auth_users.id').onDelete('cascade'),
      )
      .addColumn('email', 'text')
      .addColumn('user_name', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_social_identities_pk', ['project_id', 'provider', 'sub'])
      .execute()

    await db.schema
      .createTable('auth_social_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text')
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await sql`create index auth_social_states_expires_idx on auth_social_states (expires_at)`.execute(
      db,
    )

    // Wallets per namespace: the rows so far are EVM wallets.
    await sql`alter table auth_wallets
      add column namespace text not null default 'eip155'
        check (namespace in ('eip155', 'solana'))`.execute(db)
    await sql`alter table auth_wallets alter column namespace drop default`.execute(db)
    await sql`alter table auth_wallets drop constraint auth_wallets_pkey`.execute(db)
    await sql`alter table auth_wallets
      add constraint auth_wallets_pk primary key (user_id, namespace)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await sql`delete from auth_wallets where namespace <> 'eip155'`.execute(db)
    await sql`alter table auth_wallets drop constraint auth_wallets_pk`.execute(db)
    await sql`alter table auth_wallets drop column namespace`.execute(db)
    await sql`alter table auth_wallets add constraint auth_wallets_pkey primary key (user_id)`.execute(
      db,
    )
    await db.schema.dropTable('auth_social_states').execute()
    await db.schema.dropTable('auth_social_identities').execute()
    // Users without an email (social sign-ins) cannot exist before this migration.
    await sql`delete from auth_users where email is null`.execute(db)
    await sql`alter table auth_users alter column email set not null`.execute(db)
  },
}

const telegram: Migration = {
  async up(db: AnyDatabase) {
    // Telegram login (issue 16): the bot token a Mini App's initData is signed with, per project.
    await db.schema.alterTable('projects').addColumn('telegram_bot_token', 'text').execute()
  },
  async down(db: AnyDatabase) {
    await sql`delete from auth_social_identities where provider = 'telegram'`.execute(db)
    await db.schema.alterTable('projects').dropColumn('telegram_bot_token').execute()
  },
}

const emailLoginHardening: Migration = {
  async up(db: AnyDatabase) {
    // Issue 18 (email login): the sign-in request the approval page names (the device, as a
    // browser summary, and the client address), and the per-email budget of wrong codes.
    await db.schema
      .alterTable('auth_challenges')
      .addColumn('request_device', 'text')
      .addColumn('request_ip', 'text')
      .execute()
    await db.schema
      .createTable('auth_otp_budgets')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('hour_start', 'timestamptz', (c) => c.notNull())
      .addColumn('hour_count', 'integer', (c) => c.notNull())
      .addColumn('day_start', 'timestamptz', (c) => c.notNull())
      .addColumn('day_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_otp_budgets_pk', ['project_id', 'email'])
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('auth_otp_budgets').execute()
    await db.schema
      .alterTable('auth_challenges')
      .dropColumn('request_device')
      .dropColumn('request_ip')
      .execute()
  },
}

/**
 * The frame holds a social login's PKCE verifier; the server keeps only its challenge. Sign-ins
 * in flight (10 minutes at most) are dropped: their verifiers were the server's.
 */
const socialPkceInFrame: Migration = {
  async up(db: AnyDatabase) {
    await db.deleteFrom('auth_social_states').execute()
    await db.schema
      .alterTable('auth_social_states')
      .renameColumn('code_verifier', 'code_challenge')
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.deleteFrom('auth_social_states').execute()
    await db.schema
      .alterTable('auth_social_states')
      .renameColumn('code_challenge', 'code_verifier')
      .execute()
  },
}

/**
 * Issue 18 #9 (sessions): a session slides on use (7 days idle, 30 days at most, so sessions of
 * today's 30-day rule end within 7 days of this migration unless used); the user's sessions are
 * found by user (sign out everywhere); a wrapping key may have a pending successor for the
 * frame's re-encryption, swapped in with the re-encrypted wallets in one transaction.
 */
const sessionLifetimes: Migration = {
  async up(db: AnyDatabase) {
    await sql`update auth_sessions set expires_at = least(expires_at, now() + interval '7 days')`.execute(
      db,
    )
    await sql`create index auth_sessions_user_idx on auth_sessions (user_id)`.execute(db)
    await db.schema
      .alterTable('auth_wrapping_keys')
      .addColumn('pending_id', 'text')
      .addColumn('pending_key', 'text')
      .addColumn('pending_expires_at', 'timestamptz')
      .execute()
  },
  async down(db: AnyDatabase) {
    await db.schema
      .alterTable('auth_wrapping_keys')
      .dropColumn('pending_id')
      .dropColumn('pending_key')
      .dropColumn('pending_expires_at')
      .execute()
    await sql`drop index auth_sessions_user_idx`.execute(db)
  },
}

/**
 * SIWX access tokens (issue 18 #10): the key pairs that sign the access JWTs (published at
 * /.well-known/jwks.json) and the rotating refresh tokens, stored as hashes.
 */
const siwxTokens: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('siwx_signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('retired_at', 'timestamptz')
      .execute()
    await db.schema
      .createTable('siwx_refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute()
    await sql`create index siwx_refresh_tokens_family_idx
      on siwx_refresh_tokens (family_id)`.execute(db)
    await sql`create index siwx_refresh_tokens_expires_idx
      on siwx_refresh_tokens (expires_at)`.execute(db)
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('siwx_refresh_tokens').execute()
    await db.schema.dropTable('siwx_signing_keys').execute()
  },
}

/**
 * Proof of possession (issue 18 #2): a session is bound to the frame's key (`jkt`, the RFC 7638
 * thumbprint of its public key; null for sessions from before, which the auth routes refuse), and
 * the DPoP proofs seen lately (sha256 of jkt and jti) so none is accepted twice, on any instance.
 */
const sessionDpop: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('auth_sessions').addColumn('jkt', 'text').execute()
    await db.schema
      .createTable('auth_dpop_proofs')
      .addColumn('proof_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await sql`create index auth_dpop_proofs_expires_idx on auth_dpop_proofs (expires_at)`.execute(
      db,
    )
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('auth_dpop_proofs').execute()
    await db.schema.alterTable('auth_sessions').dropColumn('jkt').execute()
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
