import { AppKitError, type SetupAlertCode } from '../errors.ts'
import type { ConvertApi } from './convert.ts'
import type { RemoteFeatures } from './features.ts'
import type { NamesApi } from './names.ts'
import type { OnrampApi } from './onramp.ts'

// What the §7 wallet/config service answers, as the modal sees it, and its errors. The client
// that asks is apiClient.ts.

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
  /** The name service's zone (ours: README "Names"), when the service says it */
  nameZone?: string
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
    /** 'trade': a swap, one entry with what went out and what came in */
    operationType: 'send' | 'receive' | 'trade'
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
  /** A sign-in provider's mark (google, x, farcaster, …): GET /public/getSocialImage/{id} (ours) */
  socialImageUrl(provider: string): string
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
  /** §7 The swap service (/v1/convert/*) */
  convert: ConvertApi
  /** §7 The onramp (/v1/onramp/*, /v1/generators/onrampurl) */
  onramp: OnrampApi
  /** §7 The name service (/v1/profile/*) */
  names: NamesApi
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
 * APKT code when its body carried one; `reason` the service's own words (its body's `error`),
 * which a view may show where the spec shows the API's reason (§8 'Insufficient liquidity').
 */
export class ApiError extends AppKitError {
  readonly status: number
  readonly path: string
  readonly reason: string | undefined

  constructor(
    message: string,
    options: { status: number; path: string; code?: string; reason?: string; cause?: unknown },
  ) {
    super(message, { code: options.code, cause: options.cause })
    this.name = 'ApiError'
    this.status = options.status
    this.path = options.path
    this.reason = options.reason
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
