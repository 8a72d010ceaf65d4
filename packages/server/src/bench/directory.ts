// /getWallets latency on a large generated directory (in-process, app.request()) and the
// server's cold and warm start.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, createApp } from '../app.ts'
import { DEMO_PROJECT_ID, DEMO_PROJECT_NAME, DIRECTORY_SEED } from '../constants.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { openDatabase } from '../db/open.ts'
import { seedDatabase } from '../db/seed.ts'
import { createLogger } from '../logger.ts'
import { generateWallets } from '../seed/generate.ts'
import { REAL_WALLETS } from '../seed/wallets.ts'
import { startServer } from '../server.ts'
import { percentile, REQUESTS, timeRequests, WARMUP } from './timing.ts'

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

export interface DirectoryBenchOptions {
  /** Generated wallets after the real ones; default 10,000 */
  size?: number
  /** Time this one query string (e.g. 'search=rain') instead of a mix of search terms */
  searchQuery?: string
  /** Time this one query string (e.g. 'page=3&entries=40') instead of pages across the directory */
  pageQuery?: string
  /**
   * An app already serving the demo project with `size` generated wallets and a rate limit that
   * allows the requests (e.g. startServer()'s); by default a fresh PGlite directory is seeded in
   * a temp dir and removed afterwards.
   */
  app?: App
}

/** Seeds a directory of `size` generated wallets in a temp dir; `dispose` removes it. */
async function seededApp(size: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined
  const dispose = async () => {
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    database = await openDatabase({ dataDir })
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
    return { app, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}

/** /getWallets latency over a directory of `size` generated wallets plus the real ones. */
export async function benchDirectory(options: DirectoryBenchOptions = {}) {
  const size = options.size ?? 10_000
  const { app, dispose } = options.app
    ? { app: options.app, dispose: async () => {} }
    : await seededApp(size)
  try {
    const walletCount = REAL_WALLETS.length + size
    const get = (query: Record<string, string> | string) =>
      app.request(
        `/getWallets?projectId=${DEMO_PROJECT_ID}&${new URLSearchParams(query).toString()}`,
      )

    const terms = searchTerms(size, REQUESTS + WARMUP)
    const { searchQuery, pageQuery } = options
    const search = await timeRequests(
      (i) => get(searchQuery ?? { search: terms[i] as string, entries: '100' }),
      REQUESTS,
    )
    const pages = Math.ceil(walletCount / 40)
    const page = await timeRequests(
      (i) => get(pageQuery ?? { page: String(((i * 7919) % pages) + 1), entries: '40' }),
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
    await dispose()
  }
}

/** startServer() on PGlite: first on an empty data directory, then again on the same one. */
export async function benchStartup({ directorySize = 0 }: { directorySize?: number } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  const start = () =>
    startServer({
      port: 0,
      mode: 'development',
      dataDir,
      databaseUrl: null,
      directorySize,
      logLevel: 'silent',
    })
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
