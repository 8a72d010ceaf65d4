import {
  AppKitError,
  ErrorText,
  type SetupAlertCode,
  SetupAlerts,
  setupAlertForProviderMessage,
} from './errors.ts'
import type { RemoteFeatures } from './features.ts'

// Client of the §7 wallet/config service: URLs, in-flight dedupe, error mapping, and shape
// checks of every answer. Loaded lazily (see appkit.ts): nothing here is in the first load.

/** §3 Wallet list item, as the service sends it. */
export interface WalletItem {
  id: string
  name: string
  image_id: string | null
  rdns: string | null
  /** CAIP-2 network ids */
  chains: string[]
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  badge_type: 'certified' | 'none'
}

/** §7 GET /getWallets query; lists are sent comma-joined. */
export interface GetWalletsParams {
  page?: number
  entries?: number
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none'
  names?: readonly string[]
  rdns?: readonly string[]
  badge?: string
}

export interface WalletsPage {
  data: WalletItem[]
  count: number
}

export interface RemoteConfig {
  features: RemoteFeatures
}

/** §3 Token balance, as GET /v1/account/{address}/balance sends it. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 network id */
  chainId: string
  /** CAIP-10 address of the token; absent for the native currency. */
  address?: string
  /** Fiat value of the holding. */
  value: number
  /** Fiat price of one token. */
  price: number
  /** `numeric` is the decimal amount ("1000000.5"); `decimals` the token's decimals. */
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** One transfer of a §3 Transaction. */
export interface TransactionTransfer {
  /** 'self': the account sent to itself (its balance moved only by the fee) */
  direction: 'in' | 'out' | 'self'
  fungible_info?: { name: string; symbol: string; icon?: { url: string } }
  nft_info?: { flags?: { is_spam?: boolean } }
  quantity: { numeric: string }
  value: number
  price: number
}

/** §3 Transaction: id, metadata{minedAt, chain, …}, transfers. */
export interface Transaction {
  id: string
  metadata: {
    minedAt: string
    chain: string
    hash: string
    sentFrom: string
    sentTo: string
    status: string
    operationType: 'send' | 'receive'
  }
  transfers: TransactionTransfer[]
}

/** GET /v1/account/{address}/history: one page, and the cursor of the next (null at the end). */
export interface HistoryPage {
  data: Transaction[]
  next: string | null
}

/** GET /v1/identity/{address} */
export interface Identity {
  name: string | null
  avatar: string | null
}

export interface ApiClientOptions {
  apiUrl: string
  projectId: string
  sdkType: string
  sdkVersion: string
  fetch?: (input: string, init?: RequestInit) => Promise<Response>
}

export interface ApiClient {
  getWallets(params?: GetWalletsParams): Promise<WalletsPage>
  getConfig(): Promise<RemoteConfig>
  /** §3 The latest released version of our packages (checked at most once per 7 days) */
  getLatestKitVersion(): Promise<{ version: string }>
  getOrigins(): Promise<{ allowedOrigins: string[] }>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
  walletImageUrl(imageId: string): string
  assetImageUrl(id: string): string
  /** §7 Token balances of `address` on `chainId` (CAIP-2), in USD. */
  getBalances(
    address: string,
    chainId: string,
    options?: { forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
  /** §7 One page of `address`'s transactions on `chainId` (CAIP-2); `cursor` from `next`. */
  getHistory(address: string, chainId: string, cursor?: string | null): Promise<HistoryPage>
  /** §7 The identity (name, avatar) of `address`; `sender` is the connected address. */
  getIdentity(address: string, sender?: string): Promise<Identity>
  /** §7 USD prices of tokens by CAIP-10 id (the native coin is 0xeeee…eeee); unknown ones left out */
  getTokenPrices(addresses: readonly string[]): Promise<TokenPrice[]>
}

/** §7 The price of one token, as `POST /v1/fungible/price` answers it */
export interface TokenPrice {
  /** CAIP-10, as asked */
  address: string
  price: number
  symbol: string
}

/**
 * A failed call. `status` is the HTTP status; 0 when no HTTP answer came (network failure, or
 * the request was never made because the project ID is missing). `code` is the service's
 * APKT code when its body carried one.
 */
export class ApiError extends AppKitError {
  readonly status: number
  readonly path: string

  constructor(
    message: string,
    options: { status: number; path: string; code?: string; cause?: unknown },
  ) {
    super(message, { code: options.code, cause: options.cause })
    this.name = 'ApiError'
    this.status = options.status
    this.path = options.path
  }
}

/** The §8 setup alert a failed call stands for; `fallback` when it is none of the specific ones. */
export function setupAlertCodeFor(error: unknown, fallback: SetupAlertCode): SetupAlertCode {
  if (!(error instanceof ApiError)) return fallback
  if (error.code === 'APKT002' || error.code === 'APKT006') return error.code
  if (error.code === 'APKT008') return 'APKT008'
  if (error.code === 'APKT007' || error.status === 403) return 'APKT007'
  if (error.code === 'APKT010' || error.status === 429) return 'APKT010'
  return fallback
}

import {
  toAnalyticsConfig,
  toBalances,
  toHistoryPage,
  toIdentity,
  toLatestKitVersion,
  toOrigins,
  toRemoteConfig,
  toTokenPrices,
  toWalletsPage,
} from './apiShapes.ts'
import { isNonEmptyString, isRecord } from './guards.ts'

// ---- The client ----

type QueryValue = string | number | readonly string[] | undefined

interface JsonAnswer {
  status: number
  body: unknown
}

/** Appends in the caller's key order, so one logical request always gives one URL. */
function appendQuery(query: URLSearchParams, params: Record<string, QueryValue>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (typeof value === 'object') {
      const list = value.filter(isNonEmptyString)
      if (list.length > 0) query.append(key, list.join(','))
    } else if (value !== '') {
      query.append(key, String(value))
    }
  }
}

/**
 * The APKT code of an error answer: its `code`, or the alert of a §8 provider text in its
 * `error`/`message` (or plain-text body), as a gateway in front of the services may answer.
 */
/** An error body longer than this is not read further (a proxy's HTML page, say). */
const MAX_ERROR_BODY_CHARS = 4096

async function readErrorCode(response: Response): Promise<string | undefined> {
  let text: string
  try {
    text = (await response.text()).slice(0, MAX_ERROR_BODY_CHARS)
  } catch {
    return undefined
  }
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // a plain-text body: matched as it is
  }
  if (isRecord(body) && isNonEmptyString(body.code)) return body.code
  const said = isRecord(body) ? [body.error, body.message] : [body]
  for (const value of said) {
    if (typeof value === 'string') {
      const alert = setupAlertForProviderMessage(value)
      if (alert) return alert.code
    }
  }
  return undefined
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.apiUrl.replace(/\/+$/, '')
  const projectId = String(options.projectId ?? '').trim()
  // Looked up per call, so a fetch installed after creation is used.
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const inFlight = new Map<string, Promise<JsonAnswer>>()

  function url(path: string, params: Record<string, QueryValue> = {}): string {
    const query = new URLSearchParams()
    appendQuery(query, { projectId, st: options.sdkType, sv: options.sdkVersion })
    appendQuery(query, params)
    return `${base}${path}?${query}`
  }

  async function requestJson(
    path: string,
    target: string,
    init?: RequestInit,
  ): Promise<JsonAnswer> {
    let response: Response
    try {
      response = await doFetch(target, init)
    } catch (cause) {
      throw new ApiError(ErrorText.requestFailed(path), { status: 0, path, cause })
    }
    if (!response.ok) {
      const code = await readErrorCode(response)
      throw new ApiError(ErrorText.httpStatus(response.status), {
        status: response.status,
        path,
        code,
      })
    }
    try {
      return { status: response.status, body: await response.json() }
    } catch (cause) {
      throw new ApiError(ErrorText.malformedResponse(path), {
        status: response.status,
        path,
        cause,
      })
    }
  }

  /** Same URL while a request is pending → the same promise; once it settles, a new request. */
  function getJson(path: string, params?: Record<string, QueryValue>): Promise<JsonAnswer> {
    // §8 APKT008: without a project ID the service can only refuse, so no request is made.
    if (projectId === '') {
      const { shortMessage, code } = SetupAlerts.APKT008
      return Promise.reject(new ApiError(shortMessage, { status: 0, path, code }))
    }
    const target = url(path, params)
    let pending = inFlight.get(target)
    if (!pending) {
      pending = requestJson(path, target).finally(() => inFlight.delete(target))
      inFlight.set(target, pending)
    }
    return pending
  }

  /** Each caller gets its own checked copy of the shared raw answer. */
  async function getChecked<T>(
    path: string,
    check: (value: unknown) => T | undefined,
    params?: Record<string, QueryValue>,
  ): Promise<T> {
    const { status, body } = await getJson(path, params)
    const checked = check(body)
    if (checked === undefined) {
      throw new ApiError(ErrorText.malformedResponse(path), { status, path })
    }
    return checked
  }

  async function postChecked<T>(
    path: string,
    body: unknown,
    check: (value: unknown) => T | undefined,
  ): Promise<T> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }
    const answer = await requestJson(path, url(path), init)
    const checked = check(answer.body)
    if (checked === undefined) {
      throw new ApiError(ErrorText.malformedResponse(path), { status: answer.status, path })
    }
    return checked
  }

  return {
    getWallets: (params = {}) =>
      getChecked('/getWallets', toWalletsPage, {
        page: params.page,
        entries: params.entries,
        include: params.include,
        exclude: params.exclude,
        chains: params.chains,
        search: params.search,
        badge_type: params.badge_type,
        names: params.names,
        rdns: params.rdns,
        badge: params.badge,
      }),
    getConfig: () => getChecked('/appkit/v1/config', toRemoteConfig),
    getLatestKitVersion: () => getChecked('/appkit/v1/version', toLatestKitVersion),
    getOrigins: () => getChecked('/projects/v1/origins', toOrigins),
    getAnalyticsConfig: () => getChecked('/getAnalyticsConfig', toAnalyticsConfig),
    walletImageUrl: (imageId) => url(`/getWalletImage/${encodeURIComponent(imageId)}`),
    assetImageUrl: (id) => url(`/public/getAssetImage/${encodeURIComponent(id)}`),
    getBalances: (address, chainId, { forceUpdate = false } = {}) =>
      getChecked(`/v1/account/${encodeURIComponent(address)}/balance`, toBalances, {
        currency: 'usd',
        chainId,
        forceUpdate: String(forceUpdate),
      }),
    getHistory: (address, chainId, cursor) =>
      getChecked(`/v1/account/${encodeURIComponent(address)}/history`, toHistoryPage, {
        chainId,
        cursor: cursor ?? undefined,
      }),
    getIdentity: (address, sender) =>
      getChecked(`/v1/identity/${encodeURIComponent(address)}`, toIdentity, { sender }),
    getTokenPrices: (addresses) =>
      postChecked('/v1/fungible/price', { currency: 'usd', addresses }, toTokenPrices),
  }
}
