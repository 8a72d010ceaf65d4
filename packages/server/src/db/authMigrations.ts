// The embedded wallet's migrations (issues 5–17), registered in migrations.ts.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against any past schema
type AnyDatabase = Kysely<any>

export const auth: Migration = {
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

export const social: Migration = {
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

export const telegram: Migration = {
  async up(db: AnyDatabase) {
    // Telegram login (issue 16): the bot token a Mini App's initData is signed with, per project.
    await db.schema.alterTable('projects').addColumn('telegram_bot_token', 'text').execute()
  },
  async down(db: AnyDatabase) {
    await sql`delete from auth_social_identities where provider = 'telegram'`.execute(db)
    await db.schema.alterTable('projects').dropColumn('telegram_bot_token').execute()
  },
}

export const emailLoginHardening: Migration = {
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
export const socialPkceInFrame: Migration = {
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
export const sessionLifetimes: Migration = {
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
