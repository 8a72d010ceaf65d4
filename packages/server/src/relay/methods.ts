// The relay's JSON-RPC methods: irn_* of @walletconnect/relay-api, plus the wc_proposeSession /
// wc_approveSession shortcuts a sign client publishes with. Each answers an Outcome over the
// relay's operations; parsing and dispatch are the relay's (relay.ts).
import {
  JSON_RPC_ERROR_CODES,
  RELAY_DEFAULT_TTL_SECONDS,
  RELAY_TAG_SESSION_PROPOSE,
  RELAY_TAG_SESSION_PROPOSE_RESPONSE,
  RELAY_TAG_SESSION_SETTLE,
} from '../constants/relay.ts'
import { relayInvalidParams, relayMethodNotFound } from '../errors/relay.ts'
import type { ClientState, Connection, Outcome } from './connection.ts'
import type { PublishInput } from './message.ts'
import {
  describeParamsError,
  isRelayMethod,
  type PublishParams,
  RELAY_PARAMS,
  type RelayMethod,
  type RelayParams,
} from './params.ts'

export interface RelayOperations {
  subscribe(conn: Connection, topics: string[], dryRun?: boolean): string[] | Outcome
  unsubscribe(conn: Connection, topic: string): void
  publish(conn: Connection, inputs: PublishInput[]): Outcome
  fetch(conn: Connection, topics: string[]): Outcome
  pump(client: ClientState, topic: string): void
}

export type RelayMethods = {
  [M in RelayMethod]: (conn: Connection, params: RelayParams<M>) => Outcome
}

/** What irn_publish's params store: a message from this socket's client */
function publishInput(conn: Connection, params: PublishParams): PublishInput {
  return {
    topic: params.topic,
    message: params.message,
    ttl: params.ttl,
    tag: params.tag ?? 0,
    attestation: params.attestation ?? undefined,
    sender: conn.clientId,
  }
}

export function relayMethods(ops: RelayOperations): RelayMethods {
  return {
    irn_subscribe: (conn, { topic }) => {
      const ids = ops.subscribe(conn, [topic])
      if (!Array.isArray(ids)) return ids
      return { result: ids[0], after: () => ops.pump(conn.client, topic) }
    },
    irn_batchSubscribe: (conn, { topics }) => {
      const ids = ops.subscribe(conn, topics)
      if (!Array.isArray(ids)) return ids
      return {
        result: ids,
        after: () => {
          for (const topic of new Set(topics)) ops.pump(conn.client, topic)
        },
      }
    },
    irn_unsubscribe: (conn, { topic }) => {
      ops.unsubscribe(conn, topic)
      return { result: true }
    },
    irn_batchUnsubscribe: (conn, { subscriptions }) => {
      for (const { topic } of subscriptions) ops.unsubscribe(conn, topic)
      return { result: true }
    },
    irn_publish: (conn, params) => ops.publish(conn, [publishInput(conn, params)]),
    irn_batchPublish: (conn, { messages }) =>
      ops.publish(
        conn,
        messages.map((params) => publishInput(conn, params)),
      ),
    irn_batchFetchMessages: (conn, { topics }) => ops.fetch(conn, topics),
    wc_proposeSession: (conn, params) => {
      // The dapp created the pairing with skipSubscribe: the relay subscribes it, so the
      // wallet's answer (tag 1101) reaches it.
      const refused = ops.subscribe(conn, [params.pairingTopic], true)
      if (!Array.isArray(refused)) return refused
      const outcome = ops.publish(conn, [
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
      ops.subscribe(conn, [params.pairingTopic])
      return {
        ...outcome,
        after: () => {
          outcome.after?.()
          ops.pump(conn.client, params.pairingTopic)
        },
      }
    },
    wc_approveSession: (conn, params) => {
      // The wallet subscribed the session topic with skipSubscribe: the relay subscribes it.
      const refused = ops.subscribe(conn, [params.sessionTopic], true)
      if (!Array.isArray(refused)) return refused
      const ttl = params.ttl ?? RELAY_DEFAULT_TTL_SECONDS
      const outcome = ops.publish(conn, [
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
      ops.subscribe(conn, [params.sessionTopic])
      return {
        ...outcome,
        after: () => {
          outcome.after?.()
          ops.pump(conn.client, params.sessionTopic)
        },
      }
    },
  }
}

/** A call's outcome: an unknown method and bad params are refused with what is wrong. */
export function dispatch(
  methods: RelayMethods,
  conn: Connection,
  method: string,
  params: unknown,
): Outcome {
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
  return methods[method](conn, parsed.data as never)
}
