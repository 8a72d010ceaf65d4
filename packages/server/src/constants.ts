// The server's constants (each feature's own in constants/, re-exported at the end). "§N" cites the rules as docs/conformance.md restates them; the
// architecture is docs/architecture.md. Values marked "ours" are not in the rules.

import { SEARCH_RESULTS_MAX, WALLET_PAGE_SIZE } from '@latchkey/core/shared'

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
/**
 * How long a server waits for another one on the same machine to let go of the PGlite directory
 * (Ctrl+C, then `npm start` again: the first is still stopping its chains) before refusing
 */
export const PGLITE_LOCK_WAIT_MS = 15_000

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
/** Ours: an id's image changes only with an icon package's version (the ETag then moves) */
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
