// The frame's settings: the URL parameters the host page puts on the iframe's src (§7
// "Embedded wallet": projectId, chainId, version, enableLogger, rpcUrl, optionally
// enableCloudAuthAccount), the server's base URL fixed at build time, and the §9 constants.

/** §9 Heartbeat default 5 s */
export const HEARTBEAT_MS = 5_000
/** The device-approval poll (APP_CONNECT_DEVICE): every second, ... */
export const DEVICE_POLL_MS = 1_000
/** ... for at most 120 s (§9 email, device, OTP and social requests time out after 120 s). */
export const DEVICE_TIMEOUT_MS = 120_000
/**
 * The Farcaster sign-in poll (APP_CONNECT_FARCASTER): every 2 s until the relay channel expires,
 * and at most §9's 120 s (the host's limit for the request). Not every second: the server counts
 * each poll as a sign-in attempt (60 a minute per address), and a wait at that pace would use
 * them all, shutting out every other sign-in from the address.
 */
export const FARCASTER_POLL_MS = 2_000
export const FARCASTER_TIMEOUT_MS = 120_000
/** One HTTP call to the auth API or to an RPC endpoint. */
export const HTTP_TIMEOUT_MS = 30_000
/** §9 sign-out waits at most 3 s */
export const SIGN_OUT_TIMEOUT_MS = 3_000
/** §9 Log buffer about 1 MB */
export const LOG_CAP_BYTES = 1024 * 1024
/** §9 Default chain eip155:1 */
export const DEFAULT_CHAIN_ID = 1
/**
 * The Approve button stays disabled until the card has been visible and still this long, and
 * again after each new request, move or hiding: a double click, a click aimed at the previous
 * request of the queue, or one the host page steered onto a faded or covered frame never approves
 * something the visitor has not seen.
 */
export const APPROVE_DELAY_MS = 500
/** IntersectionObserver v2's `delay`: how often, at most, the browser checks the card is visible. */
export const VISIBILITY_DELAY_MS = 100
/** How often the origin list is asked for before the frame gives up (the host times out at 20 s). */
export const ORIGINS_ATTEMPTS = 3
export const ORIGINS_RETRY_MS = 1_500

export const DEFAULT_API_URL = 'http://127.0.0.1:8787'

/** A chain id as the protocol carries it: a number, or a namespace-free reference. */
export type ChainId = number | string

export interface FrameConfig {
  projectId: string
  chainId: ChainId
  /** The host SDK's version (informational). */
  version: string
  enableLogger: boolean
  rpcUrl: string | undefined
  /** Accepted and logged; there is no cloud-auth account yet. */
  enableCloudAuthAccount: boolean
  /** The auth API's base URL, without a trailing slash. */
  apiUrl: string
}

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
const CHAIN_REFERENCE = /^[-_a-zA-Z0-9]{1,64}$/

/** `31337`, `eip155:31337` → 31337; another namespace's reference stays a string. */
export function parseChainId(raw: string | null | undefined): ChainId | undefined {
  if (!raw) return undefined
  const reference = raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw
  if (/^[0-9]{1,15}$/.test(reference)) {
    const id = Number(reference)
    return id > 0 ? id : undefined
  }
  return CHAIN_REFERENCE.test(reference) ? reference : undefined
}

/** The EVM chain id behind a protocol chain id, if it is one. */
export function evmChainId(chainId: ChainId | undefined): number | undefined {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) ? chainId : undefined
  if (typeof chainId === 'string' && /^[0-9]{1,15}$/.test(chainId)) return Number(chainId)
  return undefined
}

/** Only http(s) URLs; anything else is dropped. */
export function parseHttpUrl(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined
  } catch {
    return undefined
  }
}

const flag = (raw: string | null) => raw === 'true' || raw === '1'

/** Reads the iframe's query string. A missing or malformed projectId gives ''. */
export function readConfig(search: string, apiUrl: string = DEFAULT_API_URL): FrameConfig {
  const params = new URLSearchParams(search)
  const projectId = params.get('projectId') ?? ''
  return {
    projectId: PROJECT_ID.test(projectId) ? projectId : '',
    chainId: parseChainId(params.get('chainId')) ?? DEFAULT_CHAIN_ID,
    version: (params.get('version') ?? '').slice(0, 64),
    enableLogger: flag(params.get('enableLogger')),
    rpcUrl: parseHttpUrl(params.get('rpcUrl')),
    enableCloudAuthAccount: flag(params.get('enableCloudAuthAccount')),
    apiUrl: apiUrl.replace(/\/+$/, ''),
  }
}

/** VITE_API_URL, read at build time; http://127.0.0.1:8787 by default. */
export function apiUrlFromEnv(): string {
  const fromEnv: unknown = import.meta.env.VITE_API_URL
  return parseHttpUrl(typeof fromEnv === 'string' ? fromEnv : undefined) ?? DEFAULT_API_URL
}
