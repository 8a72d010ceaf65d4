import type { ChainNamespace } from '../caip.ts'
import { STORAGE_PREFIX } from '../constants.ts'

/** §3 Local storage entries. Every key is STORAGE_PREFIX + name. */
export const StorageKeys = {
  activeNamespace: `${STORAGE_PREFIX}active_namespace`,
  activeCaipNetworkId: `${STORAGE_PREFIX}active_caip_network_id`,
  /** JSON RecentWallet[], newest first, at most RECENT_WALLETS_MAX */
  recentWallets: `${STORAGE_PREFIX}recent_wallets`,
  /** JSON RecentWallet */
  recentWallet: `${STORAGE_PREFIX}recent_wallet`,
  connectedConnectorId: (namespace: ChainNamespace) =>
    `${STORAGE_PREFIX}connected_connector_id:${namespace}`,
  connectedSocialProvider: `${STORAGE_PREFIX}connected_social`,
  connectedSocialUsername: `${STORAGE_PREFIX}connected_social_username`,
  connectionStatus: `${STORAGE_PREFIX}connection_status`,
  /** comma list, e.g. 'eip155,solana' */
  connectedNamespaces: `${STORAGE_PREFIX}connected_namespaces`,
  telegramSocialProvider: `${STORAGE_PREFIX}telegram_social_provider`,
  /** JSON { [namespace]: 'eoa' | 'smartAccount' } */
  preferredAccountTypes: `${STORAGE_PREFIX}preferred_account_types`,
  /** JSON { [namespace]: StoredConnection[] } */
  connections: `${STORAGE_PREFIX}connections`,
  /** JSON { [namespace]: string[] } */
  disconnectedConnectorIds: `${STORAGE_PREFIX}disconnected_connector_ids`,
  /** JSON DeepLinkChoice */
  deepLinkChoice: `${STORAGE_PREFIX}deep_link_choice`,
  /** JSON LatestKitVersion */
  latestKitVersion: `${STORAGE_PREFIX}latest_kit_version`,
} as const

export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * One raw read for the first paint (the full, validating storage loads after it): a failure
 * or a non-string is logged and read as nothing; callers still check the value they get.
 */
export function readStoredValue(
  backend: KeyValueStorage | undefined,
  key: string,
  log: (message: string, error?: unknown) => void,
): string | undefined {
  try {
    const value = backend?.getItem(key)
    return typeof value === 'string' && value !== '' ? value : undefined
  } catch (error) {
    log(`storage read failed: ${key}`, error)
    return undefined
  }
}
