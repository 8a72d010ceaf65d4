// The WalletConnect relay's refusals (a part of the catalogue errors.ts re-exports).

import { ErrorText } from '@latchkey/core/shared'
import type { ErrorBody } from './body.ts'

// ---- WalletConnect relay (docs/architecture.md "Real stand-ins": the server's relay endpoint) ----

/** Why a relay connection's auth JWT was refused (the relay-auth JWT of @walletconnect/relay-auth) */
export type RelayAuthRefusal =
  | 'missing'
  | 'malformed'
  | 'unsupported-header'
  | 'invalid-issuer'
  | 'invalid-signature'
  | 'expired'
  | 'audience-mismatch'
  | 'not-yet-valid'
  | 'lifetime-too-long'

/** Ours: the reason texts of a refused relay JWT */
export const RELAY_AUTH_REFUSALS: Readonly<Record<RelayAuthRefusal, string>> = {
  missing: "the 'auth' query parameter is missing",
  malformed: 'the JWT is not three base64url JSON parts',
  'unsupported-header': "the JWT header must be { alg: 'EdDSA', typ: 'JWT' }",
  'invalid-issuer': "'iss' is not an Ed25519 did:key",
  'invalid-signature': "the signature does not match 'iss'",
  expired: "'exp' has passed",
  'audience-mismatch': "'aud' is not this relay's URL",
  'not-yet-valid': "'iat' is in the future: the client's clock runs ahead",
  'lifetime-too-long': "'exp' is more than a day away",
}

/** Ours: a relay upgrade refused for its JWT (HTTP 401) */
export function relayAuthFailed(reason: RelayAuthRefusal): ErrorBody {
  return { error: `Relay authentication failed: ${RELAY_AUTH_REFUSALS[reason]}` }
}

/**
 * §8 Provider texts: refusals the relay sends after the upgrade, as a WebSocket close with code
 * RELAY_REFUSAL_CLOSE_CODE and the text as reason, because a browser cannot read an upgrade's
 * HTTP error body. The client raises the matching setup alert (APKT006, APKT007, APKT002).
 */
export const relayRefusals = {
  notYetValid: ErrorText.providerJwtNotYetValid,
  invalidKey: ErrorText.providerInvalidKey,
  originNotAllowed: ErrorText.providerOriginNotAllowed,
} as const

/** A JSON-RPC 2.0 error object (JSON-RPC 2.0 §5.1) */
export interface JsonRpcErrorObject {
  code: number
  message: string
}

/** JSON-RPC 2.0 §5.1 -32700: the frame is not JSON */
export const relayParseError = 'Parse error: the frame is not valid JSON'
/** JSON-RPC 2.0 §5.1 -32600: JSON, but not a request or response */
export const relayInvalidRequest =
  "Invalid request: expected a JSON-RPC 2.0 object with 'method' and 'id'"
/** JSON-RPC 2.0 §5.1 -32601 */
export function relayMethodNotFound(method: string): string {
  return `Method not found: ${method.slice(0, 64)}`
}
/** JSON-RPC 2.0 §5.1 -32602: names the parameter at fault, like the HTTP routes' 400s */
export function relayInvalidParams(method: string, detail: string): string {
  return `Invalid params for ${method}: ${detail}`
}
/** Ours (-32000): RELAY_MAX_TOPICS_PER_CLIENT */
export function relayTooManyTopics(limit: number): string {
  return `Too many subscriptions: a client may hold at most ${limit} topics`
}
/** Ours (-32000): RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS */
export function relayTooManySubscriptions(limit: number): string {
  return `Too many subscriptions: the clients of one address may hold at most ${limit} topics`
}
/** Ours (-32000): RELAY_MAX_MESSAGES_PER_TOPIC */
export function relayTopicFull(limit: number): string {
  return `Mailbox full: a topic holds at most ${limit} messages until they expire`
}
/** Ours (-32000): RELAY_MAX_STORED_MESSAGES */
export const relayMailboxFull = 'Mailbox full: the relay holds too many messages, try again later'
/** Ours (-32000): RELAY_MAX_STORED_BYTES */
export const relayStorageFull = 'Mailbox full: the relay holds too many bytes, try again later'
/** Ours (-32000): RELAY_MAX_STORED_BYTES_PER_CLIENT / _PER_ADDRESS */
export function relayQuotaFull(who: 'client' | 'address', limitBytes: number): string {
  const kib = Math.floor(limitBytes / 1024)
  return `Mailbox full: one ${who} may keep at most ${kib} KiB of messages until they expire`
}
/** Ours (-32000): RELAY_CLIENT_PUBLISH_RATE / RELAY_ADDRESS_PUBLISH_RATE */
export function relayPublishRate(who: 'client' | 'address', burst: number, perSecond: number) {
  return `Too many publishes: one ${who} may publish ${burst} at once, then ${perSecond} a second`
}
/** Ours (JSON-RPC -32602 detail): RELAY_MAX_ATTESTATION_LENGTH */
export function relayAttestationTooLong(limit: number): string {
  return `An attestation is at most ${limit} characters`
}
/** Ours (HTTP 429): RELAY_MAX_CONNECTIONS_PER_ADDRESS */
export function relayTooManyConnections(limit: number): ErrorBody {
  return { error: `Too many relay connections: at most ${limit} from one address` }
}
/** docs/architecture.md "The local stack": the last resort for our own bugs (JSON-RPC -32603) */
export const relayInternalError = 'Internal error'
