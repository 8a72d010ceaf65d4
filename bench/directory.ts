// Directory service: /getWallets on a 10,000-wallet directory. In-process latency
// (benchDirectory, app.request) and requests per second over loopback (autocannon), next to a
// bare Hono hello-world served by @hono/node-server, each in a process of its own, measured the same way.

import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PROJECT_ID } from '@latchkey/server'
import { benchDirectory, type ServerProcess } from '@latchkey/server/bench'
import autocannon from 'autocannon'
import { spawnBenchServer } from './benchServer'
import { closeAll } from './close'
import { markdownTable } from './table'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export const DIRECTORY_SIZE = 10_000
/** The two /getWallets queries, besides projectId. */
export const QUERIES = { search: 'search=rain', page: 'page=3&entries=40' } as const
export const LOAD = { connections: 10, durationS: 5, warmupS: 1 } as const

export interface LoadResult {
  url: string
  requestsPerSecond: number
  /** requestsPerSecond / hello-world's requestsPerSecond */
  vsHelloWorld: number
  requests: number
  latencyP50Ms: number
  latencyP99Ms: number
}

export interface QueryResult extends LoadResult {
  query: string
  /** In-process (app.request) latency, 200 requests after 20 warm-up ones */
  p50Ms: number
  p95Ms: number
}

export interface DirectoryServiceResult {
  walletCount: number
  inProcessRequests: number
  load: { connections: number; durationS: number; warmupS: number; workerThreads: number }
  search: QueryResult
  page: QueryResult
  helloWorld: LoadResult
}

/** Drives `url` for `durationS` seconds; fails on errors, timeouts and non-2xx answers. */
async function load(url: string, durationS: number) {
  // One worker thread fires the requests, so the load generator does not share the event loop
  // with the servers it measures (both run in this process).
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    duration: durationS,
    workers: 1,
  })
  const failures = result.errors + result.timeouts + result.non2xx
  if (failures > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`,
    )
  }
  return {
    url,
    requestsPerSecond: Math.round((result.requests.total / durationS) * 10) / 10,
    requests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  }
}

export async function measureLoad(url: string) {
  await load(url, LOAD.warmupS)
  return load(url, LOAD.durationS)
}

/** `new Hono().get('/', c => c.text('ok'))` on @hono/node-server, in a process of its own. */
function serveHelloWorld(): Promise<{ url: string; close(): Promise<void> }> {
  const program = [
    "import { serve } from '@hono/node-server'",
    "import { Hono } from 'hono'",
    "const app = new Hono().get('/', (c) => c.text('ok'))",
    "const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log('port ' + info.port))",
    "process.on('SIGTERM', () => server.close(() => process.exit(0)))",
  ].join('\n')
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) => reject(new Error(`hello-world exited (${code}) before listening`)))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const port = /port (\d+)/.exec(output)?.[1]
      if (!port) return
      child.removeAllListeners('exit')
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise<void>((closed) => {
            child.once('exit', () => closed())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

export async function benchDirectoryService(): Promise<DirectoryServiceResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-directory-'))
  let server: ServerProcess | undefined
  let hello: Awaited<ReturnType<typeof serveHelloWorld>> | undefined
  try {
    // In-process latency on an app of its own; req/s against the server as the CLI runs it, in
    // a process of its own like the hello-world it is compared with.
    const latency = await benchDirectory({
      size: DIRECTORY_SIZE,
      searchQuery: QUERIES.search,
      pageQuery: QUERIES.page,
    })
    server = await spawnBenchServer(dataDir, { LATCHKEY_DIRECTORY_SIZE: String(DIRECTORY_SIZE) })
    hello = await serveHelloWorld()
    const getWallets = (query: string) =>
      `${server?.url}/getWallets?projectId=${DEMO_PROJECT_ID}&${query}`
    const helloLoad = await measureLoad(hello.url)
    const searchLoad = await measureLoad(getWallets(QUERIES.search))
    const pageLoad = await measureLoad(getWallets(QUERIES.page))
    const ratio = (rps: number) => Number((rps / helloLoad.requestsPerSecond).toPrecision(3))
    return {
      walletCount: latency.walletCount,
      inProcessRequests: latency.requests,
      load: { ...LOAD, workerThreads: 1 },
      search: {
        query: QUERIES.search,
        p50Ms: latency.searchP50Ms,
        p95Ms: latency.searchP95Ms,
        ...searchLoad,
        vsHelloWorld: ratio(searchLoad.requestsPerSecond),
      },
      page: {
        query: QUERIES.page,
        p50Ms: latency.pageP50Ms,
        p95Ms: latency.pageP95Ms,
        ...pageLoad,
        vsHelloWorld: ratio(pageLoad.requestsPerSecond),
      },
      helloWorld: { ...helloLoad, vsHelloWorld: 1 },
    }
  } finally {
    await closeAll([
      () => hello?.close(),
      () => server?.stop(),
      () => rm(dataDir, { recursive: true, force: true }),
    ])
  }
}

const perSecond = (value: number) => Math.round(value).toLocaleString('en-US')
const ratio = (value: number) => `${value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)}×`

export function directoryTable(result: DirectoryServiceResult): string {
  const header = ['query', 'p50 ms', 'p95 ms', 'req/s', 'vs hello-world']
  const rows = [result.search, result.page].map((q) => [
    q.query,
    q.p50Ms.toFixed(2),
    q.p95Ms.toFixed(2),
    perSecond(q.requestsPerSecond),
    `${ratio(q.vsHelloWorld)} hello-world`,
  ])
  rows.push(['hello-world (Hono)', '–', '–', perSecond(result.helloWorld.requestsPerSecond), '1×'])
  return markdownTable(header, rows)
}
