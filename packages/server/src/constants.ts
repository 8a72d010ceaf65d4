// The server's constants. "§N" cites the rules as docs/conformance.md restates them; the
// architecture is docs/architecture.md. Values marked "ours" are not in the rules.

import {
  EMAIL_LOGIN_COOLDOWN_MS,
  SEARCH_RESULTS_MAX,
  WALLET_PAGE_SIZE,
} from '@latchkey/core/shared'

// ---- Local stack (docs/architecture.md "The local stack") ----

/** docs/architecture.md "The local stack": server port 8787, env SERVER_PORT */
export const DEFAULT_SERVER_PORT = 8787
/** docs/architecture.md "The local stack": everything listens on 127.0.0.1 */
export const DEFAULT_SERVER_HOST = '127.0.0.1'
/** docs/architecture.md "The local stack": demo page port 5173, env DEMO_PORT */
export const DEFAULT_DEMO_PORT = 5173
/** docs/architecture.md "The local stack": embedded-wallet frame site port 5174, env FRAME_PORT */
export const DEFAULT_FRAME_PORT = 5174
/** docs/architecture.md "The local stack": the seeded demo project's id, env LATCHKEY_PROJECT_ID */
export const DEMO_PROJECT_ID = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
export const DEMO_PROJECT_NAME = 'Latchkey demo'
/** docs/architecture.md "The local stack": PGlite data directory under .data/, relative to the repo root */
export const DEFAULT_PGLITE_DIR = '.data/pglite'
/** In the PGlite data directory while a server has it open: `{ pid, host }` of that server */
export const PGLITE_LOCK_FILE = 'latchkey.lock'

// ---- Query parameters (§7 Wallet/config service) ----

/** §7 projectId, st, sv on every call; the 64-character cap is ours */
export const MAX_COMMON_PARAM_LENGTH = 64
/** §2 Wallet list: pages of 40 */
export const DEFAULT_WALLET_ENTRIES = WALLET_PAGE_SIZE
/** §2 Search returns up to 100: also the largest page we serve */
export const MAX_WALLET_ENTRIES = SEARCH_RESULTS_MAX
/** Ours: keeps OFFSET far below 2^53 and any real directory */
export const MAX_WALLET_PAGE = 1_000_000
/** §7 getWallets search; the 100-character cap is ours */
export const MAX_SEARCH_LENGTH = 100
/** §7 getWallets comma lists (include, exclude, names, rdns, chains); the caps are ours */
export const MAX_LIST_ITEMS = 500
export const MAX_LIST_ITEM_LENGTH = 256

// ---- Directory (docs/architecture.md "Real stand-ins": the directory seeded with real wallets) ----

/** Ours: the generated directory's seed, so every instance builds the same 10,000 wallets */
export const DIRECTORY_SEED = 20_240_601
/** Ours: generated wallets rank after every real wallet */
export const GENERATED_RANK_BASE = 100_000

// ---- Images (§7 image blobs) ----

/** Ours: image ids are short tokens; anything else cannot name an image */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/
/** Ours: generated images never change for an id */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable'
/** Ours: served SVGs load and run nothing (their inline styles aside) */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"

// ---- Rate limits (§7 HTTP 429 -> RATE_LIMITED, §8 APKT010) ----

export interface RateLimitWindow {
  limit: number
  windowMs: number
}

/** Ours: per client address; per instance, so N instances allow N times as many */
export const DEFAULT_ADDRESS_RATE_LIMIT: RateLimitWindow = { limit: 300, windowMs: 10_000 }
/**
 * Ours: per project, a ceiling far above any address's: a few clients must not lock every
 * visitor of a project out; per instance, like the address limit
 */
export const DEFAULT_PROJECT_RATE_LIMIT: RateLimitWindow = { limit: 50_000, windowMs: 10_000 }
/** Ours: sign-in attempts (email, code, social, Telegram, email change) per client address */
export const DEFAULT_AUTH_ADDRESS_RATE_LIMIT: RateLimitWindow = { limit: 60, windowMs: 60_000 }
/** Ours: login and email-change mails asked for one address, whoever asks */
export const DEFAULT_AUTH_EMAIL_RATE_LIMIT: RateLimitWindow = { limit: 10, windowMs: 3_600_000 }
/** Ours: keys kept before stale windows are swept */
export const RATE_LIMIT_SWEEP_THRESHOLD = 10_000

// ---- CORS ----

/** Ours: how long a browser may cache a preflight answer */
export const PREFLIGHT_MAX_AGE_SECONDS = 600

// ---- Blockchain data API (§7 Blockchain data API, §9 cache lifetimes) ----

/** §9 portfolio and native balance caches: 30 s */
export const BALANCE_CACHE_MS = 30_000
/** Ours: history page size */
export const HISTORY_PAGE_SIZE = 20
/** Ours: how often the indexer asks a node for its head block */
export const INDEXER_POLL_MS = 500
/** Ours: blocks the indexer reads per step while catching up */
export const INDEXER_BATCH_BLOCKS = 100
/** Ours: largest JSON-RPC body the gateway forwards */
export const RPC_MAX_BODY_BYTES = 1024 * 1024
/** Ours: largest body any other route reads (a larger one is refused before it is buffered) */
export const MAX_BODY_BYTES = 64 * 1024
/** Ours: deepest nesting of objects and arrays a JSON body may have */
export const MAX_JSON_DEPTH = 32
/** Ours: how long a client may take to send a request's headers, then its whole request */
export const SERVER_HEADERS_TIMEOUT_MS = 10_000
export const SERVER_REQUEST_TIMEOUT_MS = 30_000
/** Ours: how often Node checks those two timeouts */
export const SERVER_TIMEOUT_CHECK_MS = 5_000
/** Ours: how long the gateway waits for a node */
export const RPC_UPSTREAM_TIMEOUT_MS = 15_000
/** Ours: the stand-in address of a chain's native coin in CAIP-10 price lookups (as AppKit does) */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** Ours: the only fiat currency the price table holds */
export const SUPPORTED_CURRENCIES = ['usd'] as const

/**
 * docs/architecture.md "The local stack": the devnet's ERC-20 tokens (@latchkey/devnet DEVNET_TOKENS; deployed by
 * account 0 with nonces 0 and 1, so the same addresses on every devnet chain). Seeded into
 * `tokens` for every configured chain; tokens.test.ts checks they match the devnet's.
 */
export const KNOWN_TOKENS = [
  {
    symbol: 'lUSD',
    name: 'Latchkey USD',
    decimals: 6,
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  },
  {
    symbol: 'LKT',
    name: 'Latchkey Token',
    decimals: 18,
    address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  },
] as const

/**
 * Local stand-in for a price source: USD prices seeded into the `prices` table for every
 * configured EVM chain and into `solana_prices` for every Solana chain. Native ETH 3000,
 * native SOL 150, lUSD 1 (the ERC-20 and the SPL token alike), LKT 2.5 (by token symbol; 'ETH'
 * and 'SOL' are the native coins).
 */
export const SEEDED_USD_PRICES: Readonly<Record<string, number>> = {
  ETH: 3000,
  SOL: 150,
  lUSD: 1,
  LKT: 2.5,
}

// ---- Solana (the data API's Solana chains) ----

/**
 * AppKit's stand-in address of native SOL (appkit-common ConstantsUtil.SOLANA_NATIVE_TOKEN_ADDRESS,
 * like 0xeeee…eeee for EVM): SOL's key in `solana_prices`.
 */
export const SOLANA_NATIVE_TOKEN_ADDRESS = 'So11111111111111111111111111111111111111111'
/** The SPL Token program and Token-2022 (their well-known addresses): token accounts live there */
export const SPL_TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const
/**
 * docs/architecture.md "The local stack": the Solana devnet's SPL token (@latchkey/devnet SOLANA_TOKEN_SPEC, mint
 * SOLANA_MINT_KEYPAIR.address): the default tokens of a configured Solana chain;
 * solana.test.ts checks they match the devnet's.
 */
export const KNOWN_SOLANA_TOKENS = [
  {
    mint: '5FP8XhThPWWLbeQPCYGgXvSf4ft6xjMHMmmvt1WKVZbp',
    symbol: 'lUSD',
    name: 'Latchkey USD',
    decimals: 6,
  },
] as const

/**
 * §6 "safe" RPC methods the gateway forwards: read-only eth_* calls plus eth_sendRawTransaction
 * (already signed). Everything else (signing, eth_sendTransaction, wallet_*) is refused.
 */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getBlockReceipts',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_syncing',
  'eth_sendRawTransaction',
  'net_version',
  'net_listening',
  'web3_clientVersion',
])
/** §6 disallowed call message; the code is EIP-1193's 4200 (unsupported method) */
export const RPC_NOT_ALLOWED = { code: 4200, message: 'Requested RPC call is not allowed' }

// ---- Sign-In with X (issue 7; spec §3 "Sign-in message", §4 "Sign-in (SIWX)") ----

/** Ours: how long an issued nonce may be signed and used (once) */
export const SIWX_NONCE_TTL_MS = 5 * 60_000
/** Ours: nonce length; EIP-4361 asks for at least 8 alphanumeric characters */
export const SIWX_NONCE_LENGTH = 24
export const SIWX_NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Ours: expired nonces are deleted this long after they expire (a later use is then "unknown") */
export const SIWX_NONCE_RETENTION_MS = 60 * 60_000
/** Ours: how far a client's clock may run ahead (issuedAt, notBefore) */
export const SIWX_CLOCK_SKEW_MS = 60_000
/** Ours: caps on a sign-in request */
export const SIWX_MAX_MESSAGE_LENGTH = 16 * 1024
export const SIWX_MAX_FIELD_LENGTH = 2048
export const SIWX_MAX_RESOURCES = 64
/** Ours: the most sessions one account lists (newest first) */
export const SIWX_MAX_SESSIONS_LISTED = 100
/** Ours: how long a SIWX access JWT is good for (never past its session's expiry) */
export const SIWX_ACCESS_TOKEN_TTL_MS = 15 * 60_000
/** Ours: a refresh token's random bytes (only its SHA-256 is stored) */
export const SIWX_REFRESH_TOKEN_BYTES = 32
/** Ours: a refresh token family's lifetime when the signed message has no expirationTime */
export const SIWX_REFRESH_MAX_LIFETIME_MS = 30 * 24 * 60 * 60_000
/** Ours: expired refresh tokens are deleted this long after they expire */
export const SIWX_REFRESH_RETENTION_MS = 24 * 60 * 60_000
/** RFC 7518 §3.4: ECDSA P-256 with SHA-256, which every JWT library verifies */
export const SIWX_SIGNING_ALG = 'ES256'
/** Ours: how long an app's backend may cache /.well-known/jwks.json */
export const SIWX_JWKS_MAX_AGE_SECONDS = 300
/** Ours: the access JWTs' `iss` when the app is run without a public URL (in-process) */
export const SIWX_FALLBACK_ISSUER = 'urn:latchkey:server'

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

// ---- Embedded-wallet auth (spec §3 "Embedded-wallet user", §4 "Email login", §5, §9) ----
// The HTTP contract is the README's "Embedded-wallet auth"; values marked "ours" are not in the spec.

/** §4, §9 Email login cooldown 30 s (also for an email change, per current address) */
export const AUTH_EMAIL_COOLDOWN_MS = EMAIL_LOGIN_COOLDOWN_MS
/** Ours: a one-time code has 6 digits */
export const AUTH_OTP_DIGITS = 6
/** Ours: a one-time code is valid 10 minutes */
export const AUTH_OTP_TTL_MS = 10 * 60_000
/** Ours: the 5th wrong code locks the challenge */
export const AUTH_OTP_MAX_ATTEMPTS = 5
/** Ours: a device-approval link is valid 10 minutes from its mail, and approves once */
export const AUTH_DEVICE_APPROVAL_TTL_MS = 10 * 60_000
/** Ours: wrong login codes per email before its email login locks, per hour and per day */
export const AUTH_OTP_FAILURES_PER_HOUR = 10
export const AUTH_OTP_FAILURES_PER_DAY = 20
/** Ours: the approval page's cookie (the key of its CSRF token; SameSite=Strict) */
export const AUTH_APPROVAL_COOKIE = 'latchkey_approval'
/** Ours: a session ends after 7 days without use; each use moves its end (issue 18 #9) */
export const AUTH_SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
/** Ours: and 30 days after its sign-in, however much it is used */
export const AUTH_SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000
/** Ours: a use moves a session's end only when that gains an hour: not a write per request */
export const AUTH_SESSION_SLIDE_STEP_MS = 60 * 60_000
/** Ours: the frame re-encrypts the wallets under a new wrapping key at sign-in once it is 90 days old */
export const AUTH_WRAPPING_KEY_MAX_AGE_MS = 90 * 24 * 60 * 60_000
/** Ours: the frame has 10 minutes to commit a rotation it started; the old key serves meanwhile */
export const AUTH_WRAPPING_KEY_ROTATION_TTL_MS = 10 * 60_000
/** Ours: random bytes of a session token, a device-approval token and a wrapping key */
export const AUTH_TOKEN_BYTES = 32
/** Ours: the wallet's AES-GCM iv is 12 bytes; its ciphertext at most 4 KB */
export const AUTH_WALLET_IV_BYTES = 12
export const AUTH_WALLET_MAX_CIPHERTEXT_BYTES = 4096
/** Ours (RFC 9449 §11.1 leaves it to the server): a DPoP proof's iat within 60 s of our clock */
export const AUTH_DPOP_PROOF_WINDOW_MS = 60_000
/** Ours: the longest DPoP header read (an ES256 proof with its P-256 key is about 500 characters) */
export const AUTH_DPOP_MAX_PROOF_LENGTH = 4096
/** Ours: the longest jti taken; RFC 9449 §4.2 asks for 96 random bits at least */
export const AUTH_DPOP_MAX_JTI_LENGTH = 256
/** RFC 7518 §3.4: the frame's proofs are ECDSA P-256 with SHA-256, the only algorithm taken */
export const AUTH_DPOP_ALG = 'ES256'
/** Ours: the longest user name kept */
export const AUTH_MAX_USER_NAME_LENGTH = 64
/** Ours: the mails' sender unless `mail.from` says otherwise */
export const AUTH_DEFAULT_MAIL_FROM = 'Latchkey <login@latchkey.local>'
/** docs/architecture.md "The local stack": SMTP capture on 2525, env SMTP_PORT (SMTP_HOST for the host) */
export const DEFAULT_SMTP_PORT = 2525
/** Ours: how long the mailer waits for the SMTP server before the route answers 502 */
export const AUTH_SMTP_TIMEOUT_MS = 10_000
/** RFC 7636: a PKCE S256 challenge (the frame's, for its social login), base64url of 32 bytes */
export const AUTH_PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
/** RFC 7636: a code verifier, 43 to 128 unreserved characters */
export const AUTH_PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** Ours: a social sign-in (its state and PKCE verifier) must come back within 10 minutes */
export const AUTH_SOCIAL_STATE_TTL_MS = 10 * 60_000
/** Ours: how long the token exchange and the user read may take at the provider */
export const AUTH_SOCIAL_HTTP_TIMEOUT_MS = 10_000
/** Ours: the largest token or user answer read from a provider */
export const AUTH_SOCIAL_MAX_RESPONSE_BYTES = 64 * 1024
/** Ours: the longest popup URL POST /auth/v1/social/connect takes */
export const AUTH_SOCIAL_MAX_URI_LENGTH = 8192
/** Ours: an id_token's exp and iat may be off by this much */
export const AUTH_SOCIAL_CLOCK_SKEW_MS = 60_000
/** Ours: how old a Telegram Mini App's initData may be to log in (its auth_date), 24 h */
export const TELEGRAM_INIT_DATA_MAX_AGE_S = 86_400
/** Ours: the longest initData taken (Telegram's are well under 1 KB) */
export const TELEGRAM_INIT_DATA_MAX_LENGTH = 4096

// ---- Administration (issue 21; README "Production") ----
/** Ours: the longest project name */
export const MAX_PROJECT_NAME_LENGTH = 100
/** Ours: the most allowed origins one project lists (each is checked on every request) */
export const MAX_PROJECT_ORIGINS = 100
/** Ours: the environment variable holding the admin token that opens /admin/v1/* */
export const ADMIN_TOKEN_ENV = 'LATCHKEY_ADMIN_TOKEN'
/** Ours: an admin token shorter than this is refused at boot (it would be guessable) */
export const MIN_ADMIN_TOKEN_LENGTH = 32
/** Ours: /readyz answers 503 when the database has not answered `select 1` within this */
export const READY_CHECK_TIMEOUT_MS = 2_000
/** Ours: on shutdown, requests under way get this long to finish before their sockets are cut */
export const SHUTDOWN_GRACE_MS = 8_000
/** RFC 6455 §7.4.1 / IANA 1012 "Service Restart": relay clients are told to reconnect */
export const RELAY_RESTART_CLOSE_CODE = 1012
/** Ours: a relay client that has not answered the close frame by then is cut */
export const RELAY_CLOSE_GRACE_MS = 1_000
/** Ours: HSTS for a server whose PUBLIC_URL is https, one year (RFC 6797) */
export const HSTS_MAX_AGE_SECONDS = 31_536_000
/** Ours: search terms whose ranked matches /getWallets keeps (the oldest goes first) */
export const DIRECTORY_SEARCH_CACHE_TERMS = 1_000
/**
 * Ours: the /getWallets bodies kept by raw query string, in characters (~4 MB; a 40-wallet page
 * is ~19,000): the oldest goes first
 */
export const DIRECTORY_ANSWER_CACHE_CHARS = 4_000_000
/** Ours: warm balance answers kept by URL while their balances are cached, in characters (~2 MB) */
export const BALANCE_ANSWER_CACHE_CHARS = 2_000_000
/**
 * Ours: after a full collection the CLI's server lets its JS heap grow by this much of what
 * survived (V8's --heap-growing-percent; net/heapTuning.ts)
 */
export const SERVER_HEAP_GROWING_PERCENT = 100
/** Uniswap V2: each pool keeps 3 per mille of what goes in (UniswapV2Library.getAmountOut) */
export const SWAP_FEE_PER_MILLE = 3
/** §9: swap slippage tolerance, percent (build-transaction's default for eip155.slippage) */
export const SWAP_SLIPPAGE_PERCENT = 1
/** Ours: the most eip155.slippage may say, percent */
export const SWAP_MAX_SLIPPAGE_PERCENT = 50
/** Ours: a built swap must be mined within this long of when it was built */
export const SWAP_DEADLINE_SECONDS = 1_200
/**
 * Ours: a built swap's gas is the node's estimate plus this much. A Uniswap V2 pool writes its
 * cumulative prices only in the first trade of a new second, so an estimate made in the second of
 * the pool's last trade leaves out two storage writes (up to 44,000 gas on a young pool) and the
 * swap, mined a second later, runs out of gas. Gas not used is not paid.
 */
export const SWAP_GAS_MARGIN_PERCENT = 50
/** Ours: /v1/convert/gas-price's fast and instant prices, as multiples of eth_gasPrice */
export const GAS_PRICE_MULTIPLIERS = { standard: 1, fast: 1.2, instant: 1.5 } as const
/**
 * The devnet's exchange router (Uniswap V2, deployed by @latchkey/devnet on every local chain):
 * a chain in LOCAL_SWAP_CHAIN_IDS swaps through it unless EVM_SWAP_ROUTERS names another
 */
export const LOCAL_SWAP_ROUTER = '0x5481Cac231b1fD97B4e7E0FF2C2DE3F414DD13F3'
export const LOCAL_SWAP_CHAIN_IDS: readonly number[] = [31337, 31338]
/**
 * Ours: the stablecoins a chain's pools are priced against, first found first; the anchor keeps
 * the price table's price (swap/poolPrices.ts)
 */
export const SWAP_PRICE_ANCHORS: readonly string[] = ['lUSD', 'USDC', 'USDT', 'DAI']
/** Ours: how often /getWallets asks whether the directory changed (one primary-key read) */
export const DIRECTORY_VERSION_CHECK_MS = 1_000
/** Ours: how long an HTTP route keeps a project it looked up (an operator's change shows within it) */
export const PROJECT_CACHE_MS = 1_000
/** Ours: the advisory lock the indexers' leader holds (any fixed 64-bit key; "LKIDX" in ASCII) */
export const INDEXER_LEADER_LOCK = 0x4c4b494458
/** Ours: how often a follower tries to lead; a dead leader is replaced within about this */
export const LEADER_RETRY_MS = 1_000
/** Ours: how long the server waits for Redis at start before it gives up with the reason */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000
/** Ours: the Redis stream in which the relay instances share their mailbox (relay/sharedLog.ts) */
export const RELAY_LOG_KEY = 'latchkey:relay:log'
/** Ours: entries one read of the shared log takes at most (applied in one go: it bounds a stall) */
export const RELAY_LOG_READ_COUNT = 200
/** Ours: how long one blocking read of the shared log waits for news before asking again */
export const RELAY_LOG_BLOCK_MS = 5_000
/** Ours: how long the log's reader waits before asking again after Redis failed it */
export const RELAY_LOG_RETRY_MS = 250

// ---- Onramp (the sandbox provider; README "Buy crypto") ----

/** The ways to pay the sandbox provider takes */
export const ONRAMP_PAYMENT_METHODS = ['card', 'bank'] as const
/** §9 Fallback onramp limits, in the payment currency: card 10 to 7500; bank account 10 to 25000 */
export const ONRAMP_LIMITS = {
  card: { min: 10, max: 7500 },
  bank: { min: 10, max: 25_000 },
} as const
/** §9 Provider fee 1-2 %: ours by method, a card costs the provider more than a transfer */
export const ONRAMP_FEE_PERCENT = { card: 2, bank: 1 } as const
/**
 * Ours: the sandbox's fiat currencies at fixed rates, units per US dollar (prices are kept in USD;
 * a real provider brings its own list and rates). §9's limits count in the currency paid.
 */
export const ONRAMP_FIAT_PER_USD = { USD: 1, EUR: 0.92, GBP: 0.79 } as const
export const ONRAMP_PAYMENT_CURRENCIES = ['USD', 'EUR', 'GBP'] as const
/**
 * §1 Restricted timezones (mainland China, Hong Kong, Macau; the spec does not list them): the
 * IANA zones and their old aliases.
 */
export const ONRAMP_RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
] as const
/** Ours: an order not paid this long after its checkout URL was made cannot be paid any more */
export const ONRAMP_ORDER_TTL_MS = 30 * 60_000
/** The sandbox's test payment details (README "Buy crypto"): one card pays, one is declined */
export const ONRAMP_TEST_PAYMENTS = {
  card: '4242424242424242',
  declinedCard: '4000000000000002',
  iban: 'DE89370400440532013000',
} as const
