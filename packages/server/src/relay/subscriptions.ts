// Who is subscribed to what: per client identity (kept across its sockets and reconnects), per
// topic for delivery, each subscription counted against the client's and its address's budget.
import type { RelayBudget } from './budget.ts'
import { type ClientState, type Connection, type Outcome, subscriptionId } from './connection.ts'
import type { StoredMessage } from './message.ts'
import type { RelayRefusal } from './refusals.ts'

/** A client's first subscription to a topic here, or its last one gone (shared, replication.ts) */
export type SubscriptionChange = (
  kind: 'subscribed' | 'unsubscribed',
  topic: string,
  client: string,
) => void

export class Subscriptions {
  readonly #subscribers = new Map<string, Set<ClientState>>()
  /** Topic → the clients subscribed to it on the other instances */
  readonly #elsewhere = new Map<string, Set<string>>()
  /** Set when the instances share a log */
  onChange: SubscriptionChange | undefined
  readonly #budget: RelayBudget
  readonly #maxTopics: number
  readonly #refuse: (conn: Connection, refusal: Exclude<RelayRefusal, 'connections'>) => Outcome

  constructor(
    budget: RelayBudget,
    maxTopics: number,
    refuse: (conn: Connection, refusal: Exclude<RelayRefusal, 'connections'>) => Outcome,
  ) {
    this.#budget = budget
    this.#maxTopics = maxTopics
    this.#refuse = refuse
  }

  get maxTopics(): number {
    return this.#maxTopics
  }

  /** The clients subscribed to `topic` */
  subscribersOf(topic: string): ReadonlySet<ClientState> | undefined {
    return this.#subscribers.get(topic)
  }

  /** Whether a client other than `sender` subscribes to `topic`, here or on another instance */
  hasOthers(topic: string, sender: string): boolean {
    for (const client of this.#subscribers.get(topic) ?? []) if (client.id !== sender) return true
    for (const client of this.#elsewhere.get(topic) ?? []) if (client !== sender) return true
    return false
  }

  /**
   * Whether the message has reached its readers: someone but its sender subscribes to its topic
   * (here or on another instance), and every such subscriber has it.
   */
  allHave(stored: StoredMessage): boolean {
    let readers = 0
    for (const client of this.#subscribers.get(stored.topic) ?? []) {
      if (client.id === stored.sender) continue
      if (!stored.delivered.has(client.id)) return false
      readers++
    }
    for (const client of this.#elsewhere.get(stored.topic) ?? []) {
      if (client === stored.sender) continue
      if (!stored.delivered.has(client)) return false
      readers++
    }
    return readers > 0
  }

  /** Another instance's subscription came or went. */
  changedElsewhere(kind: 'subscribed' | 'unsubscribed', topic: string, client: string): void {
    let clients = this.#elsewhere.get(topic)
    if (kind === 'subscribed') {
      if (!clients) {
        clients = new Set()
        this.#elsewhere.set(topic, clients)
      }
      clients.add(client)
    } else if (clients?.delete(client) && clients.size === 0) {
      this.#elsewhere.delete(topic)
    }
  }

  /**
   * Subscribes the socket's client to `topics` (all or none); their subscription ids, or the
   * refusal (reported) when the client would hold more than maxTopics or its address more than
   * its budget allows. `dryRun` only checks.
   */
  subscribe(conn: Connection, topics: string[], dryRun = false): string[] | Outcome {
    const { client } = conn
    const added = new Set(topics.filter((topic) => !client.topics.has(topic)))
    const { maxSubscriptionsPerAddress } = this.#budget.limits
    const refusal: RelayRefusal | undefined =
      client.topics.size + added.size > this.#maxTopics
        ? 'client-topics'
        : this.#budget.subscriptionsAt(conn.address) + added.size > maxSubscriptionsPerAddress
          ? 'address-topics'
          : undefined
    if (refusal) return this.#refuse(conn, refusal)
    if (dryRun) return []
    this.#budget.subscribe(conn.address, added.size)
    return topics.map((topic) => {
      conn.topics.add(topic)
      let id = client.topics.get(topic)
      if (id === undefined) {
        id = subscriptionId(topic, client.id)
        client.topics.set(topic, id)
        client.chargedTo.set(topic, conn.address)
        let subscribers = this.#subscribers.get(topic)
        if (!subscribers) {
          subscribers = new Set()
          this.#subscribers.set(topic, subscribers)
        }
        subscribers.add(client)
        this.onChange?.('subscribed', topic, client.id)
      }
      return id
    })
  }

  unsubscribe(conn: Connection, topic: string): void {
    const { client } = conn
    for (const other of client.connections) other.topics.delete(topic)
    if (client.topics.delete(topic)) this.remove(client, topic)
  }

  /** The client no longer gets `topic`; its address's budget gets the subscription back. */
  remove(client: ClientState, topic: string): void {
    const address = client.chargedTo.get(topic)
    if (address !== undefined) {
      client.chargedTo.delete(topic)
      this.#budget.unsubscribe(address)
    }
    const subscribers = this.#subscribers.get(topic)
    if (subscribers?.delete(client)) this.onChange?.('unsubscribed', topic, client.id)
    if (subscribers?.size === 0) this.#subscribers.delete(topic)
  }
}
