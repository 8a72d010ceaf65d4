// What the directory controller is given (the app's options, the instance's stores) and its
// defaults: no filters, not a phone, real timers and image preloading.
import type { StoreApi } from 'zustand/vanilla'
import type { ApiClient, GetWalletsParams } from '../api/api.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import type { SetupAlertCode } from '../errors.ts'
import type { DirectoryState } from './directoryState.ts'
import { preloadImage } from './preloadImage.ts'

export interface DirectoryTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface DirectoryOptions {
  api: Pick<ApiClient, 'getWallets' | 'walletImageUrl'>
  store: StoreApi<DirectoryState>
  connectors: StoreApi<{ list: ConnectorInfo[] }>
  /** The app's networks' caipNetworkIds: the `chains` filter of every request. */
  chains?: readonly string[]
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  recentWalletIds?: () => readonly string[]
  isMobile?: () => boolean
  preloadImage?: (url: string) => Promise<void>
  timers?: Partial<DirectoryTimers>
  raise?: (code: SetupAlertCode) => void
  /** Analytics: SEARCH_WALLET as each (debounced) search is sent */
  track?: (event: 'SEARCH_WALLET', properties: { search: string }) => void
}

/** The options with their defaults filled in. */
export function resolveDirectoryOptions(options: DirectoryOptions) {
  const featuredWalletIds = options.featuredWalletIds ?? []
  const includeWalletIds = options.includeWalletIds ?? []
  const filters: GetWalletsParams = {
    include: includeWalletIds,
    exclude: options.excludeWalletIds ?? [],
    chains: options.chains ?? [],
  }
  const recentWalletIds = options.recentWalletIds ?? (() => [])
  const isMobile = options.isMobile ?? (() => false)
  const preload = options.preloadImage ?? ((url: string) => preloadImage(url))
  const raise = options.raise ?? (() => undefined)
  const track = options.track ?? (() => undefined)
  const setTimer =
    options.timers?.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    options.timers?.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]))
  const { api, store, connectors } = options
  return {
    api,
    store,
    connectors,
    featuredWalletIds,
    includeWalletIds,
    filters,
    recentWalletIds,
    isMobile,
    preload,
    raise,
    track,
    setTimer,
    clearTimer,
  }
}
