// npm 11 runs a dependency's install scripts only when the root package.json's allowScripts
// allows them: every package of the lock file that has one must be decided there, so a new one
// is reviewed (SECURITY.md "Dependencies") rather than silently skipped or run.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))

describe('install scripts', () => {
  it('every locked package with an install script is named in allowScripts, and none is allowed', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { hasInstallScript?: boolean }>
    }
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
    const { allowScripts } = read('package.json') as { allowScripts: Record<string, boolean> }
    expect([...new Set(withScripts)].sort()).toEqual(Object.keys(allowScripts).sort())
    expect(Object.values(allowScripts).every((allowed) => allowed === false)).toBe(true)
  })
})
