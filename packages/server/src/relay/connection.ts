// One client identity and its sockets, as the relay's parts see them, and what a call answers.
import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import { JSON_RPC_ERROR_CODES } from '../constants/relay.ts'
import { RELAY_CLOSE_GRACE_MS, RELAY_RESTART_CLOSE_CODE } from '../constants.ts'
import type { JsonRpcErrorObject } from '../errors/relay.ts'
import type { StoredMessage } from './message.ts'

/** What the relay needs of a socket; a `ws` WebSocket is one. */
export interface RelaySocket {
  /** 1 is open (WebSocket.OPEN) */
  readonly readyState: number
  send(data: string, callback: (error?: Error) => void): void
  ping(): void
  terminate(): void
  /** A closing handshake with a code (ws sockets have it; test sockets may not) */
  close?(code: number, reason: string): void
}

export const OPEN = 1

export interface ClientState {
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

export interface Connection extends RelayConnection {
  readonly client: ClientState
  open: boolean
  /** Answered the last ping (or has not been pinged yet) */
  alive: boolean
  /** Our irn_subscription request id → the message it carries, until the client answers */
  readonly inFlight: Map<number, StoredMessage>
  /** Topics subscribed through this socket (a client's socket gets its own topics first) */
  readonly topics: Set<string>
}

export type Outcome =
  | {
      result: unknown
      /** Runs once the answer is written (ok) or failed to be (not ok) */
      written?: (ok: boolean) => void
      /** Runs after the answer is queued: deliveries the call caused */
      after?: () => void
      /** The answer waits for it (a message shared with the other instances); failing, it is an error */
      ready?: Promise<void>
    }
  | { error: JsonRpcErrorObject }

export const limitError = (message: string): Outcome => ({
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

/** Writes `frame` if the socket is open; `written` learns whether it was. */
export function sendFrame(
  conn: Connection,
  frame: string,
  written: ((ok: boolean) => void) | undefined,
  logger: Logger | undefined,
): void {
  if (!conn.open || conn.socket.readyState !== OPEN) {
    written?.(false)
    return
  }
  try {
    conn.socket.send(frame, (error) => written?.(!error))
  } catch (error) {
    logger?.debug({ err: error, clientId: conn.clientId }, 'relay send failed')
    written?.(false)
  }
}

/** The wire shape of a stored message (irn_subscription data, irn_batchFetchMessages entries) */
export function messageData(stored: StoredMessage) {
  return {
    topic: stored.topic,
    message: stored.message,
    publishedAt: stored.publishedAt,
    tag: stored.tag,
    ...(stored.attestation !== undefined && { attestation: stored.attestation }),
  }
}

/** 1012 Service Restart, so the client reconnects; one that does not answer the close is cut */
export function closeForRestart(socket: RelaySocket): void {
  if (!socket.close) {
    socket.terminate()
    return
  }
  socket.close(RELAY_RESTART_CLOSE_CODE, 'server restarting')
  setTimeout(() => socket.terminate(), RELAY_CLOSE_GRACE_MS).unref()
}
