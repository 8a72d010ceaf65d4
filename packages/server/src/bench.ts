// Benchmarks, for bench/ to call (not a timed test): /getWallets latency on a large generated
// directory, in-process through app.request(), the server's cold start, the blockchain data
// API (balance latency, indexer catch-up) against a devnet, and the WalletConnect relay.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, createApp } from './app.ts'
import { Chains } from './chain/client.ts'
import { Indexer } from './chain/indexer.ts'
import { seedChainData } from './chain/tokens.ts'
import { DEMO_PROJECT_ID, DEMO_PROJECT_NAME, DIRECTORY_SEED, KNOWN_TOKENS } from './constants.ts'
import { migrateToLatest } from './db/migrations.ts'
import { openDatabase } from './db/open.ts'
import { seedDatabase } from './db/seed.ts'
import { type FuzzBench, benchFuzz as fuzzBench } from './fuzz/bench.ts'
import { createLogger } from './logger.ts'
import type { RelayTestClient } from './relay/testClient.ts'
import { generateWallets } from './seed/generate.ts'
import { REAL_WALLETS } from './seed/wallets.ts'
import { startServer } from './server.ts'

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
}

/**
 * The balance endpoint (warm cache vs forceUpdate) and the indexer catching up `blocks` blocks
 * of transfers, on a devnet chain started here and PGlite in a temp dir.
 */
export async function benchBalance({ blocks = 1_000 }: { blocks?: number } = {}) {
  // The devnet and viem are loaded here only, so the directory benchmarks do not pay for them.
  const { findFreePort, startDevnet, TEST_ACCOUNTS } = await import('@latchkey/devnet')
  const { createWalletClient, erc20Abi, http } = await import('viem')
  const { privateKeyToAccount } = await import('viem/accounts')
  const { foundry } = await import('viem/chains')

  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  let server: Awaited<ReturnType<typeof startServer>> | undefined
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

    server = await startServer({
      port: 0,
      dataDir: join(dataDir, 'server'),
      databaseUrl: null,
      logLevel: 'silent',
      chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
      rateLimit: { perAddress: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1_000 } },
    })
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
    }
    return result
  } finally {
    await server?.close()
    await devnet.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export interface RelayBench {
  clients: number
  /** Messages published in the load phase */
  messages: number
  /** Deliveries in the load phase (each message has `subscribersPerTopic` subscribers) */
  deliveries: number
  subscribersPerTopic: number
  /** Length of each message (base64 text) */
  messageLength: number
  /** Load phase: every client publishes its share back to back (each waits for its `true`) */
  publishedPerSecond: number
  deliveredPerSecond: number
  /** Load phase: publish sent → irn_subscription received, over every delivery */
  loadP50Ms: number
  loadP99Ms: number
  /** Idle phase: one message at a time, one publisher, one subscriber */
  idleMessages: number
  idleP50Ms: number
  idleP99Ms: number
}

export interface RelayBenchOptions {
  clients?: number
  messages?: number
  subscribersPerTopic?: number
  idleMessages?: number
  /** Length of each message; WalletConnect envelopes are a few hundred bytes to a few KB */
  messageLength?: number
}

/**
 * The relay over loopback: `clients` raw WebSocket clients (the relay's test client: real JWTs,
 * acknowledgements like WalletConnect's) against startServer(), in this process.
 */
export async function benchRelay(options: RelayBenchOptions = {}): Promise<RelayBench> {
  const { RelayTestClient } = await import('./relay/testClient.ts')
  const clientCount = options.clients ?? 200
  const messages = options.messages ?? 10_000
  const perTopic = options.subscribersPerTopic ?? 2
  const idleMessages = options.idleMessages ?? 500
  const messageLength = options.messageLength ?? 1_024
  const topicCount = Math.floor(clientCount / perTopic)
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-relay-'))
  // All clients share one address and publish as fast as they can: the bench measures delivery,
  // so the relay's per-address and publish-rate budgets are out of the way (as in load.test.ts).
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER }
  const server = await startServer({
    port: 0,
    dataDir,
    databaseUrl: null,
    logLevel: 'silent',
    relay: {
      limits: {
        maxConnectionsPerAddress: clientCount * 2,
        clientPublishRate: unlimited,
        addressPublishRate: unlimited,
      },
    },
  })
  const clients: RelayTestClient[] = []
  try {
    const sentAt = new Map<string, number>()
    const latencies: number[] = []
    let delivered = 0
    let allDelivered: () => void = () => {}
    let expected = Number.POSITIVE_INFINITY
    const onMessage = (data: { message: string }) => {
      const start = sentAt.get(data.message)
      if (start !== undefined) latencies.push(performance.now() - start)
      delivered++
      if (delivered >= expected) allDelivered()
    }
    for (let i = 0; i < clientCount; i += 50) {
      const batch = Array.from({ length: Math.min(50, clientCount - i) }, () =>
        RelayTestClient.connect({
          relayUrl: server.relayUrl,
          projectId: DEMO_PROJECT_ID,
          keepFrames: false,
          onMessage,
        }),
      )
      clients.push(...(await Promise.all(batch)))
    }
    const topic = (t: number) => `${t.toString(16).padStart(64, '0')}`
    // Topic t: clients t*perTopic … t*perTopic+perTopic-1; published to by the next topic's first.
    await Promise.all(
      clients.map((client, i) =>
        client.request('irn_subscribe', { topic: topic(Math.floor(i / perTopic) % topicCount) }),
      ),
    )
    const filler = 'A'.repeat(messageLength)
    const body = (i: number) => `${i.toString(36)}.${filler}`.slice(0, messageLength)
    const shares = clients.map(() => [] as { topic: string; message: string }[])
    for (let i = 0; i < messages; i++) {
      const t = i % topicCount
      const sender = (((t + 1) % topicCount) * perTopic) % clientCount
      shares[sender]?.push({ topic: topic(t), message: body(i) })
    }

    const done = new Promise<void>((resolve) => {
      allDelivered = resolve
    })
    expected = messages * perTopic
    const startedAt = performance.now()
    await Promise.all(
      clients.map(async (client, i) => {
        for (const { topic: to, message } of shares[i] ?? []) {
          sentAt.set(message, performance.now())
          await client.request('irn_publish', { topic: to, message, ttl: 300, tag: 1108 })
        }
      }),
    )
    const publishedMs = performance.now() - startedAt
    await done
    const deliveredMs = performance.now() - startedAt
    const load = latencies.splice(0).sort((a, b) => a - b)

    // Idle: one message in flight at a time, client 0 → topic of client 1 … (a fresh topic)
    const [publisher, subscriber] = clients as [RelayTestClient, RelayTestClient]
    const idleTopic = 'f'.repeat(64)
    await subscriber.request('irn_subscribe', { topic: idleTopic })
    for (let i = 0; i < idleMessages; i++) {
      const message = body(messages + i)
      const received = new Promise<void>((resolve) => {
        allDelivered = resolve
      })
      expected = delivered + 1
      sentAt.set(message, performance.now())
      await publisher.request('irn_publish', { topic: idleTopic, message, ttl: 300, tag: 1108 })
      await received
    }
    const idle = latencies.sort((a, b) => a - b)
    return {
      clients: clientCount,
      messages,
      deliveries: load.length,
      subscribersPerTopic: perTopic,
      messageLength,
      publishedPerSecond: Math.round(messages / (publishedMs / 1000)),
      deliveredPerSecond: Math.round(load.length / (deliveredMs / 1000)),
      loadP50Ms: percentile(load, 50),
      loadP99Ms: percentile(load, 99),
      idleMessages,
      idleP50Ms: percentile(idle, 50),
      idleP99Ms: percentile(idle, 99),
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()))
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The fuzzer at scale against a real server on PGlite (fuzz/bench.ts) */
export function benchFuzz(options: { requests?: number; seed?: number } = {}): Promise<FuzzBench> {
  return fuzzBench(options)
}
