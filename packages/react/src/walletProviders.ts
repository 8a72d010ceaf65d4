import type { AccountState, AppKitCore, ChainNamespace } from '@latchkey/core/internal'

/** AppKit's `subscribeProviders` answer: each connected namespace's wallet provider. */
export type WalletProviders = Partial<Record<ChainNamespace, unknown>>

/** The connector behind each connected namespace (the active account's first). */
function connectorsOf(account: AccountState): [ChainNamespace, string | undefined][] {
  if (account.status !== 'connected') return []
  const byNamespace = new Map<ChainNamespace, string | undefined>()
  if (account.namespace) byNamespace.set(account.namespace, account.connectorId)
  for (const [namespace, connection] of Object.entries(account.connections ?? {})) {
    const ns = namespace as ChainNamespace
    if (connection && !byNamespace.has(ns)) byNamespace.set(ns, connection.connectorId)
  }
  return [...byNamespace]
}

/**
 * Keeps each connected wallet's provider at hand, so an app without React can read it at once
 * (`getWalletProvider()`) or follow it (`subscribeProviders`). Providers come from the adapters'
 * engines, which are loaded by the time a wallet is connected.
 */
export function trackWalletProviders(core: Pick<AppKitCore, 'stores' | 'loadEngine'>) {
  let providers: WalletProviders = {}
  let key = ''
  let generation = 0
  const listeners = new Set<(providers: WalletProviders) => void>()

  const follow = (account: AccountState) => {
    const connectors = connectorsOf(account)
    const next = JSON.stringify(connectors)
    if (next === key) return
    key = next
    const run = ++generation
    // A namespace whose engine does not load has no provider; its connect already said why.
    void Promise.allSettled(
      connectors.map(async ([namespace, connectorId]) => {
        const provider = await (await core.loadEngine(namespace)).getProvider(connectorId)
        return [namespace, provider] as const
      }),
    ).then((results) => {
      if (run !== generation) return
      const pairs = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      providers = Object.fromEntries(pairs.filter(([, provider]) => provider !== undefined))
      for (const listener of listeners) listener(providers)
    })
  }

  follow(core.stores.account.getState())
  const stop = core.stores.account.subscribe(follow)
  return {
    get: (namespace: ChainNamespace) => providers[namespace],
    subscribe(listener: (providers: WalletProviders) => void) {
      listeners.add(listener)
      listener(providers)
      return () => void listeners.delete(listener)
    },
    stop,
  }
}
