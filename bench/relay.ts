// The WalletConnect relay: messages per second and delivery latency (publish → irn_subscription
// received) over loopback with 200 clients, measured by the server package's benchRelay().
import {
  benchRelay,
  benchRelayPaced,
  type PacedRelayBench,
  redisServerAvailable,
  startTestRedis,
} from '@latchkey/server/bench'
import { markdownTable } from './table'

export type RelayResult = Awaited<ReturnType<typeof benchRelay>> & {
  paced: PacedRelayBench
  /** Undefined where redis-server is not installed */
  acrossInstances: PacedRelayBench | undefined
}

export async function runRelayBench(): Promise<RelayResult> {
  const saturated = await benchRelay({ clients: 200, messages: 10_000, subscribersPerTopic: 2 })
  const paced = await benchRelayPaced({ clients: 200, rate: 5_000 })
  let acrossInstances: PacedRelayBench | undefined
  if (redisServerAvailable) {
    const redis = await startTestRedis()
    try {
      acrossInstances = await benchRelayPaced({ clients: 200, rate: 5_000, redisUrl: redis.url })
    } finally {
      await redis.stop()
    }
  }
  return { ...saturated, paced, acrossInstances }
}

const perSecond = (value: number) => Math.round(value).toLocaleString('en-US')

export function relayTable(result: RelayResult): string {
  return markdownTable(
    ['phase', 'published msg/s', 'delivered msg/s', 'p50 ms', 'p99 ms'],
    [
      [
        `load: ${result.clients} clients, ${result.messages.toLocaleString('en-US')} messages`,
        perSecond(result.publishedPerSecond),
        perSecond(result.deliveredPerSecond),
        result.loadP50Ms.toFixed(2),
        result.loadP99Ms.toFixed(2),
      ],
      ...[result.paced, result.acrossInstances].flatMap((paced) =>
        paced
          ? [
              [
                `paced: ${paced.rate.toLocaleString('en-US')} msg/s for ${paced.messages.toLocaleString('en-US')} messages${paced.acrossInstances ? ', across two instances (Redis)' : ''}`,
                perSecond(paced.rate),
                perSecond(paced.rate),
                paced.p50Ms.toFixed(2),
                paced.p99Ms.toFixed(2),
              ],
            ]
          : [],
      ),
      [
        `idle: one message at a time (${result.idleMessages})`,
        '–',
        '–',
        result.idleP50Ms.toFixed(2),
        result.idleP99Ms.toFixed(2),
      ],
    ],
  )
}

export function relayNotes(result: RelayResult): string {
  return (
    `Relay: the server in a process of its own, as the CLI's serve runs it (its V8 heap tuned the same way; server README "Operating it"), and ${result.clients} ws clients in the bench's process over 127.0.0.1, each with its own relay-auth JWT; ` +
    `${result.messageLength}-character messages, ${result.subscribersPerTopic} subscribers per topic (${result.deliveries.toLocaleString('en-US')} deliveries), ` +
    'each acknowledged as WalletConnect does. Load: every client publishes its share back to back, waiting for each answer; ' +
    'msg/s = messages / time to the last answer, deliveries / time to the last delivery. Latency = publish sent → irn_subscription received. ' +
    "Paced: half the clients publish to the other half on a schedule from a worker thread (not waiting for answers), latency from each message's scheduled time; " +
    (result.acrossInstances
      ? 'across instances: two server processes sharing one redis-server, publishers on one, subscribers on the other.'
      : 'across instances: not measured (redis-server is not installed).')
  )
}
