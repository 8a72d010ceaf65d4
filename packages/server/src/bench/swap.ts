// Swap quotes (/v1/convert/quotes) on the devnet's exchange: in process (app.request, no sockets)
// and over loopback, for a one-pool trade and one whose two paths (direct, through WETH) are read.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PROJECT_ID, KNOWN_TOKENS, NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import { percentile, REQUESTS, startChainBenchServer, timeRequests } from './timing.ts'

export interface SwapQuoteTiming {
  trade: string
  inProcessP50Ms: number
  inProcessP95Ms: number
  httpP50Ms: number
  httpP95Ms: number
}

export interface SwapBench {
  requests: number
  quotes: SwapQuoteTiming[]
}

export async function benchSwapQuotes(): Promise<SwapBench> {
  const { findFreePort, startDevnet, TEST_ACCOUNTS } = await import('@latchkey/devnet')
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-swap-'))
  let server: Awaited<ReturnType<typeof startChainBenchServer>> | undefined
  try {
    const [chain] = devnet.chains
    if (!chain) throw new Error('devnet has no chain')
    server = await startChainBenchServer(dataDir, chain)
    const token = (address: string) => `eip155:${chain.chainId}:${address}`
    const trades = [
      {
        trade: '1 ETH → lUSD',
        from: NATIVE_TOKEN_ADDRESS,
        to: KNOWN_TOKENS[0].address,
        amount: '1000000000000000000',
      },
      {
        trade: '1,000 lUSD → LKT',
        from: KNOWN_TOKENS[0].address,
        to: KNOWN_TOKENS[1].address,
        amount: '1000000000',
      },
    ]
    const quotes: SwapQuoteTiming[] = []
    for (const { trade, from, to, amount } of trades) {
      const path = `/v1/convert/quotes?${new URLSearchParams({
        projectId: DEMO_PROJECT_ID,
        amount,
        userAddress: TEST_ACCOUNTS[1].address,
        from: token(from),
        to: token(to),
      })}`
      const app = server.app
      const inProcess = await timeRequests(() => app.request(path), REQUESTS)
      const overHttp = await timeRequests(() => fetch(`${server?.url}${path}`), REQUESTS)
      quotes.push({
        trade,
        inProcessP50Ms: percentile(inProcess, 50),
        inProcessP95Ms: percentile(inProcess, 95),
        httpP50Ms: percentile(overHttp, 50),
        httpP95Ms: percentile(overHttp, 95),
      })
    }
    return { requests: REQUESTS, quotes }
  } finally {
    await server?.close()
    await devnet.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
