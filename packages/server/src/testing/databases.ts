// Test support: the databases the service suite runs on. PGlite always; PostgreSQL too when
// DATABASE_URL is set (CI sets it), each run in a fresh database dropped afterwards. A fresh
// database is a copy of a migrated template (templates.ts), not migrated from scratch.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type RunningServer, type StartServerOptions, startServer } from '../server.ts'
import { copyPgliteTemplate, createFromPostgresTemplate } from './templates.ts'

export interface TestDatabase {
  name: 'pglite' | 'postgres'
  /** An empty database: options for startServer and how to remove the database afterwards */
  create(): Promise<CreatedDatabase>
  /** The same, already at the latest migration (a copy of the template, templates.ts) */
  createMigrated(): Promise<CreatedDatabase>
}

interface CreatedDatabase {
  options: StartServerOptions
  destroy(): Promise<void>
}

const pgliteAt = (dataDir: string): CreatedDatabase => ({
  options: { databaseUrl: null, dataDir },
  destroy: () => rm(dataDir, { recursive: true, force: true }),
})

const pglite: TestDatabase = {
  name: 'pglite',
  async create() {
    return pgliteAt(await mkdtemp(join(tmpdir(), 'latchkey-server-')))
  },
  async createMigrated() {
    return pgliteAt(await copyPgliteTemplate())
  },
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** How long a dropped test database's own connections get to end before they are cut. */
const DROP_GRACE_MS = 5_000

/**
 * Drops a test database once nothing is connected to it: a server that closed has ended its
 * connections (db/open.ts), so the wait is for one that did not close, e.g. after a failed
 * test; `with (force)` then cuts what is left rather than fail the suite's teardown.
 */
async function dropWhenIdle(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + DROP_GRACE_MS
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    )
    if (rows[0]?.n === 0 || Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await client.query(`drop database if exists ${name} with (force)`)
}

async function postgresAt(
  adminUrl: string,
  create: (name: string) => Promise<unknown>,
): Promise<CreatedDatabase> {
  const name = `latchkey_test_${randomUUID().replaceAll('-', '')}`
  await create(name)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    options: { databaseUrl: url.toString() },
    destroy: () => withAdmin(adminUrl, (client) => dropWhenIdle(client, name)),
  }
}

function postgres(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    create: () =>
      postgresAt(adminUrl, (name) =>
        withAdmin(adminUrl, (client) => client.query(`create database ${name}`)),
      ),
    createMigrated: () =>
      postgresAt(adminUrl, (name) => createFromPostgresTemplate(adminUrl, name)),
  }
}

/**
 * PGlite, plus PostgreSQL when DATABASE_URL is set; only PostgreSQL when TEST_DATABASES is
 * `postgres` (mutation runs: README, "Mutation testing").
 */
export function availableDatabases(): TestDatabase[] {
  const url = process.env.DATABASE_URL
  if (!url) return [pglite]
  return process.env.TEST_DATABASES === 'postgres' ? [postgres(url)] : [pglite, postgres(url)]
}

export interface TestServer {
  server: RunningServer
  /** GET (or another method) on the server; `path` includes the query */
  request(path: string, init?: RequestInit): Promise<Response>
  stop(): Promise<void>
}

/** A real server on an ephemeral port over a fresh database. */
export async function startTestServer(
  database: TestDatabase,
  options: StartServerOptions = {},
): Promise<TestServer> {
  const created = await database.createMigrated()
  try {
    const server = await startServer({
      port: 0,
      logLevel: 'silent',
      ...created.options,
      ...options,
    })
    return {
      server,
      request: (path, init) => fetch(`${server.url}${path}`, init),
      async stop() {
        try {
          await server.close()
        } finally {
          await created.destroy()
        }
      },
    }
  } catch (error) {
    await created.destroy()
    throw error
  }
}
