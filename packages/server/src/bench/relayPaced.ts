// The relay at a steady offered load: `rate` messages a second sent on a schedule (open loop: a
// publisher does not wait for its answer before the next), latency measured from each message's
// scheduled time to its irn_subscription, so a stall counts against every message it delays.
// With `redisUrl`, two servers share one Redis (the relay log): publishers on one, subscribers on
// the other, the figure across instances.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PROJECT_ID } from '../constants.ts'
import type { RelayTestClient } from '../relay/testClient.ts'
import { type RunningServer, startServer } from '../server.ts'
import { percentile } from './timing.ts'

export interface PacedRelayBench {
  clients: number
  rate: number
  messages: number
  /** Both ends on different instances sharing Redis */
  acrossInstances: boolean
  p50Ms: number
  p99Ms: number
  maxMs: number
}

export interface PacedRelayBenchOptions {
  /** Default 200: half publish, half subscribe */
  clients?: number
  /** Messages a second; default 5,000 */
  rate?: number
  /** Default 3 */
  seconds?: number
  /** Sent first and not timed (the JIT and the sockets' buffers warm up); default 1 */
  warmupSeconds?: number
  messageLength?: number
  /** Two servers sharing this Redis, publishers on one and subscribers on the other */
  redisUrl?: string
}

async function relayServer(clients: number, redisUrl: string | undefined) {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-paced-'))
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER }
  const server = await startServer({
    port: 0,
    // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
    mode: 'development',
    dataDir,
    databaseUrl: null,
    logLevel: 'silent',
    redisUrl: redisUrl ?? null,
    relay: {
      limits: {
        maxConnectionsPerAddress: clients * 2,
        clientPublishRate: unlimited,
        addressPublishRate: unlimited,
      },
    },
  })
  return {
    server,
    async stop() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function benchRelayPaced(
  options: PacedRelayBenchOptions = {},
): Promise<PacedRelayBench> {
  const { RelayTestClient } = await import('../relay/testClient.ts')
  const clientCount = options.clients ?? 200
  const rate = options.rate ?? 5_000
  const warmup = rate * (options.warmupSeconds ?? 1)
  const total = warmup + rate * (options.seconds ?? 3)
  const messageLength = options.messageLength ?? 1_024
  const pairs = Math.floor(clientCount / 2)
  const first = await relayServer(clientCount, options.redisUrl)
  const second = options.redisUrl ? await relayServer(clientCount, options.redisUrl) : first
  const clients: RelayTestClient[] = []
  try {
    const scheduledAt = new Map<string, number>()
    const latencies: number[] = []
    let allDelivered = () => {}
    const done = new Promise<void>((resolve) => {
      allDelivered = resolve
    })
    let received = 0
    const onMessage = (data: { message: string }) => {
      const at = scheduledAt.get(data.message)
      if (at === undefined) return
      if (Number.parseInt(data.message, 36) >= warmup) latencies.push(performance.now() - at)
      if (++received === total) allDelivered()
    }
    const connect = (server: RunningServer, listen: boolean) =>
      RelayTestClient.connect({
        relayUrl: server.relayUrl,
        projectId: DEMO_PROJECT_ID,
        keepFrames: false,
        ...(listen && { onMessage }),
      })
    const publishers: RelayTestClient[] = []
    const topic = (pair: number) => pair.toString(16).padStart(64, '0')
    for (let pair = 0; pair < pairs; pair++) {
      const subscriber = await connect(second.server, true)
      await subscriber.request('irn_subscribe', { topic: topic(pair) })
      const publisher = await connect(first.server, false)
      clients.push(subscriber, publisher)
      publishers.push(publisher)
    }
    // The other instance has heard of every subscription before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, options.redisUrl ? 200 : 0))
    const filler = 'A'.repeat(messageLength)
    const startedAt = performance.now()
    let sent = 0
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * rate))
      for (; sent < due; sent++) {
        const message = `${sent.toString(36)}.${filler}`.slice(0, messageLength)
        scheduledAt.set(message, startedAt + (sent / rate) * 1000)
        const pair = sent % pairs
        void publishers[pair]
          ?.request('irn_publish', { topic: topic(pair), message, ttl: 300, tag: 1108 })
          .catch(() => undefined)
      }
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    await done
    const sorted = latencies.sort((a, b) => a - b)
    return {
      clients: clientCount,
      rate,
      messages: total - warmup,
      acrossInstances: options.redisUrl !== undefined,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: percentile(sorted, 100),
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()))
    await first.stop()
    if (second !== first) await second.stop()
  }
}
