// The adapter's connectors: Wallet Standard wallets first, then the Sats Connect providers not
// already listed under the same name (a wallet may announce itself both ways). First-load code.
import type { ConnectorInfo } from '@latchkey/core/internal'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SatsProviderInfo } from './satsProtocol.ts'
import { announcedProviders, providerAt, satsConnectorId } from './satsProviders.ts'
import { isBitcoinWallet, standardConnectorId } from './standardWallets.ts'

const imageOf = (icon: unknown) =>
  typeof icon === 'string' && icon.startsWith('data:image/') ? icon : undefined

export function toConnectors(
  wallets: readonly Wallet[],
  providers: readonly SatsProviderInfo[],
): ConnectorInfo[] {
  const byId = new Map<string, ConnectorInfo>()
  const names = new Set<string>()
  for (const wallet of wallets) {
    const id = standardConnectorId(wallet)
    if (!isBitcoinWallet(wallet) || byId.has(id)) continue
    names.add(wallet.name)
    byId.set(id, {
      id,
      name: wallet.name,
      type: 'ANNOUNCED',
      chain: 'bip122',
      imageUrl: imageOf(wallet.icon),
      provider: wallet,
    })
  }
  for (const info of providers) {
    const provider = providerAt(info.id)
    if (!provider || names.has(info.name)) continue
    names.add(info.name)
    byId.set(satsConnectorId(info), {
      id: satsConnectorId(info),
      name: info.name,
      type: 'INJECTED',
      chain: 'bip122',
      imageUrl: imageOf(info.icon),
      provider,
    })
  }
  return [...byId.values()]
}

/**
 * Wallet Standard wallets as they register and unregister; `btc_providers` now and once the page
 * has loaded (extensions fill it before the page's scripts run; the protocol has no event).
 */
export function watchBitcoinConnectors(onChange: (connectors: ConnectorInfo[]) => void) {
  if (typeof window === 'undefined') return () => undefined
  const wallets = getWallets()
  const emit = () => onChange(toConnectors(wallets.get(), announcedProviders()))
  const offs = [wallets.on('register', emit), wallets.on('unregister', emit)]
  if (document.readyState !== 'complete') {
    window.addEventListener('load', emit, { once: true })
    offs.push(() => window.removeEventListener('load', emit))
  }
  emit()
  return () => {
    for (const off of offs) off()
  }
}
