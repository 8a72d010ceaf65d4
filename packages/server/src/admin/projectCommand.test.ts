// `latchkey-server migrate` and `latchkey-server project …` against real PGlite directories,
// as an operator runs them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrations } from '../db/migrations.ts'
import { copyPgliteTemplate } from '../testing/templates.ts'
import { runMigrateCommand, runProjectCommand } from './projectCommand.ts'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

function terminal() {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    io: { write: (l: string) => void out.push(l), error: (l: string) => void err.push(l) },
  }
}

describe('latchkey-server project', () => {
  it('creates, lists, changes and rotates a project on the server database', async () => {
    const dataDir = await copyPgliteTemplate()
    dirs.push(dataDir)
    const run = async (...args: string[]) => {
      const t = terminal()
      const code = await runProjectCommand(args, t.io, { dataDir })
      return { code, ...t }
    }
    const made = await run('create', '--name', 'Shop', '--origin', 'https://shop.example/')
    expect(made.code).toBe(0)
    const id = /^([0-9a-f]{32}) {2}Shop$/.exec(made.out[0] ?? '')?.[1]
    expect(id).toBeDefined()
    expect(made.out).toContain('  origins:  https://shop.example')
    expect(made.out.filter((line) => line.startsWith('  token:'))).toEqual([
      expect.stringMatching(/^ {2}token: {4}lkp_[A-Za-z0-9_-]{43}$/),
    ])
    expect(made.err.join(' ')).toContain('shown this once')

    expect((await run('origins', 'add', id as string, 'https://b.example')).out).toContain(
      '  origins:  https://shop.example https://b.example',
    )
    expect((await run('origins', 'remove', id as string, 'https://shop.example')).out).toContain(
      '  origins:  https://b.example',
    )
    const features = await run('features', 'set', id as string, 'swaps=false', 'socials=google,x')
    expect(features.out).toContain('  features: swaps=false socials=google,x')
    const rotated = await run('token', 'rotate', id as string)
    expect(rotated.out[0]).toMatch(/^lkp_[A-Za-z0-9_-]{43}$/)
    const listed = await run('list')
    expect(listed.out).toContain(`${id}  Shop`)
  })

  it('a refused change exits 1 with the reason and changes nothing; a wrong command exits 2', async () => {
    const dataDir = await copyPgliteTemplate()
    dirs.push(dataDir)
    const t = terminal()
    expect(
      await runProjectCommand(['create', '--name', 'A', '--origin', 'shop'], t.io, { dataDir }),
    ).toBe(1)
    expect(t.err).toEqual([
      "'shop' is not an origin: http(s)://host[:port], with nothing after the host or port",
    ])
    expect(await runProjectCommand(['show', 'f'.repeat(32)], t.io, { dataDir })).toBe(1)
    expect(t.err.at(-1)).toBe(`No project '${'f'.repeat(32)}'`)
    // A feature typo is refused before the database opens.
    expect(await runProjectCommand(['features', 'set', 'x', 'swap=false'], t.io, { dataDir })).toBe(
      1,
    )
    expect(t.err.at(-1)).toBe("Invalid features: unknown feature 'swap'")
    for (const words of [
      [],
      ['create'],
      ['origins', 'add', 'x'],
      ['token', 'rotate'],
      ['--bogus'],
    ]) {
      const usage = terminal()
      expect(await runProjectCommand(words, usage.io, { dataDir })).toBe(2)
      expect(usage.err.at(-1)).toContain('Usage:')
    }
    const listed = terminal()
    await runProjectCommand(['list'], listed.io, { dataDir })
    expect(listed.out.filter((line) => / {2}A$/.test(line))).toEqual([])
  })

  it('migrate applies every migration once, then says the database is up to date', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-migrate-'))
    dirs.push(dataDir)
    const first = terminal()
    expect(await runMigrateCommand(first.io, { dataDir })).toBe(0)
    expect(first.out).toEqual([`applied ${Object.keys(migrations).join(', ')}`])
    const second = terminal()
    await runMigrateCommand(second.io, { dataDir })
    expect(second.out).toEqual(['the database is up to date'])
  })
})
