import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// What the package's root entry loads with the page: the modules its static imports reach
// (a dynamic import() is the engine, loaded after first paint; `import type` leaves nothing).
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm

function firstLoad(entry: string) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier))
      else packages.add(specifier)
    }
  }
  visit(entry)
  return {
    files: [...files].map((f) => f.slice(dirname(entry).length - 'exports'.length)),
    packages,
  }
}

describe('the first load of @latchkey/bitcoin', () => {
  it('is discovery and networks only: no Bitcoin library, no engine', () => {
    const entry = fileURLToPath(new URL('./exports/index.ts', import.meta.url))
    const { files, packages } = firstLoad(entry)
    expect([...packages].sort()).toEqual([
      '@latchkey/core/internal',
      '@latchkey/core/networks',
      '@wallet-standard/app',
    ])
    expect(files.filter((f) => /engine|Link|transfer|psbt|esplora|addressing/.test(f))).toEqual([])
  })
})
