import { NO_MIGRATIONS, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants'
import { REAL_WALLETS } from '../seed/wallets'
import { availableDatabases } from '../testing/databases'
import { createMigrator, migrateToLatest, migrations } from './migrations'
import { type OpenedDatabase, openDatabase } from './open'
import { seedDatabase } from './seed'

const ORIGINS = ['http://127.0.0.1:5173']

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
      'auth_challenges',
      'auth_cooldowns',
      'auth_devices',
      'auth_sessions',
      'auth_users',
      'auth_wallets',
      'auth_wrapping_keys',
      'captured_emails',
      'indexer_state',
      'prices',
      'projects',
      'siwx_nonces',
      'siwx_sessions',
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

  it('migrates down to nothing and up again', async () => {
    const migrator = createMigrator(opened.db)
    const down = await migrator.migrateTo(NO_MIGRATIONS)
    expect(down.error).toBeUndefined()
    expect(await tableNames()).toEqual([])
    expect(await migrateToLatest(opened.db)).toEqual(Object.keys(migrations))
  })
})
