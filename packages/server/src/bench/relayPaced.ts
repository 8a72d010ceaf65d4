// The relay at a steady offered load: `rate` messages a second sent on a schedule (open loop: a
// publisher does not wait for its answer before the next), latency measured from each message's
// scheduled time to its irn_subscription, so a stall counts against every message it delays.
// With `redisUrl`, two servers share one Redis (the relay log): publishers on one, subscribers on
// the other, the figure across instances. The clients run in a worker thread (pacedClients.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { startServer } from '../server.ts'
import type { PacedClientsResult, PacedClientsTask } from './pacedClients.ts'

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

/** The clients' worker: this file's sibling, as source (tsx) or as built JavaScript. */
function clientsWorker(task: PacedClientsTask): Promise<PacedClientsResult> {
  const here = fileURLToPath(import.meta.url)
  const file = new URL(`./pacedClients${extname(here)}`, import.meta.url)
  // Running the source, the worker registers tsx itself: a loader does not reach a worker.
  const worker =
    extname(here) === '.ts'
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}) })`,
          { eval: true, workerData: { pacedClients: task } },
        )
      : new Worker(file, { workerData: { pacedClients: task } })
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { result?: PacedClientsResult; error?: string }) => {
      void worker.terminate()
      if (answer.result) resolve(answer.result)
      else reject(new Error(`paced relay clients: ${answer.error}`))
    })
    worker.once('error', reject)
  })
}

export async function benchRelayPaced(
  options: PacedRelayBenchOptions = {},
): Promise<PacedRelayBench> {
  const clients = options.clients ?? 200
  const rate = options.rate ?? 5_000
  const warmup = rate * (options.warmupSeconds ?? 1)
  const measured = rate * (options.seconds ?? 3)
  const first = await relayServer(clients, options.redisUrl)
  const second = options.redisUrl ? await relayServer(clients, options.redisUrl) : first
  try {
    const result = await clientsWorker({
      publishUrl: first.server.relayUrl,
      subscribeUrl: second.server.relayUrl,
      clients,
      rate,
      warmup,
      total: warmup + measured,
      messageLength: options.messageLength ?? 1_024,
      settleMs: options.redisUrl ? 200 : 0,
    })
    return {
      clients,
      rate,
      messages: measured,
      acrossInstances: options.redisUrl !== undefined,
      ...result,
    }
  } finally {
    await first.stop()
    if (second !== first) await second.stop()
  }
}
