// createAppKitCore: one instance of the modal's logic, framework-free and SSR-safe (nothing at
// module level). Its parts live under appkit/: the stores, the lazily loaded controllers, the
// modal's actions, what follows the account, the start in a browser.

import { createAlertController } from './alerts.ts'
import { resolveServiceUrls } from './api/serviceUrls.ts'
import {
  defaultStorage,
  isMobileDevice,
  isSocialLoginReturn,
  openCheckoutPopup,
} from './appkit/browser.ts'
import { embeddedApi } from './appkit/embeddedApi.ts'
import { forward } from './appkit/lazy.ts'
import { createModalControl } from './appkit/modalControl.ts'
import { type AppKitOptions, validNetworks } from './appkit/options.ts'
import { createParts, type InstanceContext } from './appkit/parts.ts'
import { startInstance } from './appkit/start.ts'
import { codeFeaturesOf, createInstanceStores } from './appkit/stores.ts'
import type { ThemeMode, ThemeVariables } from './appkitState.ts'
import type { ChainNamespace } from './caip.ts'
import { resolveCoinbasePreference } from './connection/coinbasePreference.ts'
import { DEFAULT_SDK_TYPE, DEFAULT_SDK_VERSION, EARLY_EVENTS_LIMIT } from './constants.ts'
import type { SetupAlertCode } from './errors.ts'
import { type AppKitEvent, type AppKitEventName, createEmitter, VIEW_EVENTS } from './events.ts'
import {
  type CaipNetwork,
  caipNetworkIdOf,
  mainnet,
  type ViemChainLike,
  withCustomRpcUrls,
} from './networks.ts'
import { isLoading } from './router/modal.ts'
import type { WalletRef } from './router/router.ts'
import { createRouterController } from './router/routerController.ts'
import { createToastController } from './router/toast.ts'
import { readStoredValue, StorageKeys } from './storage/storageKeys.ts'

const noop = () => {}

export function createAppKitCore(options: AppKitOptions) {
  const log = (message: string, detail?: unknown) => {
    if (options.debug) console.warn(`[latchkey] ${message}`, detail ?? '')
  }
  const configured = withCustomRpcUrls(
    validNetworks(options.networks ?? [], log),
    options.customRpcUrls,
  )
  // §9 Default chain eip155:1 (`mainnet`): an app with no (valid) network gets it and APKT001,
  // not a crash.
  const networks: readonly CaipNetwork[] = configured.length > 0 ? configured : [mainnet]
  const backend = options.storage ?? defaultStorage()
  const storedNetworkId = readStoredValue(backend, StorageKeys.activeCaipNetworkId, log)
  const initialNetwork =
    networks.find((n) => n.caipNetworkId === storedNetworkId) ??
    networks.find((n) => n.caipNetworkId === options.defaultNetwork?.caipNetworkId) ??
    (networks[0] as CaipNetwork)
  const codeFeatures = codeFeaturesOf(options)
  const stores = createInstanceStores(options, networks, initialNetwork, codeFeatures)
  const alerts = createAlertController()
  if (configured.length === 0) alerts.raise('APKT001')
  // Only a debugging app pays for the list of AppKit options Latchkey does not act on yet.
  if (options.debug) void import('./appkitOptions.ts').then((m) => m.logUnsupported(options, log))
  const coinbasePreference = resolveCoinbasePreference(options.coinbasePreference, (m) =>
    console.warn(`[latchkey] ${m}`),
  )
  const toast = createToastController()
  const events = createEmitter<AppKitEvent>()
  const track = (event: AppKitEventName, properties?: Record<string, unknown>) =>
    events.emit({ timestamp: Date.now(), data: { type: 'track', event, properties } })
  // The events before analytics loads (after first paint) wait here for it (README "Analytics").
  const earlyEvents: AppKitEvent[] = []
  const stopEarlyEvents = events.subscribe((event) => {
    if (earlyEvents.length < EARLY_EVENTS_LIMIT) earlyEvents.push(event)
  })
  const sdkType = options.sdkType ?? DEFAULT_SDK_TYPE
  const sdkVersion = options.sdkVersion ?? DEFAULT_SDK_VERSION

  const router = createRouterController(stores.router, {
    isConnected: () => stores.account.getState().status === 'connected',
    close: () => modalControl.close(),
    pushed: (view) => {
      const event = VIEW_EVENTS[view]
      if (event) track(event)
    },
    wentBack: (view) => {
      if (view === 'ConnectingFarcaster') {
        void parts.farcasterLogin.ifStarted()?.then((c) => c.wentBack(), noop)
      }
    },
  })
  let pageOrigin: Promise<SetupAlertCode | undefined> = Promise.resolve(undefined)
  const ctx: InstanceContext = {
    options,
    networks,
    adapters: options.adapters ?? [],
    serviceUrls: resolveServiceUrls(options),
    sdkType,
    sdkVersion,
    backend,
    codeFeatures,
    stores,
    router,
    toast,
    alerts,
    track,
    log,
    pageOrigin: () => pageOrigin,
  }
  const parts = createParts(ctx, () => modalControl)
  let started = false
  const modalControl = createModalControl(ctx, parts, () => started)
  const { open, close, shake } = modalControl
  const { connection, directory, refreshPortfolio, send, swap, onramp, siwxFlow, names } = parts
  const { modal, chain, theme } = stores
  const stops: (() => void)[] = []

  /** Browser-only start: wallet discovery now, adapters after first paint, reconnect. */
  function start() {
    if (started || typeof window === 'undefined' || isSocialLoginReturn(window)) return
    started = true
    const begun = startInstance(ctx, parts, coinbasePreference, {
      subscribe: events.subscribe,
      takeEarly: () => {
        stopEarlyEvents()
        return earlyEvents.splice(0)
      },
    })
    stops.push(...begun.stops)
    pageOrigin = begun.pageOrigin
  }

  function destroy() {
    for (const stop of stops.splice(0)) stop()
    void connection.ifStarted()?.then((c) => c.destroy(), noop)
    void directory.ifStarted()?.then((d) => d.destroy(), noop)
    modalControl.stop()
  }

  return {
    options: { ...options, sdkType, sdkVersion },
    /** With `debug`: ignored input, said once to the console ('[latchkey] …') */
    log,
    stores: { ...stores, toast: toast.store, alerts: alerts.store },
    /** The validating §3 storage; it loads with the connection logic, after first paint. */
    storage: parts.storage,
    toast,
    router,
    alerts,
    /** The wallet/config service's client, loaded on first use. */
    api: parts.api,
    /** §2 wallet list actions; state in `stores.directory`. Each loads the controller first. */
    directory: forward(directory, ['fetchInitial', 'fetchNextPage', 'setSearch', 'resetSearch']),
    /** Token balances, activity and identity; state in `stores.portfolio`. Loads lazily. */
    portfolio: {
      refresh: refreshPortfolio,
    },
    /** §4 WalletConnect pairing; state in `stores.walletConnect`. Loads WalletConnect on start. */
    walletConnect: {
      start: (wallet?: WalletRef) => connection().then((c) => c.startWalletConnect(wallet)),
      stop: () => void connection.ifStarted()?.then((c) => c.stopWalletConnect(), noop),
      /** The session as EIP-1193 (EVM), for apps that drive WalletConnect themselves. */
      getProvider: () => connection().then((c) => c.walletConnectProvider()),
    },
    /** §5 Send; state in `stores.send`. Loads the send logic on first use. */
    send: {
      ...forward(send, ['selectToken', 'preselectToken', 'setMax', 'validate', 'send', 'reset']),
      // Typing updates the store at once: a controlled input must not wait for a chunk.
      setAmount: (amount: string) =>
        stores.send.setState({ amount, error: undefined, status: 'editing' }),
      setReceiver: (receiver: string) =>
        stores.send.setState({ receiver, error: undefined, status: 'editing' }),
    },
    /** Swap; state in `stores.swap`. Loads the swap logic on first use (README "Swap"). */
    swap: {
      ...forward(swap, ['load', 'selectToken', 'flip', 'setMax', 'refreshQuote', 'swap', 'reset']),
      // Typing updates the store at once; the quote follows once the visitor stops typing.
      setAmount: (amount: string) => {
        stores.swap.setState({ amount, error: undefined, status: 'editing' })
        return swap().then((c) => c.setAmount(amount))
      },
      /** Fresh quotes while the form is open; the returned stop ends them. */
      watch: () => whenLoaded(swap(), (c) => c.watch()),
      /** Fresh quotes on each block while previewing; the returned stop ends them. */
      watchBlocks: () => whenLoaded(swap(), (c) => c.watchBlocks()),
    },
    /** Buy crypto (§1 onramp); state in `stores.onramp`. Loads its logic on first use. */
    onramp: {
      ...forward(onramp, [
        'load',
        'selectAsset',
        'selectMethod',
        'selectCurrency',
        'toggleAmountIn',
        'refreshQuote',
        'reset',
      ]),
      // Typing updates the store at once; the quote follows once the visitor stops typing.
      setAmount: (amount: string) => {
        stores.onramp.setState({ amount, error: undefined, status: 'editing' })
        return onramp().then((c) => c.setAmount(amount))
      },
      /** Call it in the visitor's click: the checkout's popup opens at once (blockers allow nothing later). */
      buy: (providerId?: string) => {
        const popup = openCheckoutPopup()
        return onramp().then(
          (c) => c.buy(popup, providerId),
          (error: unknown) => {
            popup?.close()
            throw error
          },
        )
      },
    },
    /** §4 Account names (README "Names"); state in `stores.names`. Loads its logic on first use. */
    names: {
      ...forward(names, ['load', 'register', 'resolve', 'namesOf', 'reset']),
      // Typing updates the store at once; the suggestions follow once the visitor pauses.
      setInput: (input: string) => {
        stores.names.setState({ input })
        return names().then((c) => c.setInput(input))
      },
    },
    /** §4 Sign-In with X; state in `stores.siwx`. */
    siwx: {
      /** `captureEmail` (§4 DataCapture) resolves with the error to show, or undefined once stored */
      ...forward(siwxFlow, ['signIn', 'cancel', 'captureEmail']),
      required: () => Boolean(options.siwx?.required),
    },
    /** §4 Email login and email change through the embedded wallet; state in `stores.embedded`. */
    embedded: embeddedApi(ctx, parts),
    /** Phone or tablet: deep links before QR codes (§2). */
    isMobile: isMobileDevice,
    open,
    close,
    shake,
    connect: (connectorId: string, target?: CaipNetwork) =>
      connection().then((c) => c.connect(connectorId, target)),
    /** Every namespace; `{ namespace }` or `{ id }` (a connector's id): only that wallet */
    disconnect: (only?: { namespace?: ChainNamespace; id?: string }) =>
      connection().then((c) => c.disconnect(only)),
    /** One of the app's networks, named by itself or by a viem `Chain` of the same id. */
    switchNetwork: (network: CaipNetwork | ViemChainLike) =>
      connection().then((c) => {
        const id = caipNetworkIdOf(network)
        const known = networks.find((n) => n.caipNetworkId === id)
        return c.switchNetwork(known ?? (network as CaipNetwork))
      }),
    /** The native balance and the token list, from one answer (README "Balances"). */
    refreshBalance: (opts?: { force?: boolean }) => refreshPortfolio(opts),
    loadEngine: (namespace: ChainNamespace) => connection().then((c) => c.loadEngine(namespace)),
    start,
    destroy,
    subscribeEvents: events.subscribe,
    /** §7 Wallets a list shows, with their place in it: one WALLET_IMPRESSION each (analytics batches them) */
    walletImpressions(
      view: string,
      wallets: readonly { id: string; name: string; displayIndex: number }[],
    ) {
      for (const { id, name, displayIndex } of wallets) {
        track('WALLET_IMPRESSION', { view, explorerId: id, name, displayIndex })
      }
    },
    getState: () => ({
      open: modal.getState().open,
      loading: isLoading(modal.getState()),
      activeChain: chain.getState().activeNamespace,
      selectedNetworkId: chain.getState().activeCaipNetwork.caipNetworkId,
    }),
    setThemeMode(themeMode: ThemeMode) {
      if (themeMode === 'dark' || themeMode === 'light') theme.setState({ themeMode })
      else log(`ignored theme mode ${String(themeMode)}`)
    },
    setThemeVariables: (themeVariables: ThemeVariables) =>
      theme.setState({ themeVariables: { ...theme.getState().themeVariables, ...themeVariables } }),
  }
}

/** Starts a watch once its controller has loaded; the stop works before that too. */
function whenLoaded<C>(loading: Promise<C>, start: (controller: C) => () => void): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  void loading.then((controller) => {
    if (!stopped) stop = start(controller)
  }, noop)
  return () => {
    stopped = true
    stop?.()
  }
}

export type AppKitCore = ReturnType<typeof createAppKitCore>
