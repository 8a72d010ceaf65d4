// The paced relay bench's clients (relayPaced.ts), in a worker thread of their own: the relay's
// event loop is not the one that schedules, sends, receives and times the messages. Half the
// clients subscribe (on `subscribeUrl`), half publish (on `publishUrl`) on a schedule.
import { parentPort, workerData } from 'node:worker_threads'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { RelayTestClient } from '../relay/testClient.ts'
import { percentile } from './timing.ts'

export interface PacedClientsTask {
  publishUrl: string
  subscribeUrl: string
  clients: number
  rate: number
  /** Messages sent first and not timed */
  warmup: number
  /** Messages in all, warm-up included */
  total: number
  messageLength: number
  /** Waited after subscribing, before the clock starts (another instance hears of them) */
  settleMs: number
}

export interface PacedClientsResult {
  p50Ms: number
  p99Ms: number
  maxMs: number
}

export async function runPacedClients(task: PacedClientsTask): Promise<PacedClientsResult> {
  const { rate, warmup, total, messageLength } = task
  const pairs = Math.floor(task.clients / 2)
  const clients: RelayTestClient[] = []
  const publishers: RelayTestClient[] = []
  const scheduledAt = new Map<string, number>()
  const latencies: number[] = []
  let received = 0
  let allDelivered = () => {}
  const done = new Promise<void>((resolve) => {
    allDelivered = resolve
  })
  const onMessage = (data: { message: string }) => {
    const at = scheduledAt.get(data.message)
    if (at === undefined) return
    if (Number.parseInt(data.message, 36) >= warmup) latencies.push(performance.now() - at)
    if (++received === total) allDelivered()
  }
  const connect = (relayUrl: string, listen: boolean) =>
    RelayTestClient.connect({
      relayUrl,
      projectId: DEMO_PROJECT_ID,
      keepFrames: false,
      ...(listen && { onMessage }),
    })
  const topic = (pair: number) => pair.toString(16).padStart(64, '0')
  try {
    for (let pair = 0; pair < pairs; pair++) {
      const subscriber = await connect(task.subscribeUrl, true)
      await subscriber.request('irn_subscribe', { topic: topic(pair) })
      const publisher = await connect(task.publishUrl, false)
      clients.push(subscriber, publisher)
      publishers.push(publisher)
    }
    await new Promise((resolve) => setTimeout(resolve, task.settleMs))
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
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: percentile(sorted, 100),
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()))
  }
}

if (parentPort && (workerData as { pacedClients?: PacedClientsTask } | null)?.pacedClients) {
  const port = parentPort
  runPacedClients((workerData as { pacedClients: PacedClientsTask }).pacedClients).then(
    (result) => port.postMessage({ result }),
    (error: unknown) => port.postMessage({ error: String(error) }),
  )
}
