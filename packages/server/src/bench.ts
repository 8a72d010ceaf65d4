// Directory benchmarks, for bench/ to call (not a timed test): /getWallets latency on a large
// generated directory, in-process through app.request(), and the server's cold start.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from './app'
import { DEMO_PROJECT_ID, DEMO_PROJECT_NAME, DIRECTORY_SEED } from './constants'
import { migrateToLatest } from './db/migrations'
import { openDatabase } from './db/open'
import { seedDatabase } from './db/seed'
import { createLogger } from './logger'
import { generateWallets } from './seed/generate'
import { REAL_WALLETS } from './seed/wallets'
import { startServer } from './server'

export interface DirectoryBench {
  searchP50Ms: number
  searchP95Ms: number
  pageP50Ms: number
  pageP95Ms: number
  /** Wallets in the directory (real + generated) */
  walletCount: number
  /** Requests timed per kind */
  requests: number
}

export interface StartupBench {
  /** startServer() on an empty data directory: PGlite initdb, migrations, seed, listen */
  coldMs: number
  /** startServer() again on the same data directory */
  warmMs: number
}

const REQUESTS = 200
const WARMUP = 20

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100
}

/** Exact names, prefixes, inner substrings, rdns fragments and misses, in a fixed order. */
function searchTerms(size: number, count: number): string[] {
  const names = generateWallets(Math.min(size, 2_000), DIRECTORY_SEED).map((w) => w.name)
  const real = REAL_WALLETS.map((wallet) => wallet.name)
  const terms: string[] = []
  for (let i = 0; terms.length < count; i++) {
    const name = names[(i * 37) % names.length] ?? 'wallet'
    const kinds = [
      name,
      name.slice(0, 3),
      name.slice(2, 6),
      real[i % real.length] ?? 'meta',
      'wallet',
      `zz${i}`,
      'io.',
    ]
    terms.push(kinds[i % kinds.length] as string)
  }
  return terms
}

async function timeRequests(run: (i: number) => Response | Promise<Response>, count: number) {
  for (let i = 0; i < WARMUP; i++) await (await run(i)).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const startedAt = performance.now()
    const response = await run(i)
    await response.arrayBuffer()
    times.push(performance.now() - startedAt)
    if (response.status !== 200) throw new Error(`getWallets answered ${response.status}`)
  }
  return times.sort((a, b) => a - b)
}

/** /getWallets latency over a directory of `size` generated wallets plus the real ones. */
export async function benchDirectory({ size = 10_000 }: { size?: number } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  const database = await openDatabase({ dataDir })
  try {
    await migrateToLatest(database.db)
    await seedDatabase(database.db, {
      projectId: DEMO_PROJECT_ID,
      projectName: DEMO_PROJECT_NAME,
      allowedOrigins: [],
      wallets: REAL_WALLETS,
      directorySize: size,
    })
    const app = createApp({
      db: database.db,
      logger: createLogger('silent'),
      rateLimit: { perAddress: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 } },
    })
    const walletCount = REAL_WALLETS.length + size
    const get = (query: Record<string, string>) =>
      app.request(`/getWallets?${new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })}`)

    const terms = searchTerms(size, REQUESTS + WARMUP)
    const search = await timeRequests(
      (i) => get({ search: terms[i] as string, entries: '100' }),
      REQUESTS,
    )
    const pages = Math.ceil(walletCount / 40)
    const page = await timeRequests(
      (i) => get({ page: String(((i * 7919) % pages) + 1), entries: '40' }),
      REQUESTS,
    )
    const result: DirectoryBench = {
      searchP50Ms: percentile(search, 50),
      searchP95Ms: percentile(search, 95),
      pageP50Ms: percentile(page, 50),
      pageP95Ms: percentile(page, 95),
      walletCount,
      requests: REQUESTS,
    }
    return result
  } finally {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** startServer() on PGlite: first on an empty data directory, then again on the same one. */
export async function benchStartup({ directorySize = 0 }: { directorySize?: number } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  const start = () =>
    startServer({ port: 0, dataDir, databaseUrl: null, directorySize, logLevel: 'silent' })
  try {
    const cold = await start()
    await cold.close()
    const warm = await start()
    await warm.close()
    const result: StartupBench = { coldMs: cold.startupMs, warmMs: warm.startupMs }
    return result
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
