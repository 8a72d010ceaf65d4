// Swap quotes against the devnet's exchange, measured by the server package's benchSwapQuotes().
import { benchSwapQuotes, type SwapBench } from '@latchkey/server/bench'
import { markdownTable } from './table'

export function swapTable(result: SwapBench): string {
  return markdownTable(
    ['quote', 'in process p50 ms', 'p95 ms', 'over HTTP p50 ms', 'p95 ms'],
    result.quotes.map((q) => [
      q.trade,
      q.inProcessP50Ms.toFixed(2),
      q.inProcessP95Ms.toFixed(2),
      q.httpP50Ms.toFixed(2),
      q.httpP95Ms.toFixed(2),
    ]),
  )
}

export function swapNotes(result: SwapBench): string {
  return `Swap quotes: GET /v1/convert/quotes on one anvil chain with the devnet's Uniswap V2 pools, ${result.requests} requests each after 20 untimed ones; each quote asks the node for the latest block, then reads the pools' reserves once per block (cached within it). '1,000 lUSD → LKT' reads two paths (the direct pool and the hops through WETH).`
}

export { benchSwapQuotes }
