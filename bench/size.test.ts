import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyzeBuild, formatKb, gzipSize, htmlModuleUrls, staticImports } from './size'

const fixture: Record<string, string> = {
  'index.html': [
    '<!doctype html><html><head>',
    '<script type="module" crossorigin src="/assets/entry.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/preloaded.js">',
    '<link rel="stylesheet" href="/assets/style.css">',
    '<!-- <script type="module" src="/assets/commented.js"></script> -->',
    '<script src="/assets/classic.js"></script>',
    '</head><body></body></html>',
  ].join('\n'),
  'assets/entry.js': [
    'import{s as e}from"./shared.js";',
    'import"./side-effect.js";',
    'const fake="import x from \\"./fake.js\\"";',
    'const lazy=()=>import("./lazy.js");',
    'console.log(e,fake,lazy,import.meta.url);',
  ].join(''),
  'assets/shared.js': 'export*from"./dep.js";export const s=1;',
  'assets/dep.js': 'export const d=2;',
  'assets/side-effect.js': 'globalThis.sideEffect=true;',
  'assets/preloaded.js': 'import{d}from"./dep.js";export const p=d;',
  'assets/lazy.js': 'import{s}from"./shared.js";import"./lazy-only.js";export default s;',
  'assets/lazy-only.js': 'export const l="only after import()";',
  'assets/classic.js': 'console.log("classic");',
  'assets/commented.js': 'console.log("commented out");',
  'assets/style.css': 'body{margin:0}',
}

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-size-'))
  for (const [path, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('htmlModuleUrls', () => {
  it('finds module scripts and modulepreload links, not classic scripts or comments', () => {
    expect(htmlModuleUrls(fixture['index.html'] ?? '')).toEqual([
      '/assets/entry.js',
      '/assets/preloaded.js',
    ])
  })

  it('reads single-quoted and unquoted attributes', () => {
    const html = `<script src='/a.js' type=module></script><link href=/b.js rel="preload modulepreload">`
    expect(htmlModuleUrls(html)).toEqual(['/a.js', '/b.js'])
  })
})

describe('staticImports', () => {
  it('lists static imports and re-exports, not dynamic imports or strings', () => {
    expect(staticImports(fixture['assets/entry.js'] ?? '')).toEqual([
      './shared.js',
      './side-effect.js',
    ])
    expect(staticImports('export{a as b}from"./x.js";export*from"./y.js"')).toEqual([
      './x.js',
      './y.js',
    ])
  })
})

describe('analyzeBuild', () => {
  it('sums gzip sizes of all JS and of the statically reachable first-load JS', () => {
    const report = analyzeBuild(dir)
    const firstLoad = [
      'assets/dep.js',
      'assets/entry.js',
      'assets/preloaded.js',
      'assets/shared.js',
      'assets/side-effect.js',
    ]
    expect(report.firstLoadFiles).toEqual(firstLoad)
    expect(report.jsFiles).toHaveLength(9)
    const gz = (path: string) => gzipSize(readFileSync(join(dir, path)))
    expect(report.firstLoadJsGzip).toBe(firstLoad.reduce((sum, path) => sum + gz(path), 0))
    expect(report.totalJsGzip).toBe(report.jsFiles.reduce((sum, path) => sum + gz(path), 0))
    expect(report.totalJsGzip).toBeGreaterThan(report.firstLoadJsGzip)
  })

  it('fails loudly when a chunk imports a file that is not in the build', () => {
    const broken = mkdtempSync(join(tmpdir(), 'latchkey-bench-size-'))
    try {
      writeFileSync(join(broken, 'index.html'), '<script type="module" src="./main.js"></script>')
      writeFileSync(join(broken, 'main.js'), 'import"./missing.js"')
      expect(() => analyzeBuild(broken)).toThrow(/missing\.js/)
    } finally {
      rmSync(broken, { recursive: true, force: true })
    }
  })
})

describe('formatKb', () => {
  it('uses 1 KB = 1000 bytes with one decimal', () => {
    expect(formatKb(12_345)).toBe('12.3')
    expect(formatKb(999)).toBe('1.0')
  })
})
