import {
  type CaipNetworkId,
  type ChainNamespace,
  isCaipNetworkId,
  isChainNamespace,
} from './caip.ts'
import { ACCOUNT_TYPES, DEFAULT_SOCIALS, RECENT_WALLETS_MAX } from './constants.ts'
import { type KeyValueStorage, StorageKeys } from './storageKeys.ts'

/** The part of the Web Storage API the modal uses; localStorage fits. */

export type StorageLog = (message: string, error?: unknown) => void

export type ConnectionStatus = 'connected' | 'disconnected' | 'connecting' | 'reconnecting'
export type AccountType = (typeof ACCOUNT_TYPES)[number]
export type SocialProvider = (typeof DEFAULT_SOCIALS)[number]

export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
}

export interface StoredConnection {
  connectorId: string
  accounts: { address: string }[]
}

export interface DeepLinkChoice {
  href: string
  name: string
}

export interface LatestKitVersion {
  version: string
  /** milliseconds since the epoch */
  timestamp: number
}

type NamespaceRecord<T> = Partial<Record<ChainNamespace, T>>

const CONNECTION_STATUSES: readonly string[] = [
  'connected',
  'disconnected',
  'connecting',
  'reconnecting',
]

// ---- Shape checks for what comes back from storage ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string'
}

function isConnectionStatus(value: string): value is ConnectionStatus {
  return CONNECTION_STATUSES.includes(value)
}

function isSocialProvider(value: string): value is SocialProvider {
  return (DEFAULT_SOCIALS as readonly string[]).includes(value)
}

/** §3 The social account's username as the frame gives it: not empty, at most 256 characters. */
const USERNAME_MAX = 256
function isSocialUsername(value: string): value is string {
  return value !== '' && value.length <= USERNAME_MAX
}

function toAccountType(value: unknown): AccountType | undefined {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value)
    ? (value as AccountType)
    : undefined
}

/** Keeps only the stored fields, so a full directory entry never lands in storage. */
function toRecentWallet(value: unknown): RecentWallet | undefined {
  if (!isRecord(value)) return undefined
  const { id, name, imageUrl, rdns } = value
  if (!isNonEmptyString(id) || typeof name !== 'string') return undefined
  if (!isOptionalString(imageUrl) || !isOptionalString(rdns)) return undefined
  const wallet: RecentWallet = { id, name }
  if (imageUrl !== undefined) wallet.imageUrl = imageUrl
  if (rdns !== undefined) wallet.rdns = rdns
  return wallet
}

function toConnection(value: unknown): StoredConnection | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.connectorId)) return undefined
  if (!Array.isArray(value.accounts)) return undefined
  const accounts: { address: string }[] = []
  for (const account of value.accounts) {
    if (!isRecord(account) || !isNonEmptyString(account.address)) return undefined
    accounts.push({ address: account.address })
  }
  return { connectorId: value.connectorId, accounts }
}

function toDeepLinkChoice(value: unknown): DeepLinkChoice | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.href) || typeof value.name !== 'string') {
    return undefined
  }
  return { href: value.href, name: value.name }
}

function toLatestKitVersion(value: unknown): LatestKitVersion | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.version)) return undefined
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) return undefined
  return { version: value.version, timestamp: value.timestamp }
}

function toStringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every(isNonEmptyString) ? [...new Set(value)] : undefined
}

function toConnectionList(value: unknown): StoredConnection[] | undefined {
  if (!Array.isArray(value)) return undefined
  const connections = value.map(toConnection)
  return connections.every((c) => c !== undefined) ? (connections as StoredConnection[]) : undefined
}

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
  function safeLog(message: string, error?: unknown): void {
    try {
      log(message, error)
    } catch {
      // A failing logger must not turn a quiet storage failure into a crash.
    }
  }

  if (!backend) safeLog('latchkey storage: no storage available, entries are not kept')

  function readRaw(key: string): string | undefined {
    if (!backend) return undefined
    try {
      const value: unknown = backend.getItem(key)
      if (value === null || value === undefined) return undefined
      if (typeof value === 'string') return value
      safeLog(`latchkey storage: ignoring non-string value of ${key}`)
    } catch (error) {
      safeLog(`latchkey storage: could not read ${key}`, error)
    }
    return undefined
  }

  function writeRaw(key: string, value: string): void {
    if (!backend) return
    try {
      backend.setItem(key, value)
    } catch (error) {
      safeLog(`latchkey storage: could not write ${key}`, error)
    }
  }

  function remove(key: string): void {
    if (!backend) return
    try {
      backend.removeItem(key)
    } catch (error) {
      safeLog(`latchkey storage: could not remove ${key}`, error)
    }
  }

  /** Writes only values that the matching read would accept. */
  function writeString<T extends string>(
    key: string,
    value: T,
    isValid: (value: string) => value is T,
  ): void {
    if (typeof value === 'string' && isValid(value)) writeRaw(key, value)
    else safeLog(`latchkey storage: not writing an invalid value to ${key}`)
  }

  /** Writes what `parse` makes of the value, the same check the read applies. */
  function writeParsedJson<T>(
    key: string,
    value: unknown,
    parse: (value: unknown) => T | undefined,
  ): void {
    const parsed = parse(value)
    if (parsed === undefined) safeLog(`latchkey storage: not writing an invalid value to ${key}`)
    else writeJson(key, parsed)
  }

  function writeJson(key: string, value: unknown): void {
    let text: string
    try {
      text = JSON.stringify(value)
    } catch (error) {
      safeLog(`latchkey storage: could not serialise ${key}`, error)
      return
    }
    writeRaw(key, text)
  }

  function readString<T extends string>(
    key: string,
    isValid: (value: string) => value is T,
  ): T | undefined {
    const value = readRaw(key)
    if (value === undefined) return undefined
    if (isValid(value)) return value
    safeLog(`latchkey storage: ignoring invalid value of ${key}`)
    return undefined
  }

  function readJson<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
    const text = readRaw(key)
    if (text === undefined) return undefined
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      safeLog(`latchkey storage: ignoring malformed JSON in ${key}`, error)
      return undefined
    }
    const parsed = parse(value)
    if (parsed === undefined) safeLog(`latchkey storage: ignoring invalid value of ${key}`)
    return parsed
  }

  /** Reads a { [namespace]: T } map, keeping the valid entries and logging the rest. */
  function readNamespaceRecord<T>(
    key: string,
    parseEntry: (value: unknown) => T | undefined,
  ): NamespaceRecord<T> {
    const stored = readJson(key, (value) => (isRecord(value) ? value : undefined)) ?? {}
    const result: NamespaceRecord<T> = {}
    for (const [namespace, value] of Object.entries(stored)) {
      const entry = isChainNamespace(namespace) ? parseEntry(value) : undefined
      if (entry === undefined) {
        safeLog(`latchkey storage: ignoring invalid entry '${namespace}' of ${key}`)
      } else {
        result[namespace as ChainNamespace] = entry
      }
    }
    return result
  }

  /** Sets (or, given undefined, removes) the namespace's entry of a { [namespace]: T } map. */
  function updateNamespaceRecord<T>(
    key: string,
    parseEntry: (value: unknown) => T | undefined,
    namespace: ChainNamespace,
    value: unknown,
  ): void {
    const entry = value === undefined ? undefined : parseEntry(value)
    if (!isChainNamespace(namespace) || (value !== undefined && entry === undefined)) {
      safeLog(`latchkey storage: not writing an invalid entry to ${key}`)
      return
    }
    const record = readNamespaceRecord(key, parseEntry)
    if (entry === undefined) delete record[namespace]
    else record[namespace] = entry
    if (Object.keys(record).length === 0) remove(key)
    else writeJson(key, record)
  }

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
