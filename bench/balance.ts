// The blockchain data API: balance endpoint latency (warm cache vs forceUpdate) and the
// indexer's catch-up speed, both measured by the server package's benchBalance().
import { benchBalance } from '@latchkey/server/bench'
import { markdownTable } from './table'

export type BalanceResult = Awaited<ReturnType<typeof benchBalance>>

export function runBalanceBench(): Promise<BalanceResult> {
  return benchBalance({ blocks: 1_000 })
}

export function balanceTable(result: BalanceResult): string {
  return markdownTable(
    ['measure', 'p50 ms', 'p95 ms'],
    [
      ['balance, warm server cache', String(result.warmP50Ms), String(result.warmP95Ms)],
      ['balance, forceUpdate=true', String(result.forceP50Ms), String(result.forceP95Ms)],
    ],
  )
}
