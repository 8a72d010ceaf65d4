import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// The import rules of .dependency-cruiser.cjs: no cycle of imports that run, and each package
// imports only the packages below it (docs/packages.md).

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

async function cruise(...paths: string[]) {
  const run = promisify(execFile)
  const args = [CLI, ...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'err']
  return run(process.execPath, args, { cwd: ROOT }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stdout?: string }) => ({ ok: false, output: error.stdout ?? String(error) }),
  )
}

describe('import rules', () => {
  it('every package keeps them', { timeout: 120_000 }, async () => {
    const { ok, output } = await cruise(
      'packages/core/src',
      'packages/devnet/src',
      'packages/evm/src',
      'packages/frame/src',
      'packages/react/src',
      'packages/server/src',
      'packages/solana/src',
      'packages/bitcoin/src',
    )
    expect(ok, output).toBe(true)
  })

  it('a cycle of imports that run is caught; one closed by a type-only import is not', {
    timeout: 120_000,
  }, async () => {
    const dir = await mkdtemp(join(ROOT, '.cycle-check-'))
    try {
      await writeFile(join(dir, 'a.ts'), "import { b } from './b.ts'\nexport const a = () => b\n")
      await writeFile(join(dir, 'b.ts'), "import { a } from './a.ts'\nexport const b = () => a\n")
      await writeFile(join(dir, 'c.ts'), "import type { D } from './d.ts'\nexport type C = D\n")
      await writeFile(
        join(dir, 'd.ts'),
        "import type { C } from './c.ts'\nexport type D = { c?: C }\n",
      )
      const found = await cruise(relative(ROOT, dir))
      expect(found.ok).toBe(false)
      expect(found.output).toMatch(/no-cycle: .*a\.ts/)
      expect(found.output).not.toMatch(/c\.ts/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
