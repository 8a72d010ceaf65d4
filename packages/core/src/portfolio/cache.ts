import type { CaipAddress, CaipNetworkId } from '../caip.ts'
import { BALANCE_RETRY_MS, CACHE_TTL_MS } from '../constants.ts'

// §3 Caches, with the §9 lifetimes. One cache per instance (never module state), so two
// instances on a page, or two SSR requests, never share entries. Time comes from `now()`.

/** The cached kinds, each with its §9 lifetime in CACHE_TTL_MS. */
export type CacheKind =
  | 'portfolio'
  | 'nativeBalance'
  | 'name'
  | 'identity'
  | 'transactions'
  | 'tokenPrice'

export interface CacheEntry<T> {
  value: T
  /** When the entry was stored, in `now()` time. */
  timestamp: number
}

/** §3 Cache keys. */
export const cacheKeys = {
  /** §3 portfolio balance by CAIP address */
  portfolio: (caipAddress: CaipAddress) => caipAddress,
  /** native balance, by CAIP address as well */
  nativeBalance: (caipAddress: CaipAddress) => caipAddress,
  /** §3 name {address} */
  name: (address: string) => address.toLowerCase(),
  /** §3 identity {address} */
  identity: (address: string) => address.toLowerCase(),
  /** §3 transactions by address and chain */
  transactions: (address: string, chainId: CaipNetworkId) => `${address.toLowerCase()}@${chainId}`,
  /** §3 token price by comma-joined addresses */
  tokenPrice: (addresses: readonly string[]) => addresses.join(','),
} as const

/** §9 Fresh while younger than the kind's lifetime: at exactly the lifetime it is stale. */
export function isFresh(kind: CacheKind, timestamp: number, now: number): boolean {
  return now - timestamp < CACHE_TTL_MS[kind]
}

/** §9 A balance is retried at most once per BALANCE_RETRY_MS (30 s) after the last attempt. */
export function canRetryBalance(lastAttemptAt: number | undefined, now: number): boolean {
  return lastAttemptAt === undefined || now - lastAttemptAt >= BALANCE_RETRY_MS
}

export interface TtlCache {
  /** The value while fresh; undefined when absent or stale (a stale entry is removed). */
  get<T>(kind: CacheKind, key: string): T | undefined
  /** Stores `value` as of `timestamp` (now unless given: an update that keeps its age). */
  set<T>(kind: CacheKind, key: string, value: T, timestamp?: number): void
  delete(kind: CacheKind, key: string): void
  clear(): void
}

export function createTtlCache(options: { now?: () => number } = {}): TtlCache {
  const now = options.now ?? (() => Date.now())
  const entries = new Map<CacheKind, Map<string, CacheEntry<unknown>>>()
  const bucket = (kind: CacheKind) => {
    let map = entries.get(kind)
    if (!map) {
      map = new Map()
      entries.set(kind, map)
    }
    return map
  }
  return {
    get<T>(kind: CacheKind, key: string): T | undefined {
      const map = bucket(kind)
      const entry = map.get(key)
      if (!entry) return undefined
      if (isFresh(kind, entry.timestamp, now())) return entry.value as T
      map.delete(key)
      return undefined
    },
    set<T>(kind: CacheKind, key: string, value: T, timestamp = now()) {
      bucket(kind).set(key, { value, timestamp })
    },
    delete(kind, key) {
      bucket(kind).delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
