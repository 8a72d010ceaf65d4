// The relay: JSON-RPC over each client's sockets (irn_* of @walletconnect/relay-api, plus the
// wc_proposeSession / wc_approveSession shortcuts sign-client publishes with), subscriptions per
// client identity (the JWT's did:key, stable across reconnects), delivery out of the mailbox,
// acknowledgements, pings. Sockets are anything with send/ping/terminate (a `ws` WebSocket);
// attach.ts wires real sockets to connect/receive/pong/disconnect. Publishes are held to the
// budgets of budget.ts and the mailbox's; every refusal is reported (refusals.ts).
import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import {
  JSON_RPC_ERROR_CODES,
  RELAY_DEFAULT_TTL_SECONDS,
  RELAY_IDLE_CLIENT_MS,
  RELAY_MAX_FETCH_MESSAGES,
  RELAY_MAX_TOPICS_PER_CLIENT,
  RELAY_PING_INTERVAL_MS,
  RELAY_SWEEP_INTERVAL_MS,
  RELAY_TAG_SESSION_PROPOSE,
  RELAY_TAG_SESSION_PROPOSE_RESPONSE,
  RELAY_TAG_SESSION_SETTLE,
} from '../constants.ts'
import {
  type JsonRpcErrorObject,
  relayInternalError,
  relayInvalidParams,
  relayMethodNotFound,
} from '../errors.ts'
import { RelayBudget, type RelayLimits } from './budget.ts'
import { errorReply, parseFrame, requestFrame, resultReply } from './jsonrpc.ts'
import { Mailbox, type MailboxOptions, type PublishInput, type StoredMessage } from './mailbox.ts'
import {
  describeParamsError,
  isRelayMethod,
  type PublishParams,
  RELAY_PARAMS,
  type RelayMethod,
  type RelayParams,
} from './params.ts'
import { RefusalReport, type RelayRefusal, refusalText } from './refusals.ts'

/** What the relay needs of a socket; a `ws` WebSocket is one. */
export interface RelaySocket {
  /** 1 is open (WebSocket.OPEN) */
  readonly readyState: number
  send(data: string, callback: (error?: Error) => void): void
  ping(): void
  terminate(): void
}

const OPEN = 1

export interface RelayOptions {
  logger?: Logger
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
  /** Default RELAY_PING_INTERVAL_MS; 0 sends no pings */
  pingIntervalMs?: number
  /** Default RELAY_SWEEP_INTERVAL_MS; 0 never sweeps on a timer */
  sweepIntervalMs?: number
  /** Default RELAY_IDLE_CLIENT_MS */
  idleClientMs?: number
  /** Default RELAY_MAX_TOPICS_PER_CLIENT */
  maxTopicsPerClient?: number
  /** Default RELAY_MAX_FETCH_MESSAGES */
  maxFetchMessages?: number
  mailbox?: Omit<MailboxOptions, 'now' | 'onRemove'>
  /** Per client and per address budgets; defaults DEFAULT_RELAY_LIMITS */
  limits?: Partial<RelayLimits>
}

interface ClientState {
  /** The JWT's `iss` */
  readonly id: string
  /** Topic → subscription id */
  readonly topics: Map<string, string>
  /** Topic → the address its subscription is counted at (RelayBudget.subscribe) */
  readonly chargedTo: Map<string, string>
  /** In connection order: the last open one gets deliveries */
  readonly connections: Set<Connection>
  /** When its last connection closed; undefined while connected */
  idleSince: number | undefined
}

/** One socket of one client. */
export interface RelayConnection {
  readonly socket: RelaySocket
  readonly clientId: string
  /** The client address its budgets are charged to (address.ts) */
  readonly address: string
}

interface Connection extends RelayConnection {
  readonly client: ClientState
  open: boolean
  /** Answered the last ping (or has not been pinged yet) */
  alive: boolean
  /** Our irn_subscription request id → the message it carries, until the client answers */
  readonly inFlight: Map<number, StoredMessage>
  /** Topics subscribed through this socket (a client's socket gets its own topics first) */
  readonly topics: Set<string>
}

type Outcome =
  | {
      result: unknown
      /** Runs once the answer is written (ok) or failed to be (not ok) */
      written?: (ok: boolean) => void
      /** Runs after the answer is queued: deliveries the call caused */
      after?: () => void
    }
  | { error: JsonRpcErrorObject }

const limitError = (message: string): Outcome => ({
  error: { code: JSON_RPC_ERROR_CODES.limitExceeded, message },
})

/**
 * The id a WalletConnect client computes for its own subscription: sha256(topic + clientId), hex
 * (@walletconnect/core Subscriber.getSubscriptionId), so ours match the ones it keeps.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex')
}

export class Relay {
  readonly mailbox: Mailbox
  readonly budget: RelayBudget
  /** Refused publishes and connections, counted and logged */
  readonly refusals: RefusalReport
  readonly #logger: Logger | undefined
  readonly #now: () => number
  readonly #idleClientMs: number
  readonly #maxTopics: number
  readonly #maxFetch: number
  readonly #clients = new Map<string, ClientState>()
  /** Topic → the clients subscribed to it */
  readonly #subscribers = new Map<string, Set<ClientState>>()
  readonly #connections = new Set<Connection>()
  readonly #timers: NodeJS.Timeout[] = []
  #nextId = 1
  #closed = false

  constructor(options: RelayOptions = {}) {
    this.#logger = options.logger
    this.#now = options.now ?? Date.now
    this.#idleClientMs = options.idleClientMs ?? RELAY_IDLE_CLIENT_MS
    this.#maxTopics = options.maxTopicsPerClient ?? RELAY_MAX_TOPICS_PER_CLIENT
    this.#maxFetch = options.maxFetchMessages ?? RELAY_MAX_FETCH_MESSAGES
    this.budget = new RelayBudget(options.limits, this.#now)
    this.refusals = new RefusalReport(this.#logger, this.#now)
    this.mailbox = new Mailbox({
      ...options.mailbox,
      now: this.#now,
      onRemove: (stored) => this.budget.release(stored),
    })
    const pingMs = options.pingIntervalMs ?? RELAY_PING_INTERVAL_MS
    const sweepMs = options.sweepIntervalMs ?? RELAY_SWEEP_INTERVAL_MS
    if (pingMs > 0) this.#timers.push(setInterval(() => this.heartbeat(), pingMs).unref())
    if (sweepMs > 0) this.#timers.push(setInterval(() => this.sweep(), sweepMs).unref())
  }

  /** Open sockets */
  get connectionCount(): number {
    return this.#connections.size
  }

  /** Client identities known (connected, or idle with subscriptions kept) */
  get clientCount(): number {
    return this.#clients.size
  }

  /** Topics `clientId` is subscribed to. */
  topicsOf(clientId: string): string[] {
    return [...(this.#clients.get(clientId)?.topics.keys() ?? [])]
  }

  /** A new authenticated socket; messages waiting on the client's topics go out at once. */
  connect(socket: RelaySocket, clientId: string, address = 'local'): RelayConnection {
    let client = this.#clients.get(clientId)
    if (!client) {
      client = {
        id: clientId,
        topics: new Map(),
        chargedTo: new Map(),
        connections: new Set(),
        idleSince: undefined,
      }
      if (!this.#closed) this.#clients.set(clientId, client)
    }
    const connection: Connection = {
      socket,
      clientId,
      address,
      client,
      open: true,
      alive: true,
      inFlight: new Map(),
      topics: new Set(),
    }
    if (this.#closed) {
      socket.terminate()
      return connection
    }
    client.idleSince = undefined
    client.connections.add(connection)
    this.#connections.add(connection)
    for (const topic of client.topics.keys()) this.#pump(client, topic)
    return connection
  }

  /** A text frame from the socket. Never throws. */
  receive(connection: RelayConnection, text: string): void {
    const conn = connection as Connection
    if (!conn.open) return
    let idText = 'null'
    let after: (() => void) | undefined
    try {
      const frame = parseFrame(text)
      if (frame.kind === 'invalid') {
        this.#send(conn, frame.reply)
        return
      }
      if (frame.kind === 'response') {
        this.#acknowledge(conn, frame.id)
        return
      }
      idText = frame.idText
      const outcome = this.#dispatch(conn, frame.method, frame.params)
      if ('error' in outcome) {
        this.#send(conn, errorReply(idText, outcome.error.code, outcome.error.message))
        return
      }
      this.#send(conn, resultReply(idText, outcome.result), outcome.written)
      after = outcome.after
    } catch (error) {
      this.#logger?.error({ err: error, clientId: conn.clientId }, 'relay frame failed')
      this.#send(conn, errorReply(idText, JSON_RPC_ERROR_CODES.internalError, relayInternalError))
      return
    }
    // Deliveries the call caused, after its answer (already sent: a failure is only logged).
    try {
      after?.()
    } catch (error) {
      this.#logger?.error({ err: error, clientId: conn.clientId }, 'relay delivery failed')
    }
  }

  /** The socket answered a ping. */
  pong(connection: RelayConnection): void {
    ;(connection as Connection).alive = true
  }

  /** The socket closed: what it had in flight goes to the client's next socket. Idempotent. */
  disconnect(connection: RelayConnection): void {
    const conn = connection as Connection
    if (!conn.open) return
    conn.open = false
    this.#connections.delete(conn)
    const { client } = conn
    client.connections.delete(conn)
    for (const stored of conn.inFlight.values()) this.mailbox.release(client.id, stored)
    conn.inFlight.clear()
    if (client.connections.size > 0) {
      for (const topic of client.topics.keys()) this.#pump(client, topic)
    } else if (client.topics.size > 0) {
      client.idleSince = this.#now()
    } else {
      this.#clients.delete(client.id)
    }
  }

  /** Terminates sockets that missed the last ping, pings the others. */
  heartbeat(): void {
    for (const conn of [...this.#connections]) {
      if (!conn.alive) {
        this.#logger?.debug({ clientId: conn.clientId }, 'relay socket missed a pong')
        conn.socket.terminate()
        this.disconnect(conn)
        continue
      }
      conn.alive = false
      try {
        conn.socket.ping()
      } catch {
        // A socket closing under us: its close event disconnects it.
      }
    }
  }

  /** Drops expired messages and the subscriptions of clients gone for idleClientMs. */
  sweep(): void {
    this.mailbox.sweep()
    this.budget.sweep()
    const now = this.#now()
    for (const client of [...this.#clients.values()]) {
      if (client.idleSince !== undefined && now - client.idleSince >= this.#idleClientMs) {
        for (const topic of client.topics.keys()) this.#removeSubscriber(client, topic)
        this.#clients.delete(client.id)
      }
    }
  }

  /** Stops the timers and terminates every socket. */
  close(): void {
    this.#closed = true
    for (const timer of this.#timers) clearInterval(timer)
    for (const conn of [...this.#connections]) {
      conn.socket.terminate()
      this.disconnect(conn)
    }
  }

  // ---- Dispatch ----

  #dispatch(conn: Connection, method: string, params: unknown): Outcome {
    if (!isRelayMethod(method)) {
      return {
        error: { code: JSON_RPC_ERROR_CODES.methodNotFound, message: relayMethodNotFound(method) },
      }
    }
    const parsed = RELAY_PARAMS[method].safeParse(params)
    if (!parsed.success) {
      return {
        error: {
          code: JSON_RPC_ERROR_CODES.invalidParams,
          message: relayInvalidParams(method, describeParamsError(parsed.error)),
        },
      }
    }
    return this.#handlers[method](conn, parsed.data as never)
  }

  readonly #handlers: {
    [M in RelayMethod]: (conn: Connection, params: RelayParams<M>) => Outcome
  } = {
    irn_subscribe: (conn, { topic }) => {
      const ids = this.#subscribe(conn, [topic])
      if (!Array.isArray(ids)) return ids
      return { result: ids[0], after: () => this.#pump(conn.client, topic) }
    },
    irn_batchSubscribe: (conn, { topics }) => {
      const ids = this.#subscribe(conn, topics)
      if (!Array.isArray(ids)) return ids
      return {
        result: ids,
        after: () => {
          for (const topic of new Set(topics)) this.#pump(conn.client, topic)
        },
      }
    },
    irn_unsubscribe: (conn, { topic }) => {
      this.#unsubscribe(conn, topic)
      return { result: true }
    },
    irn_batchUnsubscribe: (conn, { subscriptions }) => {
      for (const { topic } of subscriptions) this.#unsubscribe(conn, topic)
      return { result: true }
    },
    irn_publish: (conn, params) => this.#publish(conn, [this.#publishInput(conn, params)]),
    irn_batchPublish: (conn, { messages }) =>
      this.#publish(
        conn,
        messages.map((params) => this.#publishInput(conn, params)),
      ),
    irn_batchFetchMessages: (conn, { topics }) => this.#fetch(conn, topics),
    wc_proposeSession: (conn, params) => {
      // The dapp created the pairing with skipSubscribe: the relay subscribes it, so the
      // wallet's answer (tag 1101) reaches it.
      const refused = this.#subscribe(conn, [params.pairingTopic], true)
      if (!Array.isArray(refused)) return refused
      const outcome = this.#publish(conn, [
        {
          topic: params.pairingTopic,
          message: params.sessionProposal,
          ttl: params.ttl ?? RELAY_DEFAULT_TTL_SECONDS,
          tag: RELAY_TAG_SESSION_PROPOSE,
          attestation: params.attestation ?? undefined,
          sender: conn.clientId,
        },
      ])
      if ('error' in outcome) return outcome
      this.#subscribe(conn, [params.pairingTopic])
      return {
        ...outcome,
        after: () => {
          outcome.after?.()
          this.#pump(conn.client, params.pairingTopic)
        },
      }
    },
    wc_approveSession: (conn, params) => {
      // The wallet subscribed the session topic with skipSubscribe: the relay subscribes it.
      const refused = this.#subscribe(conn, [params.sessionTopic], true)
      if (!Array.isArray(refused)) return refused
      const ttl = params.ttl ?? RELAY_DEFAULT_TTL_SECONDS
      const outcome = this.#publish(conn, [
        {
          topic: params.pairingTopic,
          message: params.sessionProposalResponse,
          ttl,
          tag: RELAY_TAG_SESSION_PROPOSE_RESPONSE,
          attestation: undefined,
          sender: conn.clientId,
        },
        {
          topic: params.sessionTopic,
          message: params.sessionSettlementRequest,
          ttl,
          tag: RELAY_TAG_SESSION_SETTLE,
          attestation: undefined,
          sender: conn.clientId,
        },
      ])
      if ('error' in outcome) return outcome
      this.#subscribe(conn, [params.sessionTopic])
      return {
        ...outcome,
        after: () => {
          outcome.after?.()
          this.#pump(conn.client, params.sessionTopic)
        },
      }
    },
  }

  // ---- Subscriptions ----

  /**
   * Subscribes `client` to `topics` (all or none); their subscription ids, or the refusal (reported)
   * when the client would hold more than maxTopics or its address more than its budget allows.
   * `dryRun` only checks.
   */
  #subscribe(conn: Connection, topics: string[], dryRun = false): string[] | Outcome {
    const { client } = conn
    const added = new Set(topics.filter((topic) => !client.topics.has(topic)))
    const { maxSubscriptionsPerAddress } = this.budget.limits
    const refusal: RelayRefusal | undefined =
      client.topics.size + added.size > this.#maxTopics
        ? 'client-topics'
        : this.budget.subscriptionsAt(conn.address) + added.size > maxSubscriptionsPerAddress
          ? 'address-topics'
          : undefined
    if (refusal) return this.#refuse(conn, refusal)
    if (dryRun) return []
    this.budget.subscribe(conn.address, added.size)
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
      }
      return id
    })
  }

  #unsubscribe(conn: Connection, topic: string): void {
    const { client } = conn
    for (const other of client.connections) other.topics.delete(topic)
    if (client.topics.delete(topic)) this.#removeSubscriber(client, topic)
  }

  #removeSubscriber(client: ClientState, topic: string): void {
    const address = client.chargedTo.get(topic)
    if (address !== undefined) {
      client.chargedTo.delete(topic)
      this.budget.unsubscribe(address)
    }
    const subscribers = this.#subscribers.get(topic)
    subscribers?.delete(client)
    if (subscribers?.size === 0) this.#subscribers.delete(topic)
  }

  // ---- Publishing and delivery ----

  #publishInput(conn: Connection, params: PublishParams): PublishInput {
    return {
      topic: params.topic,
      message: params.message,
      ttl: params.ttl,
      tag: params.tag ?? 0,
      attestation: params.attestation ?? undefined,
      sender: conn.clientId,
    }
  }

  /**
   * Stores all the messages or none (refused: reported, and answered with why); answers true,
   * then offers them to their subscribers.
   */
  #publish(conn: Connection, inputs: PublishInput[]): Outcome {
    const refusal = this.#admit(conn, inputs)
    if (refusal) return this.#refuse(conn, refusal)
    const stored: StoredMessage[] = []
    for (const input of inputs) {
      const ttl = this.#ttl(input)
      const outcome = this.mailbox.publish({ ...input, ttl, address: conn.address })
      if (outcome.kind !== 'stored') continue
      this.budget.charge(outcome.stored)
      stored.push(outcome.stored)
    }
    return {
      result: true,
      after: () => {
        for (const message of stored) this.#offer(message)
      },
    }
  }

  /** Reports a refused call and answers the error naming the limit. */
  #refuse(conn: Connection, refusal: Exclude<RelayRefusal, 'connections'>): Outcome {
    this.refusals.report(refusal, { clientId: conn.clientId, address: conn.address })
    const caps = {
      maxMessagesPerTopic: this.mailbox.maxMessagesPerTopic,
      maxTopicsPerClient: this.#maxTopics,
    }
    return limitError(refusalText(refusal, this.budget.limits, caps))
  }

  /** Why `inputs` may not be stored now, if so: publish rate, then the mailbox's room, then bytes. */
  #admit(
    conn: Connection,
    inputs: PublishInput[],
  ): Exclude<RelayRefusal, 'connections'> | undefined {
    const rate = this.budget.takePublishes(conn.clientId, conn.address, inputs.length)
    if (rate) return rate
    const room = this.mailbox.check(inputs)
    if (room !== 'ok') return room
    return this.budget.fits(conn.clientId, conn.address, this.mailbox.freshBytes(inputs))
  }

  /** A topic no one but the sender subscribes to keeps a message unsubscribedTtlSeconds at most. */
  #ttl({ topic, ttl, sender }: PublishInput): number {
    const subscribers = this.#subscribers.get(topic)
    const own = this.#clients.get(sender)
    const others = (subscribers?.size ?? 0) - (own && subscribers?.has(own) ? 1 : 0)
    return others > 0 ? ttl : Math.min(ttl, this.budget.limits.unsubscribedTtlSeconds)
  }

  /** A new message: to each subscriber but its sender, on the subscriber's newest socket. */
  #offer(stored: StoredMessage): void {
    for (const client of this.#subscribers.get(stored.topic) ?? []) {
      if (!this.mailbox.isPendingFor(client.id, stored)) continue
      const conn = this.#deliverySocket(client, stored.topic)
      if (conn) this.#push(conn, stored)
    }
  }

  /** Everything pending for `client` on `topic`, in publish order. */
  #pump(client: ClientState, topic: string): void {
    const conn = this.#deliverySocket(client, topic)
    if (!conn) return
    for (const stored of this.mailbox.pending(client.id, topic)) this.#push(conn, stored)
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

  #push(conn: Connection, stored: StoredMessage): void {
    const id = this.#nextId++
    const subscription = conn.client.topics.get(stored.topic)
    this.mailbox.claim(conn.clientId, stored)
    conn.inFlight.set(id, stored)
    const data = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
      tag: stored.tag,
      ...(stored.attestation !== undefined && { attestation: stored.attestation }),
    }
    const frame = requestFrame(id, 'irn_subscription', {
      id: subscription ?? subscriptionId(stored.topic, conn.clientId),
      data,
    })
    this.#send(conn, frame, (ok) => {
      if (ok) return
      // Not written: the socket is closing; the next socket of this client gets it.
      if (conn.inFlight.delete(id)) this.mailbox.release(conn.clientId, stored)
    })
  }

  /** The client answered our irn_subscription (result or error): it has the message. */
  #acknowledge(conn: Connection, id: string | number): void {
    const key = typeof id === 'number' ? id : Number(id)
    const stored = conn.inFlight.get(key)
    if (!stored) return
    conn.inFlight.delete(key)
    this.mailbox.settle(conn.clientId, stored)
  }

  /**
   * irn_batchFetchMessages: what the client has not had yet on `topics`, oldest first. Counted
   * as delivered once the answer is written to the socket (an answer is not acknowledged).
   */
  #fetch(conn: Connection, topics: string[]): Outcome {
    const messages: StoredMessage[] = []
    let hasMore = false
    for (const topic of new Set(topics)) {
      const room = this.#maxFetch - messages.length
      const pending = this.mailbox.pending(conn.clientId, topic, room + 1)
      if (pending.length > room) hasMore = true
      messages.push(...pending.slice(0, room))
    }
    for (const stored of messages) this.mailbox.claim(conn.clientId, stored)
    return {
      result: {
        messages: messages.map((stored) => ({
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          tag: stored.tag,
          ...(stored.attestation !== undefined && { attestation: stored.attestation }),
        })),
        hasMore,
      },
      written: (ok) => {
        for (const stored of messages) {
          if (ok) this.mailbox.settle(conn.clientId, stored)
          else this.mailbox.release(conn.clientId, stored)
        }
      },
    }
  }

  #send(conn: Connection, frame: string, written?: (ok: boolean) => void): void {
    if (!conn.open || conn.socket.readyState !== OPEN) {
      written?.(false)
      return
    }
    try {
      conn.socket.send(frame, (error) => written?.(!error))
    } catch (error) {
      this.#logger?.debug({ err: error, clientId: conn.clientId }, 'relay send failed')
      written?.(false)
    }
  }
}
