// `npm run build`: every package's dist/ (ES2020 JavaScript, .d.ts, source maps) with tsc, in
// dependency order so each package compiles against the built types of the ones it uses.
// docs/packages.md says why tsc and not a bundler.
import { execFileSync } from 'node:child_process'
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const PACKAGES_IN_BUILD_ORDER = [
  'frame',
  'core',
  'evm',
  'react',
  // After react: its ./react entry is typed against @latchkey/react's built declarations.
  'solana',
  'bitcoin',
  'devnet',
  'server',
]

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))

/** A relative module specifier that names a TypeScript source file. */
const TS_SPECIFIER = /(['"])(\.{1,2}\/[^'"\n]+)\.tsx?\1/g

/**
 * tsc's rewriteRelativeImportExtensions turns `./x.ts` into `./x.js` in static imports only:
 * dynamic `import('./x.ts')` and `import type` in declarations keep `.ts`. This finishes the job.
 */
export function rewriteTsSpecifiers(distDir: string): void {
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|d\.ts)$/.test(entry.name)) continue
    const path = `${entry.parentPath}/${entry.name}`
    const source = readFileSync(path, 'utf8')
    const rewritten = source.replace(TS_SPECIFIER, (_, quote, base) => `${quote}${base}.js${quote}`)
    if (rewritten !== source) writeFileSync(path, rewritten)
  }
}

export function buildPackages(): void {
  for (const name of PACKAGES_IN_BUILD_ORDER) {
    const dir = `${root}packages/${name}`
    rmSync(`${dir}/dist`, { recursive: true, force: true })
    execFileSync(process.execPath, [tsc, '-p', `${dir}/tsconfig.build.json`], { stdio: 'inherit' })
    rewriteTsSpecifiers(`${dir}/dist`)
    copyFileSync(`${root}LICENSE`, `${dir}/LICENSE`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const startedAt = performance.now()
  buildPackages()
  console.log(
    `[build] ${PACKAGES_IN_BUILD_ORDER.length} packages in ${Math.round(performance.now() - startedAt)} ms`,
  )
}
