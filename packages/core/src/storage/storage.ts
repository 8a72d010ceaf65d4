import {
  type CaipNetworkId,
  type ChainNamespace,
  isCaipNetworkId,
  isChainNamespace,
} from '../caip.ts'
import { RECENT_WALLETS_MAX } from '../constants.ts'
import { isNonEmptyString } from '../guards.ts'
import { createSafeStorage } from './safeStorage.ts'
import {
  type AccountType,
  type ConnectionStatus,
  type DeepLinkChoice,
  isConnectionStatus,
  isSocialProvider,
  isSocialUsername,
  type LatestKitVersion,
  type NamespaceRecord,
  type RecentWallet,
  type SocialProvider,
  type StorageLog,
  type StoredConnection,
  toAccountType,
  toConnectionList,
  toDeepLinkChoice,
  toLatestKitVersion,
  toRecentWallet,
  toStringList,
} from './storageEntries.ts'
import { type KeyValueStorage, StorageKeys } from './storageKeys.ts'

/** Safe access to the page's localStorage: undefined on the server or when the browser refuses. */
export function getBrowserStorage(): KeyValueStorage | undefined {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage
    return storage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Typed access to every §3 local storage entry. Reads validate what they find and return
 * undefined or [] on anything unexpected; storage failures are logged and ignored
 * ("Storage failures are logged quietly and ignored", §3). No method throws.
 */
export function createAppKitStorage(
  backend: KeyValueStorage | undefined,
  log: StorageLog = console.debug,
) {
  const {
    safeLog,
    readRaw,
    writeRaw,
    remove,
    writeString,
    writeParsedJson,
    writeJson,
    readString,
    readJson,
    readNamespaceRecord,
    updateNamespaceRecord,
  } = createSafeStorage(backend, log)

  function getRecentWallets(): RecentWallet[] {
    const stored = readJson(StorageKeys.recentWallets, (value) =>
      Array.isArray(value) ? value : undefined,
    )
    if (!stored) return []
    const wallets: RecentWallet[] = []
    for (const item of stored) {
      const wallet = toRecentWallet(item)
      if (!wallet)
        safeLog(`latchkey storage: ignoring invalid entry of ${StorageKeys.recentWallets}`)
      else if (!wallets.some((w) => w.id === wallet.id)) wallets.push(wallet)
    }
    return wallets.slice(0, RECENT_WALLETS_MAX)
  }

  function getConnectedNamespaces(): ChainNamespace[] {
    const text = readRaw(StorageKeys.connectedNamespaces)
    if (!text) return []
    const namespaces: ChainNamespace[] = []
    for (const part of text.split(',')) {
      if (!isChainNamespace(part)) {
        safeLog(
          `latchkey storage: ignoring namespace '${part}' of ${StorageKeys.connectedNamespaces}`,
        )
      } else if (!namespaces.includes(part)) {
        namespaces.push(part)
      }
    }
    return namespaces
  }

  function setConnectedNamespaces(namespaces: ChainNamespace[]): void {
    if (namespaces.length === 0) remove(StorageKeys.connectedNamespaces)
    else writeRaw(StorageKeys.connectedNamespaces, [...new Set(namespaces)].join(','))
  }

  function getDisconnectedConnectorIds(namespace: ChainNamespace): string[] {
    return readNamespaceRecord(StorageKeys.disconnectedConnectorIds, toStringList)[namespace] ?? []
  }

  function setDisconnectedConnectorIds(namespace: ChainNamespace, ids: string[]): void {
    updateNamespaceRecord(
      StorageKeys.disconnectedConnectorIds,
      toStringList,
      namespace,
      ids.length === 0 ? undefined : ids,
    )
  }

  return {
    getActiveNamespace: (): ChainNamespace | undefined =>
      readString(StorageKeys.activeNamespace, isChainNamespace),
    setActiveNamespace: (namespace: ChainNamespace): void =>
      writeString(StorageKeys.activeNamespace, namespace, isChainNamespace),
    removeActiveNamespace: (): void => remove(StorageKeys.activeNamespace),

    getActiveCaipNetworkId: (): CaipNetworkId | undefined =>
      readString(StorageKeys.activeCaipNetworkId, isCaipNetworkId),
    setActiveCaipNetworkId: (caipNetworkId: CaipNetworkId): void =>
      writeString(StorageKeys.activeCaipNetworkId, caipNetworkId, isCaipNetworkId),
    removeActiveCaipNetworkId: (): void => remove(StorageKeys.activeCaipNetworkId),

    getRecentWallets,
    /** Newest first, deduplicated by id, at most RECENT_WALLETS_MAX (§9: 2). */
    addRecentWallet(wallet: RecentWallet): void {
      const added = toRecentWallet(wallet)
      if (!added) {
        safeLog(`latchkey storage: not writing an invalid entry to ${StorageKeys.recentWallets}`)
        return
      }
      const others = getRecentWallets().filter((w) => w.id !== added.id)
      writeJson(StorageKeys.recentWallets, [added, ...others].slice(0, RECENT_WALLETS_MAX))
    },
    clearRecentWallets: (): void => remove(StorageKeys.recentWallets),

    getRecentWallet: (): RecentWallet | undefined =>
      readJson(StorageKeys.recentWallet, toRecentWallet),
    setRecentWallet: (wallet: RecentWallet): void =>
      writeParsedJson(StorageKeys.recentWallet, wallet, toRecentWallet),
    removeRecentWallet: (): void => remove(StorageKeys.recentWallet),

    getConnectedConnectorId: (namespace: ChainNamespace): string | undefined =>
      readString(StorageKeys.connectedConnectorId(namespace), isNonEmptyString),
    setConnectedConnectorId: (namespace: ChainNamespace, connectorId: string): void =>
      writeString(StorageKeys.connectedConnectorId(namespace), connectorId, isNonEmptyString),
    removeConnectedConnectorId: (namespace: ChainNamespace): void =>
      remove(StorageKeys.connectedConnectorId(namespace)),

    getConnectedSocialProvider: (): SocialProvider | undefined =>
      readString(StorageKeys.connectedSocialProvider, isSocialProvider),
    setConnectedSocialProvider: (provider: SocialProvider): void =>
      writeString(StorageKeys.connectedSocialProvider, provider, isSocialProvider),
    removeConnectedSocialProvider: (): void => remove(StorageKeys.connectedSocialProvider),

    getConnectedSocialUsername: (): string | undefined =>
      readString(StorageKeys.connectedSocialUsername, isSocialUsername),
    setConnectedSocialUsername: (username: string): void =>
      writeString(StorageKeys.connectedSocialUsername, username, isSocialUsername),
    removeConnectedSocialUsername: (): void => remove(StorageKeys.connectedSocialUsername),

    getConnectionStatus: (): ConnectionStatus | undefined =>
      readString(StorageKeys.connectionStatus, isConnectionStatus),
    setConnectionStatus: (status: ConnectionStatus): void =>
      writeString(StorageKeys.connectionStatus, status, isConnectionStatus),
    removeConnectionStatus: (): void => remove(StorageKeys.connectionStatus),

    getConnectedNamespaces,
    addConnectedNamespace(namespace: ChainNamespace): void {
      if (!isChainNamespace(namespace)) {
        safeLog(
          `latchkey storage: not writing an invalid entry to ${StorageKeys.connectedNamespaces}`,
        )
        return
      }
      const namespaces = getConnectedNamespaces()
      if (!namespaces.includes(namespace)) setConnectedNamespaces([...namespaces, namespace])
    },
    removeConnectedNamespace(namespace: ChainNamespace): void {
      const namespaces = getConnectedNamespaces()
      if (namespaces.includes(namespace)) {
        setConnectedNamespaces(namespaces.filter((ns) => ns !== namespace))
      }
    },
    clearConnectedNamespaces: (): void => remove(StorageKeys.connectedNamespaces),

    getTelegramSocialProvider: (): SocialProvider | undefined =>
      readString(StorageKeys.telegramSocialProvider, isSocialProvider),
    setTelegramSocialProvider: (provider: SocialProvider): void =>
      writeString(StorageKeys.telegramSocialProvider, provider, isSocialProvider),
    removeTelegramSocialProvider: (): void => remove(StorageKeys.telegramSocialProvider),

    getPreferredAccountTypes: (): NamespaceRecord<AccountType> =>
      readNamespaceRecord(StorageKeys.preferredAccountTypes, toAccountType),
    getPreferredAccountType: (namespace: ChainNamespace): AccountType | undefined =>
      readNamespaceRecord(StorageKeys.preferredAccountTypes, toAccountType)[namespace],
    setPreferredAccountType: (namespace: ChainNamespace, type: AccountType): void =>
      updateNamespaceRecord(StorageKeys.preferredAccountTypes, toAccountType, namespace, type),

    getConnections: (namespace: ChainNamespace): StoredConnection[] =>
      readNamespaceRecord(StorageKeys.connections, toConnectionList)[namespace] ?? [],
    setConnections: (namespace: ChainNamespace, connections: StoredConnection[]): void =>
      updateNamespaceRecord(StorageKeys.connections, toConnectionList, namespace, connections),
    removeConnections: (namespace: ChainNamespace): void =>
      updateNamespaceRecord(StorageKeys.connections, toConnectionList, namespace, undefined),

    getDisconnectedConnectorIds,
    addDisconnectedConnectorId(namespace: ChainNamespace, connectorId: string): void {
      const ids = getDisconnectedConnectorIds(namespace)
      if (!ids.includes(connectorId)) setDisconnectedConnectorIds(namespace, [...ids, connectorId])
    },
    removeDisconnectedConnectorId(namespace: ChainNamespace, connectorId: string): void {
      const ids = getDisconnectedConnectorIds(namespace)
      if (ids.includes(connectorId)) {
        setDisconnectedConnectorIds(
          namespace,
          ids.filter((id) => id !== connectorId),
        )
      }
    },

    getDeepLinkChoice: (): DeepLinkChoice | undefined =>
      readJson(StorageKeys.deepLinkChoice, toDeepLinkChoice),
    setDeepLinkChoice: (choice: DeepLinkChoice): void =>
      writeParsedJson(StorageKeys.deepLinkChoice, choice, toDeepLinkChoice),
    removeDeepLinkChoice: (): void => remove(StorageKeys.deepLinkChoice),

    getLatestKitVersion: (): LatestKitVersion | undefined =>
      readJson(StorageKeys.latestKitVersion, toLatestKitVersion),
    setLatestKitVersion: (latest: LatestKitVersion): void =>
      writeParsedJson(StorageKeys.latestKitVersion, latest, toLatestKitVersion),
  }
}

export type AppKitStorage = ReturnType<typeof createAppKitStorage>
