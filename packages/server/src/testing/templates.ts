// Test support: migrated template databases, so a test server copies a database that is already
// at the latest migration instead of migrating a fresh one (issue 19 #3). startServer still runs
// migrate and seed on the copy: migrating is then a no-op, and the seed applies the test's own
// options. The template's name carries a hash of the migrations and the PGlite version, so a
// changed migration makes a new template; until then every worker (and every later run) reuses it.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { PGLITE_LOCK_FILE } from '../constants.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { openDatabase } from '../db/open.ts'

function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  const entry = require.resolve('@electric-sql/pglite')
  let dir = dirname(entry)
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
}

/**
 * Changes with the source of db/ (the migrations and the files they import) and the PGlite that
 * wrote the files.
 */
const templateKey = (() => {
  let key: string | undefined
  return () => {
    if (key) return key
    const db = new URL('../db/', import.meta.url)
    const hash = createHash('sha256')
    for (const name of readdirSync(db).sort()) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        hash.update(name).update(readFileSync(new URL(name, db)))
      }
    }
    key = hash.update(pgliteVersion()).digest('hex').slice(0, 16)
    return key
  }
})()

let pgliteTemplate: Promise<string> | undefined

/**
 * The migrated PGlite data directory, built once: by another worker or an earlier run when it
 * is already there. It is built beside its final path and renamed into place, so a worker never
 * sees half of one; when two build at once, the second rename fails and its copy is dropped.
 */
export function pgliteTemplateDir(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const dir = join(tmpdir(), `latchkey-template-${templateKey()}`)
    if (existsSync(dir)) return dir
    const building = await mkdtemp(join(tmpdir(), 'latchkey-template-building-'))
    const database = await openDatabase({ dataDir: building })
    try {
      await migrateToLatest(database.db)
    } finally {
      await database.close()
    }
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }))
    return dir
  })()
  return pgliteTemplate
}

/** A fresh data directory holding a copy of the migrated template. */
export async function copyPgliteTemplate(): Promise<string> {
  const template = await pgliteTemplateDir()
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-server-'))
  await cp(template, dataDir, {
    recursive: true,
    filter: (source) => !source.endsWith(PGLITE_LOCK_FILE),
  })
  return dataDir
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const postgresTemplates = new Map<string, Promise<string>>()

/** SQLSTATE 42P04: duplicate_database; 55006: object_in_use (the template is being copied). */
const pgCode = (error: unknown) => (error as { code?: string }).code

/** The migrated PostgreSQL template database's name, built once per server and key. */
export function postgresTemplate(adminUrl: string): Promise<string> {
  let template = postgresTemplates.get(adminUrl)
  if (!template) {
    template = withClient(adminUrl, async (admin) => {
      const name = `latchkey_template_${templateKey()}`
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (rows.length > 0) return name
      const building = `latchkey_template_building_${randomUUID().replaceAll('-', '')}`
      await admin.query(`create database ${building}`)
      const database = await openDatabase({
        databaseUrl: databaseUrl(adminUrl, building),
        dataDir: '',
      })
      try {
        await migrateToLatest(database.db)
      } finally {
        await database.close()
      }
      try {
        await admin.query(`alter database ${building} rename to ${name}`)
      } catch (error) {
        if (pgCode(error) !== '42P04') throw error
        await admin.query(`drop database ${building}`)
      }
      return name
    })
    postgresTemplates.set(adminUrl, template)
  }
  return template
}

/** Creates `name` as a copy of the template; PostgreSQL copies one at a time, so it waits its turn. */
export async function createFromPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  const template = await postgresTemplate(adminUrl)
  await withClient(adminUrl, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`)
        return
      } catch (error) {
        if (pgCode(error) !== '55006' || attempt >= 200) throw error
        await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50))
      }
    }
  })
}
