// The relay: each client's sockets (connection.ts), JSON-RPC parsing and dispatch to the methods
// (methods.ts), publishing into the mailbox, pings and sweeps. Subscriptions per client identity
// (the JWT's did:key, stable across reconnects) are subscriptions.ts's; delivery out of the
// mailbox and acknowledgements are delivery.ts's. Sockets are anything with send/ping/terminate
// (a `ws` WebSocket); attach.ts wires real sockets to connect/receive/pong/disconnect. Publishes
// are held to the budgets of budget.ts and the mailbox's; every refusal is reported (refusals.ts).
import type { Logger } from 'pino'
import {
  JSON_RPC_ERROR_CODES,
  RELAY_IDLE_CLIENT_MS,
  RELAY_MAX_FETCH_MESSAGES,
  RELAY_MAX_TOPICS_PER_CLIENT,
  RELAY_PING_INTERVAL_MS,
  RELAY_SWEEP_INTERVAL_MS,
} from '../constants/relay.ts'
import { relayInternalError } from '../errors/relay.ts'
import { answerCall } from './answer.ts'
import { RelayBudget, type RelayLimits } from './budget.ts'
import {
  type ClientState,
  type Connection,
  closeForRestart,
  limitError,
  type Outcome,
  type RelayConnection,
  type RelaySocket,
  sendFrame,
} from './connection.ts'
import { Delivery } from './delivery.ts'
import { parseFrame } from './jsonrpc.ts'
import { Mailbox, type MailboxOptions } from './mailbox.ts'
import { dispatch, type RelayMethods, relayMethods } from './methods.ts'
import { type PublishingDeps, publish } from './publishing.ts'
import { RefusalReport, type RelayRefusal, refusalText } from './refusals.ts'
import { type Replication, replicate } from './replication.ts'
import type { RelayLog } from './sharedLog.ts'
import { Subscriptions } from './subscriptions.ts'

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
  /** The log several instances share (sharedLog.ts); without it the relay is this process's */
  log?: RelayLog
}

export class Relay {
  readonly mailbox: Mailbox
  readonly budget: RelayBudget
  /** Refused publishes and connections, counted and logged */
  readonly refusals: RefusalReport
  /** Resolves once the shared log is replayed (at once without one) */
  readonly started: Promise<void>
  readonly #replication: Replication | undefined
  readonly #logger: Logger | undefined
  readonly #now: () => number
  readonly #idleClientMs: number
  readonly #clients = new Map<string, ClientState>()
  /** Topic → the clients subscribed to it */
  readonly #subscriptions: Subscriptions
  readonly #delivery: Delivery
  readonly #methods: RelayMethods
  readonly #connections = new Set<Connection>()
  readonly #timers: NodeJS.Timeout[] = []
  #closed = false

  constructor(options: RelayOptions = {}) {
    this.#logger = options.logger
    this.#now = options.now ?? Date.now
    this.#idleClientMs = options.idleClientMs ?? RELAY_IDLE_CLIENT_MS
    this.budget = new RelayBudget(options.limits, this.#now)
    this.refusals = new RefusalReport(this.#logger, this.#now)
    this.mailbox = new Mailbox({
      ...options.mailbox,
      now: this.#now,
      onRemove: (stored) => this.budget.release(stored),
    })
    this.#subscriptions = new Subscriptions(
      this.budget,
      options.maxTopicsPerClient ?? RELAY_MAX_TOPICS_PER_CLIENT,
      (conn, refusal) => this.#refuse(conn, refusal),
    )
    this.#delivery = new Delivery(
      this.mailbox,
      this.#subscriptions,
      options.maxFetchMessages ?? RELAY_MAX_FETCH_MESSAGES,
      this.#logger,
    )
    const replication =
      options.log &&
      replicate(options.log, {
        mailbox: this.mailbox,
        budget: this.budget,
        subscriptions: this.#subscriptions,
        delivery: this.#delivery,
        logger: this.#logger,
      })
    this.started = replication?.started ?? Promise.resolve()
    this.#replication = replication
    const publishing: PublishingDeps = {
      mailbox: this.mailbox,
      budget: this.budget,
      subscriptions: this.#subscriptions,
      refuse: (conn, refusal) => this.#refuse(conn, refusal),
      offer: (stored) => this.#delivery.offer(stored),
      share: replication?.share,
    }
    this.#methods = relayMethods({
      subscribe: (conn, topics, dryRun) => this.#subscriptions.subscribe(conn, topics, dryRun),
      unsubscribe: (conn, topic) => this.#subscriptions.unsubscribe(conn, topic),
      publish: (conn, inputs) => publish(publishing, conn, inputs),
      fetch: (conn, topics) => this.#delivery.fetch(conn, topics),
      pump: (client, topic) => this.#pump(client, topic),
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
    let outcome: Outcome
    try {
      const frame = parseFrame(text)
      if (frame.kind === 'invalid') {
        this.#send(conn, frame.reply)
        return
      }
      if (frame.kind === 'response') {
        this.#delivery.acknowledge(conn, frame.id)
        return
      }
      idText = frame.idText
      outcome = dispatch(this.#methods, conn, frame.method, frame.params)
    } catch (error) {
      this.#logger?.error({ err: error, clientId: conn.clientId }, 'relay frame failed')
      outcome = {
        error: { code: JSON_RPC_ERROR_CODES.internalError, message: relayInternalError },
      }
    }
    answerCall(conn, idText, outcome, this.#logger)
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
      for (const topic of client.topics.keys()) this.#delivery.pump(client, topic)
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
        for (const topic of client.topics.keys()) this.#subscriptions.remove(client, topic)
        this.#clients.delete(client.id)
      }
    }
  }

  /**
   * Stops the timers and closes every socket with 1012 (Service Restart), so clients reconnect,
   * to another instance or to this one restarted; one that does not answer is cut.
   */
  close(): Promise<void> {
    this.#closed = true
    for (const timer of this.#timers) clearInterval(timer)
    for (const conn of [...this.#connections]) {
      closeForRestart(conn.socket)
      this.disconnect(conn)
    }
    return this.#replication?.close() ?? Promise.resolve()
  }

  /** What `client` has not had on `topic`, once this instance knows all the others do. */
  #pump(client: ClientState, topic: string): void {
    const deliver = () => this.#delivery.pump(client, topic)
    if (this.#replication) this.#replication.whenCaughtUp(deliver)
    else deliver()
  }

  /** Reports a refused call and answers the error naming the limit. */
  #refuse(conn: Connection, refusal: Exclude<RelayRefusal, 'connections'>): Outcome {
    this.refusals.report(refusal, { clientId: conn.clientId, address: conn.address })
    const caps = {
      maxMessagesPerTopic: this.mailbox.maxMessagesPerTopic,
      maxTopicsPerClient: this.#subscriptions.maxTopics,
    }
    return limitError(refusalText(refusal, this.budget.limits, caps))
  }

  #send(conn: Connection, frame: string, written?: (ok: boolean) => void): void {
    sendFrame(conn, frame, written, this.#logger)
  }
}
