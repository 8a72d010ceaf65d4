import type { ConnectorInfo } from '@latchkey/core/internal'
import { createStore, type EIP6963ProviderDetail } from 'mipd'

/** The wagmi connector id of an EIP-6963 wallet is its rdns; one entry per rdns. */
export function toConnectors(details: readonly EIP6963ProviderDetail[]): ConnectorInfo[] {
  const byRdns = new Map<string, ConnectorInfo>()
  for (const { info, provider } of details) {
    if (!info?.rdns || typeof info.rdns !== 'string' || byRdns.has(info.rdns)) continue
    byRdns.set(info.rdns, {
      id: info.rdns,
      name: typeof info.name === 'string' && info.name.trim() ? info.name : info.rdns,
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl:
        typeof info.icon === 'string' && info.icon.startsWith('data:image/')
          ? info.icon
          : undefined,
      rdns: info.rdns,
      provider,
    })
  }
  return [...byRdns.values()]
}

/** EIP-6963 discovery on its own small store, so the wallet list shows before wagmi loads. */
export function watchInjectedConnectors(onChange: (connectors: ConnectorInfo[]) => void) {
  if (typeof window === 'undefined') return () => undefined
  const store = createStore()
  onChange(toConnectors(store.getProviders()))
  const unsubscribe = store.subscribe((details) => onChange(toConnectors(details)))
  return () => {
    unsubscribe()
    store.destroy()
  }
}
