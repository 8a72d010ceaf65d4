// Relay clients in pairs for the cluster test: each pair shares a topic, each client publishes on
// it and receives its partner's messages (acknowledging each), reconnecting when its socket drops
// or at random, resubscribing each time as a WalletConnect client does. Each client comes from its
// own address (X-Forwarded-For), as real users would. The report counts what went wrong.
import { randomUUID } from 'node:crypto'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { createRelayIdentity, RelayTestClient } from '../relay/testClient.ts'

const RETRY_MS = 50
const DELIVERY_TIMEOUT_MS = 60_000
/**
 * Deliveries this close to an instance's death, or to their client's move to another instance,
 * may come again: their acknowledgement died with the instance, or had not reached the shared
 * stream when the other instance caught up with it.
 */
const REPEAT_WINDOW_MS = 2_000

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

class Peer {
  readonly identity = createRelayIdentity()
  /** Every message received, repeats included, with when */
  readonly received: { text: string; at: number }[] = []
  /** Messages the relay answered true for */
  readonly published = new Set<string>()
  /** When this client's network blinked (bounce) */
  readonly bouncedAt: number[] = []
  partner: Peer | undefined
  #client: RelayTestClient | undefined
  #connecting: Promise<RelayTestClient> | undefined
  #closed = false

  constructor(
    readonly index: number,
    readonly topic: string,
    readonly relayUrl: string,
  ) {}

  /** An open socket subscribed to the topic (reconnecting as long as it takes). */
  connected(): Promise<RelayTestClient> {
    const open = this.#client
    if (open && open.socket.readyState === open.socket.OPEN) return Promise.resolve(open)
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined
    })
    return this.#connecting
  }

  async #connect(): Promise<RelayTestClient> {
    for (;;) {
      if (this.#closed) throw new Error('closed')
      try {
        const client = await RelayTestClient.connect({
          relayUrl: this.relayUrl,
          projectId: DEMO_PROJECT_ID,
          identity: this.identity,
          keepFrames: false,
          headers: { 'X-Forwarded-For': `10.${this.index >> 8}.${this.index & 255}.7` },
          onMessage: (data) => this.received.push({ text: data.message, at: Date.now() }),
        })
        client.socket.once('close', () => {
          if (this.#client === client) this.#client = undefined
          // A dropped socket comes back at once: messages keep arriving while it publishes nothing.
          if (!this.#closed) void this.connected().catch(() => undefined)
        })
        await client.request('irn_subscribe', { topic: this.topic })
        this.#client = client
        return client
      } catch {
        await delay(RETRY_MS)
      }
    }
  }

  async publish(text: string): Promise<void> {
    for (;;) {
      const client = await this.connected()
      try {
        await client.request('irn_publish', { topic: this.topic, message: text, ttl: 300, tag: 1 })
        this.published.add(text)
        return
      } catch {
        await delay(RETRY_MS)
      }
    }
  }

  /** The visitor's network blinks: the socket closes and a new one subscribes again. */
  async bounce(): Promise<void> {
    this.bouncedAt.push(Date.now())
    const client = this.#client
    this.#client = undefined
    await client?.close()
    await this.connected()
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#client?.close()
  }
}

export async function relayPeers(options: { relayUrl: string; clients: number }) {
  const peers: Peer[] = []
  for (let i = 0; i < options.clients; i += 2) {
    const topic = randomUUID().replaceAll('-', '').repeat(2)
    const [a, b] = [new Peer(i, topic, options.relayUrl), new Peer(i + 1, topic, options.relayUrl)]
    a.partner = b
    b.partner = a
    peers.push(a, b)
  }
  await Promise.all(peers.map((peer) => peer.connected()))
  let round = 0
  let killedAt: number | undefined

  return {
    /** Each client publishes `perClient` messages; `halfway` runs once half of them are answered. */
    async publish(run: {
      perClient: number
      reconnectChance: number
      halfway?: () => Promise<void>
    }) {
      round++
      const total = peers.length * run.perClient
      let answered = 0
      let halfway: Promise<void> | undefined
      await Promise.all(
        peers.map(async (peer) => {
          for (let n = 0; n < run.perClient; n++) {
            if (Math.random() < run.reconnectChance) await peer.bounce()
            await peer.publish(`${peer.index}:${round}:${n}`)
            answered++
            if (run.halfway && !halfway && answered >= total / 2) {
              killedAt = Date.now()
              halfway = run.halfway()
            }
          }
        }),
      )
      await halfway
    },
    /** Resolves once every client has every message its partner published. */
    async allDelivered(): Promise<void> {
      const deadline = Date.now() + DELIVERY_TIMEOUT_MS
      for (;;) {
        const report = this.report()
        if (report.missing === 0) return
        if (Date.now() > deadline) {
          throw new Error(
            `messages missing after ${DELIVERY_TIMEOUT_MS} ms: ${JSON.stringify(report)}`,
          )
        }
        await delay(100)
      }
    },
    report() {
      let delivered = 0
      let missing = 0
      let toSender = 0
      let duplicates = 0
      let inFlightAtKill = 0
      let inFlightAtBounce = 0
      for (const peer of peers) {
        const texts = new Set(peer.received.map((r) => r.text))
        for (const text of peer.partner?.published ?? []) {
          if (texts.has(text)) delivered++
          else missing++
        }
        for (const text of texts) if (peer.published.has(text)) toSender++
        duplicates += peer.received.length - texts.size
        const near = (at: number) => (r: { at: number }) =>
          r.at >= at - REPEAT_WINDOW_MS && r.at <= at
        if (killedAt !== undefined) inFlightAtKill += peer.received.filter(near(killedAt)).length
        inFlightAtBounce += peer.received.filter((r) =>
          peer.bouncedAt.some((at) => near(at)(r)),
        ).length
      }
      return { delivered, missing, toSender, duplicates, inFlightAtKill, inFlightAtBounce }
    },
    close: () => Promise.all(peers.map((peer) => peer.close())),
  }
}
