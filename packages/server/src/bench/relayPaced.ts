import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { PacedClientsResult, PacedClientsTask } from './pacedClients.ts'
import { relayServer } from './relay.ts'

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
      publishUrl: first.relayUrl,
      subscribeUrl: second.relayUrl,
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
