// Every business constant of the product's rules, each citing its section ("§N", as
// docs/conformance.md restates them). Plain values only: nothing here holds state.

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const DAY_MS = 24 * 60 * MINUTE_MS

// ---- Chain namespaces and networks ----

/** §3 Chain namespaces */
export const CHAIN_NAMESPACES = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
  'sui',
  'stacks',
] as const

/** §5 Chain namespaces the embedded wallet accepts */
export const EMBEDDED_WALLET_NAMESPACES = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
] as const

/** §5, §9 Send is supported on EVM and Solana only */
export const SEND_SUPPORTED_NAMESPACES = ['eip155', 'solana'] as const

/** §3 Account types */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const

// ---- Config defaults ----

/** §3 sdkVersion default html-wagmi-4.2.2 */
export const DEFAULT_SDK_VERSION = 'html-wagmi-4.2.2'

/** §3 sdkType: the spec gives no default; 'appkit' is our choice (AppKit compatibility) */
export const DEFAULT_SDK_TYPE = 'appkit'

/** §3 coinbasePreference default all */
export const COINBASE_PREFERENCE_DEFAULT = 'all' as const

/** §3 Theme: dark by default */
export const DEFAULT_THEME_MODE = 'dark'

/** Ours: the message table's own language, what every format falls back to (README "Languages") */
export const DEFAULT_LOCALE = 'en'

/** §1 Default socials, in the spec's order */
export const DEFAULT_SOCIALS = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const

/** §5 Social providers accepted by the embedded wallet's OAuth flow (farcaster has its own) */
export const OAUTH_SOCIAL_PROVIDERS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const

/** §5 Telegram: socials dropped per platform */
export const TELEGRAM_HIDDEN_SOCIALS = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
} as const

/**
 * §1 Default remote features: swaps, onramp, email, socials, activity.
 * §3 emailCapture is a remote feature too; it is not among the defaults, so it is off.
 */
export const DEFAULT_REMOTE_FEATURES = {
  swaps: true,
  onramp: true,
  email: true,
  socials: DEFAULT_SOCIALS,
  activity: true,
  emailCapture: false,
} as const

/** §1 Default wallet feature order */
export const DEFAULT_WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

// ---- Wallet/config service (§7) ----

/**
 * §7 Wallet/config service: "base URL not shown". Ours defaults to the local stack's server
 * (docs/architecture.md "The local stack": 127.0.0.1, port 8787); deployments pass `apiUrl`.
 */
export const DEFAULT_API_URL = 'http://127.0.0.1:8787'

/** The embedded wallet's frame site (§7 "Embedded wallet"): the local stack's, FRAME_PORT 5174 */
export const DEFAULT_FRAME_URL = 'http://127.0.0.1:5174/'

// ---- Wallet list (§2, §9) ----

/** §9 Recent wallets 2 */
export const RECENT_WALLETS_MAX = 2

/** §2 Wallet list: pages of 40 */
export const WALLET_PAGE_SIZE = 40

/** §2 Wallet list: 4 recommended */
export const RECOMMENDED_WALLETS_COUNT = 4

/** §2 Wallet list: search returns up to 100 */
export const SEARCH_RESULTS_MAX = 100

/** §2 Wallet list: rank prefetch of 20 certified */
export const CERTIFIED_PREFETCH_COUNT = 20

/** §2 Wallet list: featured default count 4 */
export const FEATURED_WALLETS_COUNT = 4

/** §2 Search text waits at least 300 ms */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * §2 "Mobile hides wallets lacking mobile or web-app links unless they are in a built-in
 * list"; the list's contents are not shown. Ours: the wallets whose in-app browser opens a page
 * through a universal-link pattern we know (Coinbase Wallet go.cb-w.com/dapp, Phantom
 * phantom.app/ul/browse, Solflare solflare.com/ul/v1/browse), so the modal can send a phone
 * there even when the directory entry has no mobile link. Ids as in our directory (server seed).
 */
export const MOBILE_ALWAYS_SHOWN_WALLET_IDS = ['coinbase', 'phantom', 'solflare'] as const

// ---- Modal, router, toast ----

/** §4 Modal: a shake flag lasts 500 ms */
export const MODAL_SHAKE_MS = 500

/** §2 Going back from ConnectingFarcaster resyncs dapp data after 100 ms */
export const FARCASTER_BACK_RESYNC_DELAY_MS = 100

/** §4 Toast: the open one closes, then after 150 ms the new message shows */
export const TOAST_SWAP_DELAY_MS = 150

/** §3 Toast autoClose: the spec gives no duration; 2200 ms is our own choice */
export const TOAST_AUTO_CLOSE_MS = 2200

// ---- Caches and retries (§9) ----

/** §9 Cache lifetimes */
export const CACHE_TTL_MS = {
  portfolio: 30 * SECOND_MS,
  nativeBalance: 30 * SECOND_MS,
  name: 5 * MINUTE_MS,
  identity: 5 * MINUTE_MS,
  transactions: 15 * SECOND_MS,
  tokenPrice: 15 * SECOND_MS,
  latestKitVersion: 7 * DAY_MS,
} as const

/** §9 Balance retry at most once per 30 s */
export const BALANCE_RETRY_MS = 30 * SECOND_MS

/** §9 Image preload timeout 2 s */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2 * SECOND_MS

/** §9 Pending transactions limit 99 */
export const PENDING_TRANSACTIONS_LIMIT = 99

/** §5 Balance display is floored to 3 decimals */
export const BALANCE_DISPLAY_DECIMALS = 3

// ---- Connection, pairing, email ----

/** §4, §9 Pairing lasts 4 minutes */
export const PAIRING_LIFETIME_MS = 4 * MINUTE_MS

/** §4 A pairing counts as expired within 10 seconds of its expiry time */
export const PAIRING_EXPIRY_MARGIN_MS = 10 * SECOND_MS

/** §7 Relay network the WalletConnect client uses unless `relayUrl` names another (our server's). */
export const WALLETCONNECT_CLOUD_RELAY_URL = 'wss://relay.walletconnect.org'

/** §7 Supported RPC methods a WalletConnect wallet is asked to approve for EVM chains */
export const WALLETCONNECT_EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
] as const

/** EIP-1193 events a WalletConnect wallet is asked to send for EVM chains */
export const WALLETCONNECT_EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** The wagmi/connector id of a WalletConnect session (stored as the connected connector id) */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * §6 "auth connector": the wagmi/connector id of the embedded (email and social) wallet, stored as
 * the connected connector id like any other
 */
export const AUTH_CONNECTOR_ID = 'AUTH'

/**
 * §7 The embedded wallet's Solana account reaches the Solana adapter as a Wallet Standard wallet
 * the modal registers itself (ours): its name, and so its connector id `ws:<name>`.
 */
export const EMBEDDED_SOLANA_WALLET_NAME = 'Latchkey Email'
export const EMBEDDED_SOLANA_CONNECTOR_ID = `ws:${EMBEDDED_SOLANA_WALLET_NAME}`

/** The feature marking that wallet (ours): discovery does not list it as a wallet to install or pick. */
export const EMBEDDED_WALLET_FEATURE = 'latchkey:embedded'

/** How long a switch waits for the wallet to add a chain to the session after agreeing to add it */
export const WALLETCONNECT_SESSION_UPDATE_WAIT_MS = 10 * SECOND_MS

/** §4, §9 A new email login within 30 s of the last is refused */
export const EMAIL_LOGIN_COOLDOWN_MS = 30 * SECOND_MS

/** §8 Rejection codes */
export const REJECTION_CODES = [4001, 5000, 5002] as const

/** §8 Rejection: messages containing these (compared case-insensitively) */
export const REJECTION_MESSAGE_FRAGMENTS = [
  'user rejected',
  'user cancelled',
  'user canceled',
] as const

// ---- Embedded wallet (§9) ----

/** §9 Frame load timeout 20 s */
export const FRAME_LOAD_TIMEOUT_MS = 20 * SECOND_MS

/** §9 Email, device, OTP and social requests time out after 120 s */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 120 * SECOND_MS

/** §9 Sign-out waits at most 3 s */
export const SIGN_OUT_TIMEOUT_MS = 3 * SECOND_MS

/** §9 Social popup 600 by 800, polled every second */
export const SOCIAL_POPUP = { width: 600, height: 800, pollMs: SECOND_MS } as const

/** §9 Heartbeat default 5 s */
export const HEARTBEAT_MS = 5 * SECOND_MS

/** §9 Log buffer about 1 MB */
export const LOG_BUFFER_BYTES = 1024 * 1024

// ---- Analytics (§7) ----

/** §7 Analytics flush every 10 s */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10 * SECOND_MS

/** §7 Analytics flush when the pending batch exceeds 45 KB */
export const ANALYTICS_MAX_BATCH_BYTES = 45 * 1024

/** §7 Error events limited to 5 per minute */
export const ANALYTICS_ERROR_EVENTS_PER_MINUTE = 5

/** Events kept for analytics until it loads after first paint (a page's first seconds have a few) */
export const EARLY_EVENTS_LIMIT = 500

/** §7 With analytics off only these events are sent */
export const ANALYTICS_ALWAYS_SENT_EVENTS = [
  'INITIALIZE',
  'CONNECT_SUCCESS',
  'SOCIAL_LOGIN_SUCCESS',
] as const

// ---- Storage (§3) ----

/** §3 Local storage entries: our key prefix */
export const STORAGE_PREFIX = '@latchkey/'

/** This release of the Latchkey packages (they are released together; a test keeps it in step) */
export const KIT_VERSION = '0.1.0'
