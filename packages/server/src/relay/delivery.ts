// Delivery out of the mailbox: a new message to each subscriber's socket, everything pending
// when a client (re)subscribes or reconnects, acknowledgements, and irn_batchFetchMessages.
import type { Logger } from 'pino'
import {
  type ClientState,
  type Connection,
  messageData,
  OPEN,
  type Outcome,
  sendFrame,
  subscriptionId,
} from './connection.ts'
import { requestFrame } from './jsonrpc.ts'
import type { Mailbox } from './mailbox.ts'
import type { StoredMessage } from './message.ts'
import type { Subscriptions } from './subscriptions.ts'

export class Delivery {
  #nextId = 1
  readonly #mailbox: Mailbox
  readonly #subscriptions: Subscriptions
  readonly #maxFetch: number
  readonly #logger: Logger | undefined
  /** Set when the instances share a log: a client has a message */
  onSettled: ((client: string, stored: StoredMessage) => void) | undefined

  constructor(
    mailbox: Mailbox,
    subscriptions: Subscriptions,
    maxFetch: number,
    logger: Logger | undefined,
  ) {
    this.#mailbox = mailbox
    this.#subscriptions = subscriptions
    this.#maxFetch = maxFetch
    this.#logger = logger
  }

  /** A new message: to each subscriber but its sender, on the subscriber's newest socket. */
  offer(stored: StoredMessage): void {
    for (const client of this.#subscriptions.subscribersOf(stored.topic) ?? []) {
      if (!this.#mailbox.isPendingFor(client.id, stored)) continue
      const conn = this.#deliverySocket(client, stored.topic)
      if (conn) this.#push(conn, stored)
    }
  }

  /** Everything pending for `client` on `topic`, in publish order. */
  pump(client: ClientState, topic: string): void {
    const conn = this.#deliverySocket(client, topic)
    if (!conn) return
    for (const stored of this.#mailbox.pending(client.id, topic)) this.#push(conn, stored)
  }

  /** The client answered our irn_subscription (result or error): it has the message. */
  acknowledge(conn: Connection, id: string | number): void {
    const key = typeof id === 'number' ? id : Number(id)
    const stored = conn.inFlight.get(key)
    if (!stored) return
    conn.inFlight.delete(key)
    this.#settle(conn.clientId, stored)
  }

  /**
   * irn_batchFetchMessages: what the client has not had yet on `topics`, oldest first. Counted
   * as delivered once the answer is written to the socket (an answer is not acknowledged).
   */
  fetch(conn: Connection, topics: string[]): Outcome {
    const messages: StoredMessage[] = []
    let hasMore = false
    for (const topic of new Set(topics)) {
      const room = this.#maxFetch - messages.length
      const pending = this.#mailbox.pending(conn.clientId, topic, room + 1)
      if (pending.length > room) hasMore = true
      messages.push(...pending.slice(0, room))
    }
    for (const stored of messages) this.#mailbox.claim(conn.clientId, stored)
    return {
      result: { messages: messages.map(messageData), hasMore },
      written: (ok) => {
        for (const stored of messages) {
          if (ok) this.#settle(conn.clientId, stored)
          else this.#mailbox.release(conn.clientId, stored)
        }
      },
    }
  }

  /**
   * The client's newest open socket that subscribed to `topic` itself (two tabs sharing one
   * WalletConnect storage are one client), else its newest open socket (it re-subscribes there).
   */
  #deliverySocket(client: ClientState, topic: string): Connection | undefined {
    let newest: Connection | undefined
    let subscribed: Connection | undefined
    for (const conn of client.connections) {
      if (!conn.open || conn.socket.readyState !== OPEN) continue
      newest = conn
      if (conn.topics.has(topic)) subscribed = conn
    }
    return subscribed ?? newest
  }

  #settle(client: string, stored: StoredMessage): void {
    this.settled(client, stored)
    this.onSettled?.(client, stored)
  }

  /** `client` has the message; once every subscriber has it, it leaves the mailbox (delivered mail). */
  settled(client: string, stored: StoredMessage): void {
    this.#mailbox.settle(client, stored)
    if (this.#subscriptions.allHave(stored)) this.#mailbox.discard(stored)
  }

  #push(conn: Connection, stored: StoredMessage): void {
    const id = this.#nextId++
    const subscription = conn.client.topics.get(stored.topic)
    this.#mailbox.claim(conn.clientId, stored)
    conn.inFlight.set(id, stored)
    const frame = requestFrame(id, 'irn_subscription', {
      id: subscription ?? subscriptionId(stored.topic, conn.clientId),
      data: messageData(stored),
    })
    sendFrame(
      conn,
      frame,
      (ok) => {
        if (ok) return
        // Not written: the socket is closing; the next socket of this client gets it.
        if (conn.inFlight.delete(id)) this.#mailbox.release(conn.clientId, stored)
      },
      this.#logger,
    )
  }
}
