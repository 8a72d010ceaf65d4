// The blockchain data API: balance endpoint latency (warm cache vs forceUpdate) and the
// indexer's catch-up speed, both measured by the server package's benchBalance().
import { benchBalance } from '@latchkey/server/bench'
import { measureLoad } from './directory'
import { markdownTable } from './table'

export type BalanceResult = Awaited<ReturnType<typeof benchBalance>> & {
  /** hello-world's req/s in this run (the directory bench's) */
  helloWorldRequestsPerSecond: number
}

export async function runBalanceBench(helloWorldRequestsPerSecond: number): Promise<BalanceResult> {
  const result = await benchBalance({
    blocks: 1_000,
    underLoad: async (url) => (await measureLoad(url)).requestsPerSecond,
  })
  return { ...result, helloWorldRequestsPerSecond }
}

export function balanceTable(result: BalanceResult): string {
  const warmRps = result.warmRequestsPerSecond ?? 0
  const ratio = warmRps / result.helloWorldRequestsPerSecond
  return markdownTable(
    ['measure', 'p50 ms', 'p95 ms', 'req/s', 'vs hello-world'],
    [
      [
        'balance, warm server cache',
        String(result.warmP50Ms),
        String(result.warmP95Ms),
        Math.round(warmRps).toLocaleString('en-US'),
        `${ratio.toFixed(2)}× hello-world`,
      ],
      ['balance, forceUpdate=true', String(result.forceP50Ms), String(result.forceP95Ms), '–', '–'],
    ],
  )
}
