import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// No block of 50 tokens or more written twice in the packages' sources (tests and their helpers
// aside): .jscpd.json, checked with jscpd.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'node_modules/jscpd/bin/jscpd')

interface Clone {
  firstFile: { name: string; start: number }
  secondFile: { name: string; start: number }
}

/** The clones jscpd reports, run in `cwd` (which decides the .jscpd.json it reads) */
async function clones(cwd: string, ...args: string[]): Promise<string[]> {
  const out = await mkdtemp(join(tmpdir(), 'latchkey-jscpd-'))
  try {
    const run = promisify(execFile)
    await run(
      process.execPath,
      [CLI, ...args, '--reporters', 'json', '--output', out, '--silent'],
      {
        cwd,
      },
    )
    const report = JSON.parse(await readFile(join(out, 'jscpd-report.json'), 'utf8')) as {
      duplicates: Clone[]
    }
    return report.duplicates.map(
      ({ firstFile: a, secondFile: b }) => `${a.name}:${a.start} = ${b.name}:${b.start}`,
    )
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}

describe('repeated code', () => {
  it('no block is written twice in packages/*/src', { timeout: 120_000 }, async () => {
    expect(await clones(ROOT, '--config', '.jscpd.json')).toEqual([])
  })

  it('a block written twice is found', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latchkey-twice-'))
    try {
      const block = (name: string) =>
        `export function ${name}(items: number[]) {\n` +
        '  const kept = items.filter((item) => item > 0 && Number.isSafeInteger(item))\n' +
        '  const total = kept.reduce((sum, item) => sum + item * 2, 0)\n' +
        '  if (total > 1000) throw new RangeError(String(total) + " over " + String(kept.length))\n' +
        '  return { kept, total, average: kept.length ? total / kept.length : 0 }\n}\n'
      await writeFile(join(dir, 'a.ts'), block('first'))
      await writeFile(join(dir, 'b.ts'), block('second'))
      const found = await clones(dir, '.', '--format', 'typescript', '--min-tokens', '50')
      expect(found).toHaveLength(1)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
