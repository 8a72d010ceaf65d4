// docs/conformance.md maps each rule of the specification (in our words) to the code that
// implements it and the tests that pin it. This keeps the map honest: every file it names
// exists, every test it names is in that file, and every rule is pinned or says why not.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../', import.meta.url))
const doc = readFileSync(join(root, 'docs/conformance.md'), 'utf8')

interface Row {
  line: number
  rule: string
  where: string
  pinned: string
}

function rows(): Row[] {
  return doc.split('\n').flatMap((text, index) => {
    if (!text.startsWith('|') || /^\|\s*(Rule|-+)\s*\|/.test(text)) return []
    const cells = text
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim())
    const [rule = '', where = '', pinned = ''] = cells
    return [{ line: index + 1, rule, where, pinned }]
  })
}

/** `path` › "title" references in a cell */
function pins(cell: string): { path: string; title: string }[] {
  return [...cell.matchAll(/`([^`]+)`\s*›\s*"([^"]+)"/g)].map(([, path = '', title = '']) => ({
    path,
    title,
  }))
}

const paths = (cell: string) => [...cell.matchAll(/`([^`\s]+\.[a-z]+)`/g)].map(([, p = '']) => p)

describe('docs/conformance.md', () => {
  const all = rows()

  it('lists the rules of every section of the specification', () => {
    for (const section of ['§1', '§2', '§3', '§4', '§5', '§6', '§7', '§8', '§9']) {
      expect(doc).toMatch(new RegExp(`^## ${section} `, 'm'))
    }
    expect(all.length).toBeGreaterThan(100)
  })

  it('every rule is pinned by a test, or names the issue that builds it', () => {
    const unpinned = all.filter(
      (row) =>
        pins(row.pinned).length === 0 && !/^(pending: issue \d+|not built: .+)/i.test(row.pinned),
    )
    expect(unpinned.map((row) => `line ${row.line}: ${row.rule}`)).toEqual([])
  })

  it('every file it names exists, and every test it names is in its file', () => {
    const missing: string[] = []
    for (const row of all) {
      for (const path of [...paths(row.where), ...pins(row.pinned).map((p) => p.path)]) {
        if (!existsSync(join(root, path))) missing.push(`line ${row.line}: ${path}`)
      }
      for (const { path, title } of pins(row.pinned)) {
        if (!existsSync(join(root, path))) continue
        if (!readFileSync(join(root, path), 'utf8').includes(title)) {
          missing.push(`line ${row.line}: "${title}" not in ${path}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})
