// The WalletConnect relay over loopback under load and idle.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RELAY_PATH } from '../constants/relay.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import type { RelayLimits } from '../relay/budget.ts'
import type { RelayTestClient } from '../relay/testClient.ts'
import { SERVER_INSTANCE, spawnServer } from './serverProcess.ts'
import { percentile } from './timing.ts'

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
 * A server for the relay benches in a process of its own (bench/serverInstance.ts: the CLI's
 * serve, heap included), on a fresh PGlite directory. All clients share one address and publish
 * as fast as they can: the benches measure delivery, so the relay's per-address and
 * publish-rate budgets are out of the way (as in load.test.ts). `redisUrl`: it shares Redis.
 */
export async function relayServer(clients: number, redisUrl?: string) {
  const { findFreePort } = await import('@latchkey/devnet')
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-relay-'))
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER }
  const limits: Partial<RelayLimits> = {
    maxConnectionsPerAddress: clients * 2,
    clientPublishRate: unlimited,
    addressPublishRate: unlimited,
  }
  try {
    const server = await spawnServer(
      {
        // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
        LATCHKEY_ENV: 'development',
        NODE_ENV: undefined,
        DATABASE_URL: undefined,
        PGLITE_DIR: dataDir,
        SERVER_PORT: String(await findFreePort()),
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'silent',
        EVM_RPC_URLS: '',
        SOLANA_RPC_URLS: '',
        LATCHKEY_TEST_RELAY_LIMITS: JSON.stringify(limits),
      },
      SERVER_INSTANCE,
    )
    return {
      relayUrl: `${server.url.replace(/^http/, 'ws')}${RELAY_PATH}`,
      async stop() {
        await server.stop()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * The relay over loopback: `clients` raw WebSocket clients (the relay's test client: real JWTs,
 * acknowledgements like WalletConnect's) against startServer(), in this process.
 */
export async function benchRelay(options: RelayBenchOptions = {}): Promise<RelayBench> {
  const { RelayTestClient } = await import('../relay/testClient.ts')
  const clientCount = options.clients ?? 200
  const messages = options.messages ?? 10_000
  const perTopic = options.subscribersPerTopic ?? 2
  const idleMessages = options.idleMessages ?? 500
  const messageLength = options.messageLength ?? 1_024
  const topicCount = Math.floor(clientCount / perTopic)
  const { relayUrl, stop } = await relayServer(clientCount)
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
          relayUrl,
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
    await stop()
  }
}
