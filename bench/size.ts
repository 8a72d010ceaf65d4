// Size analysis of a Vite build output: total JS and first-load JS, gzipped (level 9).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseSync } from 'vite'

export interface SizeReport {
  /** gzip bytes of every emitted .js file, each file gzipped on its own. */
  totalJsGzip: number
  /** gzip bytes of the JS the browser fetches before the app runs (see `firstLoadFiles`). */
  firstLoadJsGzip: number
  /** Every emitted JS file, relative to the build root, `/`-separated, sorted. */
  jsFiles: string[]
  /** Entry scripts and modulepreload targets of index.html plus their static imports. */
  firstLoadFiles: string[]
}

const JS_EXTENSIONS = new Set(['.js', '.mjs'])

export function gzipSize(data: string | Uint8Array): number {
  return gzipSync(data, { level: 9 }).length
}

function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  // Skip `<tagname`, then read name[=value] pairs.
  const body = tag.replace(/^<[a-z0-9-]+/i, '')
  for (const match of body.matchAll(
    /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    const [, name, double, single, bare] = match
    if (name) attributes.set(name.toLowerCase(), double ?? single ?? bare ?? '')
  }
  return attributes
}

/** URLs of `<script type="module" src>` and `<link rel="modulepreload" href>` in an HTML page. */
export function htmlModuleUrls(html: string): string[] {
  const urls: string[] = []
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '')
  for (const [tag, name] of withoutComments.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = parseAttributes(tag)
    if (name?.toLowerCase() === 'script') {
      const src = attributes.get('src')
      if (attributes.get('type')?.trim().toLowerCase() === 'module' && src) urls.push(src)
    } else {
      const rel = attributes.get('rel')?.toLowerCase().split(/\s+/) ?? []
      const href = attributes.get('href')
      if (rel.includes('modulepreload') && href) urls.push(href)
    }
  }
  return urls
}

/**
 * Specifiers of a module's static imports and re-exports (`import … from`, `import '…'`,
 * `export … from`), parsed with Vite's JS parser so dynamic `import()` and look-alike strings
 * are not counted.
 */
export function staticImports(code: string, filename = 'chunk.js'): string[] {
  const { module, errors } = parseSync(filename, code, { sourceType: 'module', lang: 'js' })
  if (errors.length > 0) throw new Error(`cannot parse ${filename}: ${errors[0]?.message}`)
  const specifiers = module.staticImports.map((entry) => entry.moduleRequest.value)
  for (const statement of module.staticExports) {
    for (const entry of statement.entries) {
      if (entry.moduleRequest) specifiers.push(entry.moduleRequest.value)
    }
  }
  return [...new Set(specifiers)]
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

const toPosix = (root: string, file: string) => relative(root, file).split(sep).join('/')

/**
 * The file a URL or import specifier points at, or undefined for other origins and bare
 * specifiers (never emitted by these builds). Root-relative URLs resolve against `outDir`
 * (the builds use the default base `/`).
 */
function resolveLocal(outDir: string, fromFile: string, specifier: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) return undefined
  const path = decodeURIComponent(specifier.replace(/[?#].*$/, ''))
  if (path.startsWith('/')) return join(outDir, path)
  if (path.startsWith('./') || path.startsWith('../')) return resolve(dirname(fromFile), path)
  return undefined
}

/** Total and first-load JS of a build directory holding `index.html`. */
export function analyzeBuild(outDir: string): SizeReport {
  const root = resolve(outDir)
  const files = listFiles(root)
  const jsFiles = files.filter((file) => JS_EXTENSIONS.has(extname(file)))
  const gzipCache = new Map<string, number>()
  const gzipOf = (file: string) => {
    let size = gzipCache.get(file)
    if (size === undefined) {
      size = gzipSize(readFileSync(file))
      gzipCache.set(file, size)
    }
    return size
  }

  const indexHtml = join(root, 'index.html')
  const firstLoad = new Set<string>()
  const visit = (fromFile: string, specifier: string) => {
    const file = resolveLocal(root, fromFile, specifier)
    if (file === undefined || firstLoad.has(file)) return
    if (!existsSync(file)) {
      throw new Error(
        `${toPosix(root, fromFile)} references ${specifier}, which is not in the build`,
      )
    }
    firstLoad.add(file)
    if (!JS_EXTENSIONS.has(extname(file))) return
    for (const next of staticImports(readFileSync(file, 'utf8'), file)) visit(file, next)
  }
  for (const url of htmlModuleUrls(readFileSync(indexHtml, 'utf8'))) visit(indexHtml, url)

  const firstLoadJs = [...firstLoad].filter((file) => JS_EXTENSIONS.has(extname(file)))
  const sum = (list: string[]) => list.reduce((total, file) => total + gzipOf(file), 0)
  return {
    totalJsGzip: sum(jsFiles),
    firstLoadJsGzip: sum(firstLoadJs),
    jsFiles: jsFiles.map((file) => toPosix(root, file)).sort(),
    firstLoadFiles: firstLoadJs.map((file) => toPosix(root, file)).sort(),
  }
}

/** Bytes as kilobytes (1 KB = 1000 bytes) with one decimal. */
export function formatKb(bytes: number): string {
  return (bytes / 1000).toFixed(1)
}
