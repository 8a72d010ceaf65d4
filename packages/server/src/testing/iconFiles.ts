// The icon packages' files read straight from disk, past the server's loaders, so tests can
// compare what the server serves with what the packages ship.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Web3IconRef } from '../seed/icons.ts'

const resolve = createRequire(import.meta.url).resolve
/** @web3icons/core's dist/ and simple-icons' root: where their main entries live */
const WEB3ICONS_DIST = dirname(resolve('@web3icons/core'))
const SIMPLE_ICONS_ROOT = dirname(resolve('simple-icons'))

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T
}

/** The licenses the two packages declare in their package.json. */
export function packageLicenses(): { web3icons: string; simpleIcons: string } {
  const license = (path: string) => readJson<{ license: string }>(path).license
  return {
    web3icons: license(join(WEB3ICONS_DIST, '..', 'package.json')),
    simpleIcons: license(join(SIMPLE_ICONS_ROOT, 'package.json')),
  }
}

/**
 * The SVG text in a @web3icons/core file (`var name =\n  '<svg…>'` then its export), or
 * undefined when the package has no such file. Throws on an escape other than \n, \\ and \'.
 */
export function web3IconFile(ref: Web3IconRef): string | undefined {
  const path = join(WEB3ICONS_DIST, 'svgs', `${ref}.svg.js`)
  if (!existsSync(path)) return undefined
  const literal = /^var [\w$]+ =\s*'((?:[^'\\]|\\.)*)'/.exec(readFileSync(path, 'utf8'))?.[1]
  if (literal === undefined) throw new Error(`${path}: no SVG string literal`)
  return literal.replace(/\\(.)/g, (_escape, char: string) => {
    if (char === 'n') return '\n'
    if (char === '\\' || char === "'") return char
    throw new Error(`${path}: unexpected escape \\${char}`)
  })
}

/** The names of the files @web3icons/core ships in a folder (`wallets/background`, …). */
export function web3IconNames(folder: string): string[] {
  return readdirSync(join(WEB3ICONS_DIST, 'svgs', folder))
    .filter((file) => file.endsWith('.svg.js'))
    .map((file) => file.slice(0, -'.svg.js'.length))
}

/** A simple-icons file as the package ships it, or undefined. */
export function simpleIconFile(slug: string): string | undefined {
  const path = join(SIMPLE_ICONS_ROOT, 'icons', `${slug}.svg`)
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined
}

/** simple-icons' data entry for a slug (its `license` when the icon has its own). */
export function simpleIconData(slug: string): { title: string; license?: { type: string } } {
  const data = readJson<Array<{ slug: string; title: string; license?: { type: string } }>>(
    join(SIMPLE_ICONS_ROOT, 'data', 'simple-icons.json'),
  )
  const entry = data.find((icon) => icon.slug === slug)
  if (!entry) throw new Error(`simple-icons has no data for ${slug}`)
  return entry
}
