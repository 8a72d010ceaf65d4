import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'

const run = promisify(execFile)
const bin = (name: string) =>
  fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url))

/** Runs a checker and gives its exit code with everything it printed. */
async function check(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(bin(command), args, {
      env: { ...process.env, NO_COLOR: '1' },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

describe.each(inject('packs'))('$name as npm would publish it', (pack) => {
  it('passes publint, warnings included', async () => {
    const result = await check('publint', ['run', pack.tarball, '--strict'])
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain('All good!')
  })

  it('has types that resolve for ESM under node16 and bundlers (arethetypeswrong)', async () => {
    const result = await check('attw', [
      pack.tarball,
      '--profile',
      'esm-only',
      '--format',
      'table-flipped',
    ])
    expect(result.code, result.output).toBe(0)
  })

  it('ships its built JavaScript and types, and no tests or test helpers', () => {
    expect(pack.files).toContain('package.json')
    expect(pack.files).toContain('LICENSE')
    expect(pack.files.some((file) => /^dist\/.+\.js$/.test(file))).toBe(true)
    expect(pack.files.some((file) => /^dist\/.+\.d\.ts$/.test(file))).toBe(true)
    expect(
      pack.files.filter((file) => /\.test(-d)?\.|\/testing\/|\.test\.d\.ts/.test(file)),
    ).toEqual([])
  })
})
