// What each §3 storage entry may hold: the types, and the checks a stored value must pass to be
// read (or written) at all.
import type { ChainNamespace } from '../caip.ts'
import { ACCOUNT_TYPES, DEFAULT_SOCIALS } from '../constants.ts'
import { isNonEmptyString, isRecord } from '../guards.ts'

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

export type NamespaceRecord<T> = Partial<Record<ChainNamespace, T>>

export const CONNECTION_STATUSES: readonly string[] = [
  'connected',
  'disconnected',
  'connecting',
  'reconnecting',
]

// ---- Shape checks for what comes back from storage ----

export function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string'
}

export function isConnectionStatus(value: string): value is ConnectionStatus {
  return CONNECTION_STATUSES.includes(value)
}

export function isSocialProvider(value: string): value is SocialProvider {
  return (DEFAULT_SOCIALS as readonly string[]).includes(value)
}

/** §3 The social account's username as the frame gives it: not empty, at most 256 characters. */
export const USERNAME_MAX = 256
export function isSocialUsername(value: string): value is string {
  return value !== '' && value.length <= USERNAME_MAX
}

export function toAccountType(value: unknown): AccountType | undefined {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value)
    ? (value as AccountType)
    : undefined
}

/** Keeps only the stored fields, so a full directory entry never lands in storage. */
export function toRecentWallet(value: unknown): RecentWallet | undefined {
  if (!isRecord(value)) return undefined
  const { id, name, imageUrl, rdns } = value
  if (!isNonEmptyString(id) || typeof name !== 'string') return undefined
  if (!isOptionalString(imageUrl) || !isOptionalString(rdns)) return undefined
  const wallet: RecentWallet = { id, name }
  if (imageUrl !== undefined) wallet.imageUrl = imageUrl
  if (rdns !== undefined) wallet.rdns = rdns
  return wallet
}

export function toConnection(value: unknown): StoredConnection | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.connectorId)) return undefined
  if (!Array.isArray(value.accounts)) return undefined
  const accounts: { address: string }[] = []
  for (const account of value.accounts) {
    if (!isRecord(account) || !isNonEmptyString(account.address)) return undefined
    accounts.push({ address: account.address })
  }
  return { connectorId: value.connectorId, accounts }
}

export function toDeepLinkChoice(value: unknown): DeepLinkChoice | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.href) || typeof value.name !== 'string') {
    return undefined
  }
  return { href: value.href, name: value.name }
}

export function toLatestKitVersion(value: unknown): LatestKitVersion | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.version)) return undefined
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) return undefined
  return { version: value.version, timestamp: value.timestamp }
}

export function toStringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every(isNonEmptyString) ? [...new Set(value)] : undefined
}

export function toConnectionList(value: unknown): StoredConnection[] | undefined {
  if (!Array.isArray(value)) return undefined
  const connections = value.map(toConnection)
  return connections.every((c) => c !== undefined) ? (connections as StoredConnection[]) : undefined
}
