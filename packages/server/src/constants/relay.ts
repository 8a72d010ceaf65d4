// The WalletConnect relay's constants (re-exported by ../constants.ts).
// ---- WalletConnect relay (docs/architecture.md "Real stand-ins": the server's relay endpoint, irn_*) ----
// Facts about the protocol are from @walletconnect/core and @walletconnect/sign-client 2.25.

/** docs/architecture.md "The local stack": the relay shares the server's port; the path is ours */
export const RELAY_PATH = '/relay'
/**
 * WalletConnect core's relayer drops a Node socket that hears no ping for 35 s (its
 * heartBeatTimeout); we ping every 20 s and terminate a socket that missed the previous pong.
 */
export const RELAY_PING_INTERVAL_MS = 20_000
/** Ours: the largest WebSocket frame read; a bigger one closes the socket (code 1009) */
export const RELAY_MAX_FRAME_BYTES = 512 * 1024
/** Ours: the longest `message` (a base64 envelope, a few KB in practice) */
export const RELAY_MAX_MESSAGE_LENGTH = 64 * 1024
/** Ours: the longest `attestation` (a Verify API JWT of a few hundred characters) */
export const RELAY_MAX_ATTESTATION_LENGTH = 4 * 1024
/** Ours: the longest topic (WalletConnect topics are 64 hex characters) */
export const RELAY_MAX_TOPIC_LENGTH = 256
/** Ours: topics one client (JWT `iss`) may be subscribed to at once */
export const RELAY_MAX_TOPICS_PER_CLIENT = 1_000
/** Ours: topic subscriptions held by the clients of one address (IPv4, or IPv6 /64): ten full clients */
export const RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS = 10_000
/** Ours: messages kept per topic until their TTL passes */
export const RELAY_MAX_MESSAGES_PER_TOPIC = 1_000
/** Ours: messages kept in the whole mailbox */
export const RELAY_MAX_STORED_MESSAGES = 100_000
/** Ours: bytes kept in the whole mailbox (message + attestation + topic + overhead, all clients) */
export const RELAY_MAX_STORED_BYTES = 256 * 1024 * 1024
/** Ours: what one stored message costs besides its texts (object, sets, map entry), in bytes */
export const RELAY_STORED_MESSAGE_OVERHEAD_BYTES = 512
/** Ours: bytes one client (JWT `iss`) may have kept at once: ~1,000 WalletConnect envelopes */
export const RELAY_MAX_STORED_BYTES_PER_CLIENT = 4 * 1024 * 1024
/** Ours: bytes one address (IPv4, or IPv6 /64) may have kept: 8 full clients; 8 fill the mailbox */
export const RELAY_MAX_STORED_BYTES_PER_ADDRESS = 32 * 1024 * 1024
/** A token bucket: `burst` publishes at once, refilled `perSecond` */
export interface RelayPublishRate {
  burst: number
  perSecond: number
}
/** Ours: publishes per client: a token bucket of 50 (a reconnect's queue) refilled 10 a second */
export const RELAY_CLIENT_PUBLISH_RATE: RelayPublishRate = { burst: 50, perSecond: 10 }
/** Ours: publishes per address: ten busy clients behind one NAT */
export const RELAY_ADDRESS_PUBLISH_RATE: RelayPublishRate = { burst: 500, perSecond: 100 }
/** Ours: open relay sockets per address (IPv4, or IPv6 /64), upgrades being checked included */
export const RELAY_MAX_CONNECTIONS_PER_ADDRESS = 100
/** Ours: the TTL cap of a message on a topic no client but its sender subscribes to */
export const RELAY_UNSUBSCRIBED_TTL_SECONDS = 300
/** Ours: a full mailbox sweeps on demand at most this often (periodic sweeps aside) */
export const RELAY_FULL_SWEEP_MIN_INTERVAL_MS = 1_000
/** Ours: a refused publish or connection is logged at most once per reason this often (all counted) */
export const RELAY_REFUSAL_LOG_INTERVAL_MS = 10_000
/** Ours: messages in one irn_batchFetchMessages answer (`hasMore` tells there are more) */
export const RELAY_MAX_FETCH_MESSAGES = 500
/** The longest TTL WalletConnect 2.25 publishes with is one day (wc_sessionUpdate, …); we cap there */
export const RELAY_MAX_TTL_SECONDS = 86_400
/** sign-client's publishCustom default TTL (five minutes), for wc_proposeSession/wc_approveSession */
export const RELAY_DEFAULT_TTL_SECONDS = 300
/** Ours: how often expired messages and forgotten clients are swept */
export const RELAY_SWEEP_INTERVAL_MS = 60_000
/** Ours: a disconnected client's subscriptions are kept this long for its return */
export const RELAY_IDLE_CLIENT_MS = RELAY_MAX_TTL_SECONDS * 1000
/** Ours: how long a project id's lookup is cached by the relay's upgrade check */
export const RELAY_PROJECT_CACHE_MS = 60_000
/** Ours: how far ahead a client's clock may be before its relay JWT is 'not yet valid' */
export const RELAY_JWT_CLOCK_SKEW_S = 60
/** relay-auth signs for one day (@walletconnect/core's signJWT); a longer `exp - now` is refused */
export const RELAY_JWT_MAX_LIFETIME_S = 86_400
/**
 * The WebSocket close code of a refused relay connection: WalletConnect's JSON-RPC provider turns
 * 3000 (and only it) into an error event carrying the close reason, which the modal reads.
 */
export const RELAY_REFUSAL_CLOSE_CODE = 3000
/** sign-client ENGINE_RPC_OPTS tags: wc_sessionPropose request / response, wc_sessionSettle request */
export const RELAY_TAG_SESSION_PROPOSE = 1100
export const RELAY_TAG_SESSION_PROPOSE_RESPONSE = 1101
export const RELAY_TAG_SESSION_SETTLE = 1102
/** JSON-RPC 2.0 §5.1 error codes; -32000 (server error range) is ours for the relay's limits */
export const JSON_RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  limitExceeded: -32000,
} as const

/** Ours: the Redis stream in which the relay instances share their mailbox (relay/sharedLog.ts) */
export const RELAY_LOG_KEY = 'latchkey:relay:log'
/** Ours: entries one read of the shared log takes at most (applied in one go: it bounds a stall) */
export const RELAY_LOG_READ_COUNT = 200
/** Ours: how long one blocking read of the shared log waits for news before asking again */
export const RELAY_LOG_BLOCK_MS = 5_000
/** Ours: how long the log's reader waits before asking again after Redis failed it */
export const RELAY_LOG_RETRY_MS = 250
