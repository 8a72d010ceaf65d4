// The flows that act through the visitor's wallet (Send, Swap, Buy, Names), each loaded on first
// use: parts.ts makes the parts they run on.
import type { ApiClient } from '../api/api.ts'
import type { ChainNamespace } from '../caip.ts'
import type { ConnectionController } from '../connection/index.ts'
import type { PortfolioController } from '../portfolio/portfolio.ts'
import { lazy } from './lazy.ts'
import type { InstanceContext } from './parts.ts'

export interface FlowDeps {
  api(): Promise<ApiClient>
  connection(): Promise<ConnectionController>
  portfolio(): Promise<PortfolioController>
  refreshPortfolio(opts?: { force?: boolean }): Promise<void>
}

export function createFlowParts(ctx: InstanceContext, deps: FlowDeps) {
  const { stores, router, toast, track, log } = ctx
  const { api, connection, portfolio, refreshPortfolio } = deps

  /** What Send and Swap share: the visitor's account and balances, the wallet, feedback */
  const walletFlow = {
    loadEngine: (namespace: ChainNamespace) => connection().then((c) => c.loadEngine(namespace)),
    refreshPortfolio: () => refreshPortfolio({ force: true }),
    toast,
    track,
    log,
  }
  const flowStores = { account: stores.account, chain: stores.chain, portfolio: stores.portfolio }

  const names = lazy(() =>
    import('../names/names.ts').then((m) =>
      m.createNamesController({
        stores: { account: stores.account, chain: stores.chain, names: stores.names },
        api,
        sign: (message) =>
          connection()
            .then((c) => c.loadEngine('eip155'))
            .then((engine) => engine.signMessage(message)),
        router,
        nameRegistered: (address, name) =>
          void portfolio()
            .then((p) => p.nameRegistered(address, name))
            .catch((error: unknown) => log('profile name not kept', error)),
        track,
        log,
      }),
    ),
  )

  const send = lazy(() =>
    import('../send/send.ts').then((m) =>
      m.createSendController({
        ...walletFlow,
        stores: { ...flowStores, send: stores.send },
        resolveName: (name) => names().then((n) => n.resolve(name)),
      }),
    ),
  )

  const swap = lazy(() =>
    import('../swap/swap.ts').then((m) =>
      m.createSwapController({
        ...walletFlow,
        stores: { ...flowStores, swap: stores.swap },
        convert: () => api().then((client) => client.convert),
      }),
    ),
  )

  const onramp = lazy(() =>
    import('../onramp/onramp.ts').then((m) =>
      m.createOnrampController({
        stores: { account: stores.account, chain: stores.chain, onramp: stores.onramp },
        onramp: () => api().then((client) => client.onramp),
        refreshPortfolio: () => refreshPortfolio({ force: true }),
        toast,
        track,
        log,
        timezone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
        balances: async (address, network) =>
          (await api()).getBalances(address, network, { forceUpdate: true }),
      }),
    ),
  )

  return { send, swap, onramp, names }
}
