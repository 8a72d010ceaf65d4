// The relay's message store: every published message is kept per topic until its TTL passes, so
// a client that subscribes (or comes back) later still gets it. For each message it records
// which clients (JWT `iss`) have it in flight and which have acknowledged it, so a message goes
// to each client once and never back to its sender. It counts the bytes it keeps (bytesOf) against
// a budget, O(1) per publish: a full mailbox sweeps expired messages at most once a second.
import {
  RELAY_FULL_SWEEP_MIN_INTERVAL_MS,
  RELAY_MAX_MESSAGES_PER_TOPIC,
  RELAY_MAX_STORED_BYTES,
  RELAY_MAX_STORED_MESSAGES,
  RELAY_MAX_TTL_SECONDS,
} from '../constants/relay.ts'
import {
  bytesOf,
  messageId,
  type PublishInput,
  type PublishOutcome,
  type StoredMessage,
} from './message.ts'

export interface MailboxOptions {
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
  maxTtlSeconds?: number
  maxMessagesPerTopic?: number
  maxStoredMessages?: number
  /** Default RELAY_MAX_STORED_BYTES */
  maxStoredBytes?: number
  /** Each message that leaves the mailbox (expired), once */
  onRemove?: (stored: StoredMessage) => void
}

/** What the mailbox reads of an input to size it */
type Sized = Pick<PublishInput, 'topic' | 'message' | 'attestation'>

interface TopicBox {
  messages: Map<string, StoredMessage>
  /** The same messages by id */
  byId: Map<string, StoredMessage>
  /** The earliest expiresAt among `messages`: no need to look for expired ones before it */
  nextExpiry: number
}

export class Mailbox {
  readonly #now: () => number
  readonly #maxTtlMs: number
  readonly #maxPerTopic: number
  readonly #maxStored: number
  readonly #maxBytes: number
  readonly #onRemove: ((stored: StoredMessage) => void) | undefined
  /** Per topic, in publish order; keyed by the message text to spot retries */
  readonly #topics = new Map<string, TopicBox>()
  #size = 0
  #bytes = 0
  #lastSweep = Number.NEGATIVE_INFINITY

  constructor(options: MailboxOptions = {}) {
    this.#now = options.now ?? Date.now
    this.#maxTtlMs = (options.maxTtlSeconds ?? RELAY_MAX_TTL_SECONDS) * 1000
    this.#maxPerTopic = options.maxMessagesPerTopic ?? RELAY_MAX_MESSAGES_PER_TOPIC
    this.#maxStored = options.maxStoredMessages ?? RELAY_MAX_STORED_MESSAGES
    this.#maxBytes = options.maxStoredBytes ?? RELAY_MAX_STORED_BYTES
    this.#onRemove = options.onRemove
  }

  /** bytesOf every message kept (expired ones count until they are swept) */
  get bytes(): number {
    return this.#bytes
  }

  get maxStoredBytes(): number {
    return this.#maxBytes
  }

  /** Messages kept (expired ones count until they are swept) */
  get size(): number {
    return this.#size
  }

  get maxMessagesPerTopic(): number {
    return this.#maxPerTopic
  }

  /** The bytes `inputs` would add: retries of kept messages (and repeats) add none. */
  freshBytes(inputs: readonly Sized[]): number {
    let bytes = 0
    for (const messages of this.#fresh(inputs).values()) {
      for (const input of messages.values()) bytes += bytesOf(input)
    }
    return bytes
  }

  /** Whether all of `inputs` fit (retries of kept messages need no room), before publishing them. */
  check(inputs: readonly Sized[]): 'ok' | 'topic-full' | 'mailbox-full' | 'storage-full' {
    let total = 0
    let bytes = 0
    for (const [topic, messages] of this.#fresh(inputs)) {
      if ((this.#live(topic)?.size ?? 0) + messages.size > this.#maxPerTopic) return 'topic-full'
      total += messages.size
      for (const input of messages.values()) bytes += bytesOf(input)
    }
    const full = () => this.#size + total > this.#maxStored || this.#bytes + bytes > this.#maxBytes
    if (total > 0 && full()) this.#sweepWhenFull()
    if (this.#size + total > this.#maxStored) return 'mailbox-full'
    return this.#bytes + bytes > this.#maxBytes ? 'storage-full' : 'ok'
  }

  publish(input: PublishInput): PublishOutcome {
    const messages = this.#live(input.topic)
    if (messages?.has(input.message)) return { kind: 'duplicate' }
    if ((messages?.size ?? 0) >= this.#maxPerTopic) return { kind: 'topic-full' }
    const bytes = bytesOf(input)
    const full = () => this.#size >= this.#maxStored || this.#bytes + bytes > this.#maxBytes
    if (full()) this.#sweepWhenFull()
    if (this.#size >= this.#maxStored) return { kind: 'mailbox-full' }
    if (this.#bytes + bytes > this.#maxBytes) return { kind: 'storage-full' }
    const now = this.#now()
    const stored = this.#keep({
      id: messageId(input.topic, input.message),
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      tag: input.tag,
      attestation: input.attestation,
      sender: input.sender,
      address: input.address ?? 'local',
      bytes,
      expiresAt: now + Math.min(input.ttl * 1000, this.#maxTtlMs),
      delivered: new Set(),
      inFlight: new Set(),
    })
    return { kind: 'stored', stored }
  }

  /**
   * A message another instance stored (replication.ts): kept here as it was there (its time and
   * expiry), whatever the room here; undefined when it is kept already or has expired.
   */
  replicate(
    message: Omit<StoredMessage, 'id' | 'bytes' | 'delivered' | 'inFlight'>,
  ): StoredMessage | undefined {
    if (message.expiresAt <= this.#now()) return undefined
    if (this.#live(message.topic)?.has(message.message)) return undefined
    return this.#keep({
      ...message,
      id: messageId(message.topic, message.message),
      bytes: bytesOf(message),
      delivered: new Set(),
      inFlight: new Set(),
    })
  }

  /** The live message named `id` on `topic` */
  find(topic: string, id: string): StoredMessage | undefined {
    this.#live(topic)
    return this.#topics.get(topic)?.byId.get(id)
  }

  /** A message its publish could not make durable goes: the publisher is told to send it again. */
  discard(stored: StoredMessage): void {
    const box = this.#topics.get(stored.topic)
    if (box?.messages.get(stored.message) !== stored) return
    this.#drop(box, stored)
    if (box.messages.size === 0) this.#topics.delete(stored.topic)
  }

  #keep(stored: StoredMessage): StoredMessage {
    let box = this.#topics.get(stored.topic)
    if (!box) {
      box = { messages: new Map(), byId: new Map(), nextExpiry: stored.expiresAt }
      this.#topics.set(stored.topic, box)
    }
    box.messages.set(stored.message, stored)
    box.byId.set(stored.id, stored)
    box.nextExpiry = Math.min(box.nextExpiry, stored.expiresAt)
    this.#size++
    this.#bytes += stored.bytes
    return stored
  }

  #drop(box: TopicBox, stored: StoredMessage): void {
    box.messages.delete(stored.message)
    box.byId.delete(stored.id)
    this.#size--
    this.#bytes -= stored.bytes
    this.#onRemove?.(stored)
  }

  /**
   * The live messages of `topic` that `client` neither sent, has in flight, nor acknowledged, in
   * publish order; at most `limit`.
   */
  pending(client: string, topic: string, limit = Number.POSITIVE_INFINITY): StoredMessage[] {
    const result: StoredMessage[] = []
    const messages = this.#live(topic)
    if (!messages) return result
    for (const stored of messages.values()) {
      if (result.length >= limit) break
      if (stored.sender === client || stored.delivered.has(client) || stored.inFlight.has(client)) {
        continue
      }
      result.push(stored)
    }
    return result
  }

  /** Whether `client` should get `stored`: live, not its own, neither in flight nor acknowledged. */
  isPendingFor(client: string, stored: StoredMessage): boolean {
    return (
      stored.expiresAt > this.#now() &&
      stored.sender !== client &&
      !stored.delivered.has(client) &&
      !stored.inFlight.has(client)
    )
  }

  /** The message was sent to `client`: no other send until it is settled or released. */
  claim(client: string, stored: StoredMessage): void {
    stored.inFlight.add(client)
  }

  /** `client` has it (acknowledged, or its fetch answer was written): never again. */
  settle(client: string, stored: StoredMessage): void {
    stored.inFlight.delete(client)
    stored.delivered.add(client)
  }

  /** The send failed or the socket closed before the acknowledgement: `client` may get it again. */
  release(client: string, stored: StoredMessage): void {
    stored.inFlight.delete(client)
  }

  /** The inputs not kept yet, each once: topic → message → input. */
  #fresh(inputs: readonly Sized[]): Map<string, Map<string, Sized>> {
    const added = new Map<string, Map<string, Sized>>()
    for (const input of inputs) {
      if (this.#live(input.topic)?.has(input.message)) continue
      let messages = added.get(input.topic)
      if (!messages) {
        messages = new Map()
        added.set(input.topic, messages)
      }
      messages.set(input.message, input)
    }
    return added
  }

  /** Drops expired messages everywhere; returns how many. */
  sweep(): number {
    const before = this.#size
    this.#lastSweep = this.#now()
    for (const topic of [...this.#topics.keys()]) this.#live(topic)
    return before - this.#size
  }

  /** A full mailbox sweeps, but not on every publish: at most every RELAY_FULL_SWEEP_MIN_INTERVAL_MS. */
  #sweepWhenFull(): void {
    if (this.#now() - this.#lastSweep >= RELAY_FULL_SWEEP_MIN_INTERVAL_MS) this.sweep()
  }

  /** The topic's messages with the expired ones dropped; undefined when none are left. */
  #live(topic: string): Map<string, StoredMessage> | undefined {
    const box = this.#topics.get(topic)
    if (!box) return undefined
    const now = this.#now()
    if (now < box.nextExpiry) return box.messages
    let nextExpiry = Number.POSITIVE_INFINITY
    for (const stored of box.messages.values()) {
      if (stored.expiresAt <= now) {
        this.#drop(box, stored)
      } else {
        nextExpiry = Math.min(nextExpiry, stored.expiresAt)
      }
    }
    box.nextExpiry = nextExpiry
    if (box.messages.size > 0) return box.messages
    this.#topics.delete(topic)
    return undefined
  }
}
