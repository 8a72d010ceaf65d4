// `latchkey-server keys export|import` against real PGlite directories, as an operator runs it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { wrappingKey } from '../auth/store/wallets.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { openDatabase } from '../db/open.ts'
import { seedDatabase } from '../db/seed.ts'
import { currentSigningKey } from '../siwx/signingKeys.ts'
import { runKeysCommand } from './command.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

const at = new Date('2030-01-01T00:00:00.000Z')

/** A server's database holding these users, each with its wrapping key when `withKeys`. */
async function databaseWith(users: string[], withKeys: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-keys-'))
  dirs.push(dataDir)
  const { db, close } = await openDatabase({ dataDir })
  await migrateToLatest(db)
  await seedDatabase(db, {
    projectId: DEMO_PROJECT_ID,
    projectName: 'Demo',
    allowedOrigins: [],
    wallets: [],
    directorySize: 0,
  })
  for (const id of users) {
    await db
      .insertInto('auth_users')
      .values({
        id,
        project_id: DEMO_PROJECT_ID,
        email: `${id}@example.com`,
        chain_id: JSON.stringify(null),
        preferred_account_type: 'eoa',
        user_name: null,
        created_at: at,
      })
      .execute()
    if (withKeys) await wrappingKey(db, id, at)
  }
  await close()
  return dataDir
}

/** Runs the command the way the CLI does, collecting what it prints. */
async function run(args: string[], dataDir: string, files: Record<string, string> = {}) {
  const out: string[] = []
  const err: string[] = []
  const code = await runKeysCommand(
    args,
    {
      write: (line) => out.push(line),
      error: (line) => err.push(line),
      readFile: async (path) => files[path] ?? '',
    },
    { dataDir },
  )
  return { code, out, err }
}

describe('latchkey-server keys', () => {
  it('exports every wrapping key and restores them into a database that lost them', async () => {
    const source = await databaseWith(['alice', 'bob'], true)
    const exported = await run(['export'], source)
    expect(exported.code).toBe(0)
    expect(exported.out.map((line) => JSON.parse(line).user_id).sort()).toEqual(['alice', 'bob'])
    const backup = `${exported.out.join('\n')}\n`

    // The users came back from a database backup; their keys did not.
    const target = await databaseWith(['alice', 'bob'], false)
    const restored = await run(['import', 'keys.jsonl'], target, { 'keys.jsonl': backup })
    expect(restored).toMatchObject({
      code: 0,
      err: ['2 added, 0 already there, 0 different in the database (kept), 0 for unknown users'],
    })
    expect((await run(['export'], target)).out).toEqual(exported.out)

    const again = await run(['import', 'keys.jsonl'], target, { 'keys.jsonl': backup })
    expect(again.err[0]).toBe(
      '0 added, 2 already there, 0 different in the database (kept), 0 for unknown users',
    )
  })

  it('never overwrites a key the database holds, and names keys of users it does not have', async () => {
    const source = await databaseWith(['alice', 'carol'], true)
    const backup = (await run(['export'], source)).out.join('\n')
    const target = await databaseWith(['alice'], true)
    const before = (await run(['export'], target)).out

    const restored = await run(['import', 'b'], target, { b: backup })
    expect(restored.code).toBe(1)
    expect(restored.err).toEqual([
      '0 added, 0 already there, 1 different in the database (kept), 1 for unknown users',
      'different key kept for user alice',
      'no such user: carol',
    ])
    expect((await run(['export'], target)).out).toEqual(before)
  })

  it('a damaged backup restores nothing and names the line', async () => {
    const source = await databaseWith(['alice', 'bob'], true)
    const [first] = (await run(['export'], source)).out
    const target = await databaseWith(['alice', 'bob'], false)
    await expect(run(['import', 'b'], target, { b: `${first}\n{"user_id":"bob"` })).rejects.toThrow(
      'line 2: not JSON',
    )
    await expect(
      run(['import', 'b'], target, {
        b: `${first}\n{"user_id":"bob","wrapping_key":"%%","created_at":"2030-01-01T00:00:00.000Z"}`,
      }),
    ).rejects.toThrow('line 2: wrapping_key is invalid')
    expect((await run(['export'], target)).out).toEqual([])
  })

  it('rotate-signing retires the SIWX signing key and prints the new one, which then signs', async () => {
    const target = await databaseWith([], false)
    const first = await run(['rotate-signing'], target)
    const second = await run(['rotate-signing'], target)
    expect([first.code, second.code]).toEqual([0, 0])
    expect(first.out[0]).toMatch(/\S/)
    expect(second.out[0]).not.toBe(first.out[0])
    const { db, close } = await openDatabase({ dataDir: target })
    try {
      expect((await currentSigningKey(db, new Date())).kid).toBe(second.out[0])
      const live = await db
        .selectFrom('siwx_signing_keys')
        .select('kid')
        .where('retired_at', 'is', null)
        .execute()
      expect(live.map((row) => row.kid)).toEqual([second.out[0]])
    } finally {
      await close()
    }
  })

  it('answers a wrong command with its usage', async () => {
    const target = await databaseWith([], false)
    expect(await run(['import'], target)).toMatchObject({
      code: 2,
      err: ['Usage: latchkey-server keys export | keys import <file> | keys rotate-signing'],
    })
  })
})
