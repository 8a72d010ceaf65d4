// The relay's delivery guarantee under load, over the real server: 200 clients, 10,000
// messages, clients closing and reconnecting at random while others publish to their topics.
// Every message reaches each subscriber of its topic exactly once, and never its sender.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { type RunningServer, startServer } from '../server.ts'
import { createRelayIdentity, type RelayIdentity, RelayTestClient } from './testClient.ts'

const CLIENTS = 200
const TOPICS = 100
const SUBSCRIBERS_PER_TOPIC = 6
const MESSAGES = 10_000
/** After each of its publishes, a client closes and reconnects with this probability */
const RECONNECT_PROBABILITY = 0.05

/** mulberry32: the same run every time */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

class LoadClient {
  readonly identity: RelayIdentity = createRelayIdentity()
  readonly topics: string[] = []
  /** message → times received */
  readonly received = new Map<string, number>()
  readonly outbox: { topic: string; message: string }[] = []
  reconnects = 0
  #client: RelayTestClient | undefined

  constructor(readonly index: number) {}

  /** Connects and (re)subscribes, as a WalletConnect client does after each reconnect. */
  async connect(relayUrl: string): Promise<void> {
    this.#client = await RelayTestClient.connect({
      relayUrl,
      projectId: DEMO_PROJECT_ID,
      identity: this.identity,
      keepFrames: false,
      onMessage: (data) => {
        this.received.set(data.message, (this.received.get(data.message) ?? 0) + 1)
      },
    })
    await this.#client.request('irn_batchSubscribe', { topics: this.topics })
  }

  /** Pushes that reached a socket this client had begun to close: dropped, so sent again */
  dropped = 0

  async reconnect(relayUrl: string): Promise<void> {
    await this.#client?.close()
    this.dropped += this.#client?.dropped ?? 0
    this.reconnects++
    await this.connect(relayUrl)
  }

  publish(topic: string, message: string): Promise<unknown> {
    if (!this.#client) throw new Error('not connected')
    return this.#client.request('irn_publish', { topic, message, ttl: 300, tag: 1108 })
  }

  close(): Promise<void> {
    return this.#client?.close() ?? Promise.resolve()
  }
}

describe('relay under load', () => {
  let server: RunningServer
  let dataDir: string
  const clients = Array.from({ length: CLIENTS }, (_, index) => new LoadClient(index))

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-relay-load-'))
    server = await startServer({
      port: 0,
      databaseUrl: null,
      dataDir,
      logLevel: 'silent',
      // 200 clients on one address, each publishing as fast as it can (up to 72 messages): this
      // is about delivery, not the budgets (limits.test.ts), so they are out of the way.
      relay: {
        limits: {
          maxConnectionsPerAddress: 1_000,
          clientPublishRate: { burst: MESSAGES, perSecond: MESSAGES },
          addressPublishRate: { burst: MESSAGES, perSecond: MESSAGES },
        },
      },
    })
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('delivers every message exactly once to each subscriber, never to its sender', async () => {
    const rng = random(20_240_601)
    const topics = Array.from({ length: TOPICS }, (_, t) => t.toString(16).padStart(64, '0'))
    const subscribers = topics.map((topic, t) =>
      Array.from({ length: SUBSCRIBERS_PER_TOPIC }, (_, k) => {
        const client = clients[(t * 2 + k) % CLIENTS] as LoadClient
        client.topics.push(topic)
        return client
      }),
    )

    // Half the messages come from a subscriber of their topic, half from any client.
    const expected = new Map<LoadClient, Set<string>>(clients.map((c) => [c, new Set()]))
    for (let i = 0; i < MESSAGES; i++) {
      const t = i % TOPICS
      const topicSubscribers = subscribers[t] as LoadClient[]
      const sender =
        i % 2 === 0
          ? (topicSubscribers[(i >> 1) % SUBSCRIBERS_PER_TOPIC] as LoadClient)
          : (clients[Math.floor(rng() * CLIENTS)] as LoadClient)
      const message = Buffer.from(`message ${i} from client ${sender.index}`).toString('base64')
      sender.outbox.push({ topic: topics[t] as string, message })
      for (const subscriber of topicSubscribers) {
        if (subscriber !== sender) expected.get(subscriber)?.add(message)
      }
    }

    for (let i = 0; i < CLIENTS; i += 50) {
      await Promise.all(clients.slice(i, i + 50).map((client) => client.connect(server.relayUrl)))
    }
    expect(server.relay.connectionCount).toBe(CLIENTS)

    // Every client publishes its share in order; now and then it closes and reconnects while
    // the others keep publishing to its topics.
    await Promise.all(
      clients.map(async (client) => {
        for (const { topic, message } of client.outbox) {
          expect(await client.publish(topic, message)).toBe(true)
          if (rng() < RECONNECT_PROBABILITY) await client.reconnect(server.relayUrl)
        }
      }),
    )
    const reconnects = clients.reduce((sum, client) => sum + client.reconnects, 0)
    expect(reconnects).toBeGreaterThan(200)
    // Pushes that reached a socket as its client was closing it were dropped unacknowledged
    // (as a browser drops them) and must come again on the next socket: the run exercised that.
    expect(clients.reduce((sum, client) => sum + client.dropped, 0)).toBeGreaterThan(0)

    const total = (count: (client: LoadClient) => number) =>
      clients.reduce((sum, client) => sum + count(client), 0)
    const wanted = total((client) => expected.get(client)?.size ?? 0)
    const deadline = Date.now() + 30_000
    while (total((client) => client.received.size) < wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    for (const client of clients) {
      const want = expected.get(client) as Set<string>
      const duplicates = [...client.received].filter(([, times]) => times > 1)
      const unexpected = [...client.received.keys()].filter((message) => !want.has(message))
      const missing = [...want].filter((message) => !client.received.has(message))
      expect({ client: client.index, duplicates, unexpected, missing: missing.length }).toEqual({
        client: client.index,
        duplicates: [],
        unexpected: [],
        missing: 0,
      })
    }
    expect(total((client) => client.received.size)).toBe(wanted)
  })
})
