// What every service benchmark shares: how many requests it times, its percentiles, and the
// server a chain benchmark runs.
import { startServer } from '../server.ts'

export const REQUESTS = 200
export const WARMUP = 20

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100
}

/** Times `count` requests after WARMUP untimed ones; every answer must be a 200. */
export async function timeRequests(
  run: (i: number) => Response | Promise<Response>,
  count: number,
) {
  for (let i = 0; i < WARMUP; i++) await (await run(i)).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const startedAt = performance.now()
    const response = await run(i)
    await response.arrayBuffer()
    times.push(performance.now() - startedAt)
    if (response.status !== 200)
      throw new Error(`${response.url || 'a request'} answered ${response.status}`)
  }
  return times.sort((a, b) => a - b)
}

/**
 * The server a chain benchmark measures: PGlite in `dataDir`, the given chain, nothing logged and
 * no rate limit in the way.
 */
export function startChainBenchServer(dataDir: string, chain: { chainId: number; rpcUrl: string }) {
  return startServer({
    port: 0,
    // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
    mode: 'development',
    dataDir,
    databaseUrl: null,
    logLevel: 'silent',
    chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
    rateLimit: {
      perAddress: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 },
      perProject: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 },
    },
  })
}
