// `npm run mutation`: Stryker on issue 19's scope, one package after the other (README,
// "Mutation testing"). Not part of `npm test`: a full run takes hours on two cores.
//
//   npm run mutation                          every package, every file in stryker/scope.json
//   npm run mutation -- --package core        one package
//   npm run mutation -- --files a.ts,b.ts     these files (each must be in scope)
//   npm run mutation -- --changed [base]      the in-scope files changed since base (main) and in
//                                             the working tree, reusing unchanged mutants' results
//   --concurrency n                           test processes (default 1: the machine is shared)
//   --force                                   with --changed: rerun every mutant of those files
//   --rescore                                 no Stryker: count the last reports again against
//                                             reports/mutation/accepted.md (after editing it)
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { writeMutationFigures } from './mutationReadme.ts'
import {
  mergeScores,
  parseAccepted,
  rescoreReport,
  type Scores,
  type StrykerReport,
  scoreReport,
} from './mutationScores.ts'
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PACKAGES = [
  'core',
  'frame',
  'server',
  'server-stores',
  'server-units',
  'server-siwx',
] as const
type Package = (typeof PACKAGES)[number]
const SCOPE: Record<Package, string[]> = JSON.parse(
  readFileSync(join(ROOT, 'stryker/scope.json'), 'utf8'),
)
const SCORES = join(ROOT, 'reports/mutation/scores.json')
const ACCEPTED = join(ROOT, 'reports/mutation/accepted.md')

const { values } = parseArgs({
  options: {
    package: { type: 'string' },
    files: { type: 'string' },
    changed: { type: 'boolean' },
    concurrency: { type: 'string', default: '1' },
    force: { type: 'boolean' },
    rescore: { type: 'boolean' },
  },
  allowPositionals: true,
  strict: true,
})
// `--changed` takes an optional base: the positional after it, when there is one.
const base =
  process.argv
    .slice(2)
    .find((arg, i, args) => args[i - 1] === '--changed' && !arg.startsWith('-')) ?? 'main'

function git(args: string[]): string[] {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`)
  return result.stdout.split('\n').filter(Boolean)
}

/** Files the branch changed since it left `base`, plus uncommitted and untracked ones. */
function changedFiles(): Set<string> {
  return new Set([
    ...git(['diff', '--name-only', `${base}...HEAD`]),
    ...git(['diff', '--name-only', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ])
}

function selected(pkg: Package, changed: Set<string> | undefined): string[] {
  let files = SCOPE[pkg]
  if (values.files) {
    const wanted = values.files.split(',').map((f) => f.trim())
    const outside = wanted.filter((f) => !PACKAGES.some((p) => SCOPE[p].includes(f)))
    if (outside.length > 0) throw new Error(`not in stryker/scope.json: ${outside.join(', ')}`)
    files = files.filter((f) => wanted.includes(f))
  }
  if (changed) files = files.filter((f) => changed.has(f))
  return files
}

function readScores(): Scores | undefined {
  return existsSync(SCORES) ? JSON.parse(readFileSync(SCORES, 'utf8')) : undefined
}

function record(pkg: Package, runSeconds: number, concurrency: number): Scores {
  const report: StrykerReport = JSON.parse(
    readFileSync(join(ROOT, `reports/mutation/${pkg}/mutation.json`), 'utf8'),
  )
  const accepted = existsSync(ACCEPTED) ? parseAccepted(readFileSync(ACCEPTED, 'utf8')) : []
  const run = scoreReport(report, accepted, {
    package: pkg,
    date: new Date(),
    runSeconds,
    concurrency,
  })
  const scores = mergeScores(readScores(), run)
  writeFileSync(SCORES, `${JSON.stringify(scores, null, 2)}\n`)
  writeMutationFigures(join(ROOT, 'README.md'), SCORES)
  return scores
}

/**
 * The server's tests run on PostgreSQL only in a mutation run: a test server starts in 0.4 s on
 * it and in 2 s on PGlite, once per test file and mutant. DATABASE_URL when set, else a
 * throwaway one (PGlite where PostgreSQL is not installed).
 */
function serverDatabase(): { env: NodeJS.ProcessEnv; stop(): void } | undefined {
  const throwaway: ThrowawayPostgres | undefined = process.env.DATABASE_URL
    ? undefined
    : startThrowawayPostgres()
  const url = process.env.DATABASE_URL ?? throwaway?.url
  if (!url) return undefined
  return {
    env: { ...process.env, DATABASE_URL: url, TEST_DATABASES: 'postgres' },
    stop: () => throwaway?.stop(),
  }
}

/** --rescore: every package's last report counted again against accepted.md. */
function rescore(): void {
  let scores = readScores()
  if (!scores) throw new Error('no reports/mutation/scores.json to rescore')
  const accepted = existsSync(ACCEPTED) ? parseAccepted(readFileSync(ACCEPTED, 'utf8')) : []
  for (const pkg of PACKAGES) {
    const path = join(ROOT, `reports/mutation/${pkg}/mutation.json`)
    if (!existsSync(path)) continue
    const report: StrykerReport = JSON.parse(readFileSync(path, 'utf8'))
    scores = mergeScores(scores, rescoreReport(report, accepted, scores))
  }
  writeFileSync(SCORES, `${JSON.stringify(scores, null, 2)}\n`)
  writeMutationFigures(join(ROOT, 'README.md'), SCORES)
  for (const [file, s] of Object.entries(scores.files)) {
    console.log(`[mutation] ${file}: ${s.score} % (${s.scoreWithAccepted} % with accepted)`)
  }
}

if (values.package && !PACKAGES.includes(values.package as Package)) {
  throw new Error(`--package is one of ${PACKAGES.join(', ')}`)
}
if (values.rescore) {
  rescore()
  process.exit(0)
}
const packages = values.package ? [values.package as Package] : PACKAGES
const changed = values.changed ? changedFiles() : undefined
let failed = false
// Ctrl-C reaches Stryker too; wait for it to end so the throwaway PostgreSQL is stopped.
let interrupted = false
process.on('SIGINT', () => {
  interrupted = true
})
for (const pkg of packages) {
  if (interrupted) break
  const files = selected(pkg, changed)
  if (files.length === 0) {
    if (!values.files) console.log(`[mutation] ${pkg}: no file to mutate`)
    continue
  }
  const args = ['stryker', 'run', `stryker/${pkg}.config.mjs`, '--mutate', files.join(',')]
  args.push('--concurrency', values.concurrency)
  if (values.changed) args.push('--incremental')
  if (values.force) args.push('--force')
  console.log(`[mutation] ${pkg}: ${files.join(', ')}`)
  const started = performance.now()
  const postgres = pkg.startsWith('server') ? serverDatabase() : undefined
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit', env: postgres?.env })
  postgres?.stop()
  const seconds = (performance.now() - started) / 1000
  if (result.status !== 0) {
    console.error(`[mutation] ${pkg}: Stryker exited with ${result.status}`)
    failed = true
    continue
  }
  const scores = record(pkg, seconds, Number(values.concurrency))
  for (const file of files) {
    const s = scores.files[file]
    if (s) console.log(`[mutation] ${file}: ${s.score} % (${s.scoreWithAccepted} % with accepted)`)
  }
  console.log(`[mutation] ${pkg}: ${seconds.toFixed(0)} s; wrote reports/mutation/scores.json`)
}
if (failed || interrupted) process.exitCode = interrupted ? 130 : 1
