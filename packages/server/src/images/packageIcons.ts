// Logos read from the icon packages (src/seed/icons.ts names the files), only when asked for:
// loading the server reads none of them.

import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Web3IconRef } from '../seed/icons.ts'

const resolvePackageFile = createRequire(import.meta.url).resolve

/** True for the errors that say a module or file is not there, and nothing else. */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ENOENT'
}

/** The SVG a @web3icons/core file holds, or undefined when the package has no such file. */
export async function web3Icon(ref: Web3IconRef): Promise<string | undefined> {
  try {
    // Each file is a module whose default export is the SVG text.
    const specifier = `@web3icons/core/svgs/${ref}.svg.js`
    const file: { default?: unknown } = await import(specifier)
    return typeof file.default === 'string' ? file.default : undefined
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

/** A simple-icons mark (icons/<slug>.svg) as the package ships it, or undefined. */
export async function simpleIcon(slug: string): Promise<string | undefined> {
  try {
    return await readFile(resolvePackageFile(`simple-icons/icons/${slug}.svg`), 'utf8')
  } catch (error) {
    if (isMissing(error)) return undefined
    throw error
  }
}

/** The logos of the wallets whose ids the table maps to a file, by wallet id. */
export async function walletLogos(
  ids: readonly string[],
  table: Readonly<Record<string, Web3IconRef | null>>,
): Promise<Map<string, string>> {
  const logos = new Map<string, string>()
  await Promise.all(
    ids.map(async (id) => {
      const ref = Object.hasOwn(table, id) ? table[id] : null
      const svg = ref ? await web3Icon(ref) : undefined
      if (svg !== undefined) logos.set(id, svg)
    }),
  )
  return logos
}

/** `load`, each key loaded once: an image route's logos, read on their first request and kept. */
export function memoized<K>(
  load: (key: K) => Promise<string | undefined>,
): (key: K) => Promise<string | undefined> {
  const loaded = new Map<K, Promise<string | undefined>>()
  return (key) => {
    let svg = loaded.get(key)
    if (!svg) {
      svg = load(key)
      // A failed read is tried again next time rather than remembered.
      svg.catch(() => loaded.delete(key))
      loaded.set(key, svg)
    }
    return svg
  }
}
