// The blockchain data API: balance latency (cache vs forceUpdate) and the indexer's catch-up.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Chains } from '../chain/client.ts'
import { Indexer } from '../chain/indexer.ts'
import { seedChainData } from '../chain/tokens.ts'
import { DEMO_PROJECT_ID, KNOWN_TOKENS } from '../constants.ts'
import { migrateToLatest } from '../db/migrations.ts'
import { openDatabase } from '../db/open.ts'
import { percentile, REQUESTS, startChainBenchServer, timeRequests } from './timing.ts'

export interface BalanceBench {
  /** /v1/account/{address}/balance answered from the 30 s cache, over loopback */
  warmP50Ms: number
  warmP95Ms: number
  /** The same with forceUpdate=true: eth_getBalance + balanceOf per token on the node */
  forceP50Ms: number
  forceP95Ms: number
  requests: number
  /** Blocks the indexer caught up on (each with one ETH or lUSD transfer) */
  blocks: number
  /** Indexer catch-up from block 0 on PGlite: blocks per second */
  indexerBlocksPerSecond: number
  /** What `underLoad` measured of the warm URL (requests per second), when given */
  warmRequestsPerSecond?: number
}

/**
 * The balance endpoint (warm cache vs forceUpdate) and the indexer catching up `blocks` blocks
 * of transfers, on a devnet chain started here and PGlite in a temp dir.
 */
export async function benchBalance({
  blocks = 1_000,
  underLoad,
}: {
  blocks?: number
  /** Drives the warm-cache URL under load (the caller's load generator); answers req/s */
  underLoad?: (warmUrl: string) => Promise<number>
} = {}) {
  // The devnet and viem are loaded here only, so the directory benchmarks do not pay for them.
  const { findFreePort, startDevnet, TEST_ACCOUNTS } = await import('@latchkey/devnet')
  const { createWalletClient, erc20Abi, http } = await import('viem')
  const { privateKeyToAccount } = await import('viem/accounts')
  const { foundry } = await import('viem/chains')

  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  let server: Awaited<ReturnType<typeof startChainBenchServer>> | undefined
  try {
    const [chain] = devnet.chains
    if (!chain) throw new Error('devnet has no chain')
    const [, sender, receiver] = TEST_ACCOUNTS
    const wallet = createWalletClient({
      account: privateKeyToAccount(sender.privateKey),
      chain: foundry,
      transport: http(chain.rpcUrl),
    })
    // One transfer per block (anvil automines), alternating ETH and lUSD.
    for (let i = 0; i < blocks; i++) {
      if (i % 2 === 0) await wallet.sendTransaction({ to: receiver.address, value: BigInt(i + 1) })
      else {
        await wallet.writeContract({
          address: KNOWN_TOKENS[0].address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver.address, BigInt(i + 1)],
        })
      }
    }

    const database = await openDatabase({ dataDir: join(dataDir, 'indexer') })
    let indexerBlocksPerSecond: number
    try {
      await migrateToLatest(database.db)
      await seedChainData(database.db, [chain.chainId])
      const chains = new Chains([{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }])
      const head = Number(await chains.all[0]?.client.getBlockNumber({ cacheTime: 0 }))
      const indexer = new Indexer(database.db, chains.all, { pollMs: 10 })
      const startedAt = performance.now()
      await indexer.start()
      await indexer.waitForBlock(chain.chainId, head)
      const seconds = (performance.now() - startedAt) / 1000
      await indexer.stop()
      indexerBlocksPerSecond = Math.round((head + 1) / seconds)
    } finally {
      await database.close()
    }

    server = await startChainBenchServer(join(dataDir, 'server'), chain)
    const url = (force: boolean) =>
      `${server?.url}/v1/account/${receiver.address}/balance?projectId=${DEMO_PROJECT_ID}` +
      `&chainId=eip155:${chain.chainId}&currency=usd&forceUpdate=${force}`
    const warm = await timeRequests(() => fetch(url(false)), REQUESTS)
    const force = await timeRequests(() => fetch(url(true)), REQUESTS)
    const result: BalanceBench = {
      warmP50Ms: percentile(warm, 50),
      warmP95Ms: percentile(warm, 95),
      forceP50Ms: percentile(force, 50),
      forceP95Ms: percentile(force, 95),
      requests: REQUESTS,
      blocks,
      indexerBlocksPerSecond,
      ...(underLoad && { warmRequestsPerSecond: await underLoad(url(false)) }),
    }
    return result
  } finally {
    await server?.close()
    await devnet.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
