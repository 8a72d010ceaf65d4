// Sats Connect discovery: the wallets announced in `window.btc_providers`. First-load code.
import { PROVIDER_POLL_MS, SATS_CONNECT_CONNECTOR_PREFIX } from './constants.ts'
import type { SatsProvider, SatsProviderInfo } from './satsProtocol.ts'

declare global {
  interface Window {
    btc_providers?: unknown
  }
}

/** A path segment that reaches a prototype instead of an object the wallet put there. */
const UNSAFE_SEGMENT = new Set(['__proto__', 'prototype', 'constructor'])

function isProviderInfo(value: unknown): value is SatsProviderInfo {
  const info = value as Partial<SatsProviderInfo> | null
  return (
    typeof info === 'object' &&
    info !== null &&
    typeof info.id === 'string' &&
    /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(info.id) &&
    !info.id.split('.').some((segment) => UNSAFE_SEGMENT.has(segment)) &&
    typeof info.name === 'string' &&
    info.name.trim() !== ''
  )
}

/** The wallets of `window.btc_providers`, well-formed entries only, once per id. */
export function announcedProviders(): SatsProviderInfo[] {
  if (typeof window === 'undefined' || !Array.isArray(window.btc_providers)) return []
  const seen = new Set<string>()
  return (window.btc_providers as unknown[]).filter((entry): entry is SatsProviderInfo => {
    if (!isProviderInfo(entry) || seen.has(entry.id)) return false
    seen.add(entry.id)
    return true
  })
}

/** The provider object at an announced path (`XverseProviders.BitcoinProvider`), if it is one. */
export function providerAt(path: string): SatsProvider | undefined {
  if (typeof window === 'undefined') return undefined
  let current: unknown = window
  for (const segment of path.split('.')) {
    if (UNSAFE_SEGMENT.has(segment) || current === null || typeof current !== 'object') {
      return undefined
    }
    current = (current as Record<string, unknown>)[segment]
  }
  const request = (current as Partial<SatsProvider> | undefined)?.request
  return typeof request === 'function' ? (current as SatsProvider) : undefined
}

export function satsConnectorId(info: SatsProviderInfo): string {
  return `${SATS_CONNECT_CONNECTOR_PREFIX}${info.id}`
}

export function findSatsProvider(connectorId: string) {
  const info = announcedProviders().find((entry) => satsConnectorId(entry) === connectorId)
  const provider = info && providerAt(info.id)
  return info && provider ? { info, provider } : undefined
}

/** The announced provider with this connector id, looked for until `ms` has passed. */
export async function waitForSatsProvider(connectorId: string, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    const found = findSatsProvider(connectorId)
    if (found || Date.now() >= deadline) return found
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_POLL_MS))
  }
}
