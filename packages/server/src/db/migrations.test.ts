import { NO_MIGRATIONS, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { REAL_WALLETS } from '../seed/wallets.ts'
import { availableDatabases } from '../testing/databases.ts'
import { createMigrator, migrateToLatest, migrations } from './migrations.ts'
import { type OpenedDatabase, openDatabase } from './open.ts'
import { seedDatabase } from './seed.ts'

const ORIGINS = ['http://127.0.0.1:5173']
/** The migrations that run after `name`, in order */
const migrationsAfter = (name: string) => Object.keys(migrations).filter((next) => next > name)

describe.each(availableDatabases())('migrations and seed on $name', (database) => {
  let opened: OpenedDatabase
  let destroy: () => Promise<void>

  beforeAll(async () => {
    const created = await database.create()
    destroy = created.destroy
    opened = await openDatabase({
      databaseUrl: created.options.databaseUrl ?? undefined,
      dataDir: created.options.dataDir ?? 'memory://',
    })
  })
  afterAll(async () => {
    await opened?.close()
    await destroy?.()
  })

  const tableNames = async () => {
    const tables = await opened.db.introspection.getTables()
    return tables.map((table) => table.name).sort()
  }

  it('migrates an empty database to the latest schema, then has nothing left to run', async () => {
    expect(await migrateToLatest(opened.db)).toEqual(Object.keys(migrations))
    expect(await tableNames()).toEqual([
      'analytics_events',
      'auth_challenges',
      'auth_cooldowns',
      'auth_devices',
      'auth_dpop_proofs',
      'auth_key_exports',
      'auth_otp_budgets',
      'auth_passkey_challenges',
      'auth_passkeys',
      'auth_sessions',
      'auth_social_identities',
      'auth_social_states',
      'auth_users',
      'auth_wallets',
      'auth_wrapping_keys',
      'captured_emails',
      'directory_version',
      'farcaster_channels',
      'indexer_state',
      'name_addresses',
      'name_messages',
      'names',
      'onramp_orders',
      'prices',
      'projects',
      'siwx_nonces',
      'siwx_refresh_tokens',
      'siwx_sessions',
      'siwx_signing_keys',
      'smart_sessions',
      'solana_prices',
      'tokens',
      'transfers',
      'wallets',
    ])
    expect(await migrateToLatest(opened.db)).toEqual([])
  })

  it('creates the columns the service reads', async () => {
    const tables = await opened.db.introspection.getTables()
    const columns = (name: string) =>
      tables
        .find((table) => table.name === name)
        ?.columns.map((column) => column.name)
        .sort()
    expect(columns('projects')).toEqual(
      [
        'allowed_origins',
        'analytics_enabled',
        'created_at',
        'features',
        'name',
        'project_id',
        'telegram_bot_token',
        'token_hash',
        'updated_at',
      ].sort(),
    )
    expect(columns('wallets')).toEqual(
      [
        'app_store',
        'badge_type',
        'chains',
        'chrome_store',
        'custom_evm_networks',
        'desktop_link',
        'directory_index',
        'homepage',
        'id',
        'image_svg',
        'mobile_link',
        'name',
        'name_lower',
        'play_store',
        'rank',
        'rdns',
        'rdns_lower',
        'universal_link',
        'webapp_link',
      ].sort(),
    )
  })

  it('rejects a badge type other than certified or none', async () => {
    const insert = sql`insert into wallets (id, name, rank, badge_type) values ('x', 'X', 1, 'gold')`
    await expect(insert.execute(opened.db)).rejects.toThrow()
  })

  it('seeds idempotently, and resizes the generated directory both ways', async () => {
    const counts = async () => {
      const row = await opened.db
        .selectFrom('wallets')
        .select([
          sql<number>`count(*) filter (where directory_index is null)::int`.as('real'),
          sql<number>`count(*) filter (where directory_index is not null)::int`.as('generated'),
        ])
        .executeTakeFirstOrThrow()
      const projects = await opened.db.selectFrom('projects').selectAll().execute()
      return { ...row, projects: projects.length }
    }
    const seed = (directorySize: number, allowedOrigins = ORIGINS) =>
      seedDatabase(opened.db, {
        projectId: DEMO_PROJECT_ID,
        projectName: 'Test',
        allowedOrigins,
        wallets: REAL_WALLETS,
        directorySize,
      })

    await seed(50)
    expect(await counts()).toEqual({ real: REAL_WALLETS.length, generated: 50, projects: 1 })
    await seed(50)
    expect(await counts()).toEqual({ real: REAL_WALLETS.length, generated: 50, projects: 1 })
    await seed(20)
    expect((await counts()).generated).toBe(20)
    await seed(0, ['http://localhost:4000'])
    expect((await counts()).generated).toBe(0)
    const project = await opened.db.selectFrom('projects').selectAll().executeTakeFirstOrThrow()
    expect(project.allowed_origins).toEqual(['http://localhost:4000'])
    expect(project.features).toEqual({})
  })

  it('keeps the email wallets as eip155 ones across the social migration, and back', async () => {
    const migrator = createMigrator(opened.db)
    expect((await migrator.migrateTo('2025_05_001_auth')).error).toBeUndefined()
    const at = new Date('2030-01-01T00:00:00.000Z')
    await sql`insert into auth_users (id, project_id, email, preferred_account_type, created_at)
      values ('u1', ${DEMO_PROJECT_ID}, 'a@example.org', 'eoa', ${at})`.execute(opened.db)
    await sql`insert into auth_wallets (user_id, address, iv, ciphertext, created_at)
      values ('u1', '0xabc', 'iv', 'ct', ${at})`.execute(opened.db)

    expect(await migrateToLatest(opened.db)).toEqual(migrationsAfter('2025_05_001_auth'))
    const wallets = () =>
      opened.db
        .selectFrom('auth_wallets')
        .select(['user_id', 'namespace', 'address'])
        .orderBy('namespace')
        .execute()
    expect(await wallets()).toEqual([{ user_id: 'u1', namespace: 'eip155', address: '0xabc' }])
    const wallet = (namespace: string) =>
      sql`insert into auth_wallets (user_id, namespace, address, iv, ciphertext, created_at)
        values ('u1', ${namespace}, 'x', 'iv', 'ct', ${at})`.execute(opened.db)
    await wallet('solana')
    await expect(wallet('solana')).rejects.toThrow()
    await expect(wallet('eip155')).rejects.toThrow()
    await expect(wallet('cosmos')).rejects.toThrow()
    await expect(
      sql`insert into auth_wallets (user_id, address, iv, ciphertext, created_at)
        values ('u1', 'y', 'iv', 'ct', ${at})`.execute(opened.db),
    ).rejects.toThrow()
    // A social user has no email
    await sql`insert into auth_users (id, project_id, email, preferred_account_type, created_at)
      values ('u2', ${DEMO_PROJECT_ID}, null, 'eoa', ${at})`.execute(opened.db)

    expect((await migrator.migrateTo('2025_05_001_auth')).error).toBeUndefined()
    const kept = await sql<{ user_id: string; address: string }>`
      select user_id, address from auth_wallets`.execute(opened.db)
    expect(kept.rows).toEqual([{ user_id: 'u1', address: '0xabc' }])
    const users = await sql<{ id: string }>`select id from auth_users`.execute(opened.db)
    expect(users.rows).toEqual([{ id: 'u1' }])
    await sql`delete from auth_users`.execute(opened.db)
    expect(await migrateToLatest(opened.db)).toEqual(migrationsAfter('2025_05_001_auth'))
  })

  it('migrates down to nothing and up again', async () => {
    const migrator = createMigrator(opened.db)
    const down = await migrator.migrateTo(NO_MIGRATIONS)
    expect(down.error).toBeUndefined()
    expect(await tableNames()).toEqual([])
    expect(await migrateToLatest(opened.db)).toEqual(Object.keys(migrations))
  })
})
