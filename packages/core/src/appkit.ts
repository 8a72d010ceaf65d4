import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AccountStatus, AdapterEngine, ChainAdapter, ConnectorInfo } from './adapter'
import { type CaipAddress, type ChainNamespace, parseCaipNetworkId } from './caip'
import { CACHE_TTL_MS, DEFAULT_SDK_TYPE, DEFAULT_SDK_VERSION, MODAL_SHAKE_MS } from './constants'
import { ErrorText, isUserRejectedError, SetupAlerts } from './errors'
import { type AppKitEvent, type AppKitEventName, createEmitter } from './events'
import { formatAmount } from './format'
import { closingRoute, initialModalState, isLoading, type ModalState, openingRoute } from './modal'
import type { CaipNetwork } from './networks'
import { initialRouterState, type RouteInput, type RouterState } from './router'
import { createRouterController } from './routerController'
import { createAppKitStorage, type KeyValueStorage } from './storage'
import { createToastController } from './toast'

export type ThemeMode = 'dark' | 'light'
export type ThemeVariables = Record<string, string | number>

export interface AppMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

export interface AppKitOptions {
  adapters?: ChainAdapter[]
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  projectId: string
  metadata?: AppMetadata
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** §2 The modal sits in the page: closing shows Account when connected. */
  enableEmbedded?: boolean
  /** §2 The app controls WalletConnect itself: opening shows ConnectingWalletConnectBasic. */
  manualWCControl?: boolean
  sdkType?: string
  sdkVersion?: string
  /** Where the instance keeps §3 storage entries; localStorage in a browser, nothing on a server. */
  storage?: KeyValueStorage
  apiUrl?: string
  relayUrl?: string
  frameUrl?: string
  analyticsUrl?: string
  debug?: boolean
}

export interface Balance {
  formatted: string
  symbol: string
  caipAddress: CaipAddress
  fetchedAt: number
}

export interface AccountState {
  status: AccountStatus
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  namespace?: ChainNamespace
  balance?: Balance
  balanceLoading: boolean
  balanceError?: string
  /** Set when the last connect attempt failed; the connecting view shows it with a retry. */
  connectError?: { rejected: boolean; message: string }
  switchError?: string
}

export interface ChainState {
  networks: readonly CaipNetwork[]
  activeCaipNetwork: CaipNetwork
  activeNamespace: ChainNamespace
  /** The wallet is on a chain the app does not list. */
  unsupported: boolean
}

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

/**
 * Disconnected (EIP-1193 4900/4901, or its message where a bridge dropped the code) or a
 * missing provider: the wallet is gone rather than refusing.
 */
export function isWalletGone(error: unknown): boolean {
  try {
    const e = error as { code?: unknown; name?: unknown; message?: unknown } | null
    if (e?.code === 4900 || e?.code === 4901 || e?.name === 'ProviderNotFoundError') return true
    return typeof e?.message === 'string' && /provider is disconnected/i.test(e.message)
  } catch {
    return false
  }
}

function validNetworks(networks: readonly CaipNetwork[], log: (m: string) => void) {
  return networks.filter((network) => {
    try {
      parseCaipNetworkId(network.caipNetworkId)
      return true
    } catch (error) {
      log((error as Error).message)
      return false
    }
  })
}

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function createAppKitCore(options: AppKitOptions) {
  const log = (message: string, detail?: unknown) => {
    if (options.debug) console.warn(`[latchkey] ${message}`, detail ?? '')
  }
  const networks = validNetworks(options.networks ?? [], log)
  const firstNetwork = networks[0]
  if (!firstNetwork) throw new Error(SetupAlerts.APKT001.shortMessage)
  const adapters = options.adapters ?? []
  const storage = createAppKitStorage(options.storage ?? defaultStorage(), log)
  const toast = createToastController()
  const events = createEmitter<AppKitEvent>()
  const track = (event: AppKitEventName, properties?: Record<string, unknown>) =>
    events.emit({ timestamp: Date.now(), data: { type: 'track', event, properties } })

  const storedNetworkId = storage.getActiveCaipNetworkId()
  const initialNetwork =
    networks.find((n) => n.caipNetworkId === storedNetworkId) ??
    networks.find((n) => n.caipNetworkId === options.defaultNetwork?.caipNetworkId) ??
    firstNetwork

  const modal = createStore<ModalState>(initialModalState)
  const routerStore: StoreApi<RouterState> = createStore<RouterState>(initialRouterState)
  const account = createStore<AccountState>(() => ({
    status: 'disconnected',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks,
    activeCaipNetwork: initialNetwork,
    activeNamespace: initialNetwork.chainNamespace,
    unsupported: false,
  }))
  const connectors = createStore<{ list: ConnectorInfo[] }>(() => ({ list: [] }))
  const theme = createStore<ThemeState>(() => ({
    themeMode: options.themeMode ?? 'dark',
    themeVariables: options.themeVariables ?? {},
  }))

  const isConnected = () => account.getState().status === 'connected'
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  function close() {
    if (!modal.getState().open) return
    modal.setState({ open: false })
    router.reset(closingRoute(Boolean(options.enableEmbedded), isConnected()))
    account.setState({ connectError: undefined, switchError: undefined })
    track('MODAL_CLOSE', { connected: isConnected() })
  }

  const router = createRouterController(routerStore, { isConnected, close })

  function open(opts: { view?: RouteInput } = {}) {
    const route = openingRoute({
      requested: opts.view,
      isConnected: isConnected(),
      isMobile: isMobileDevice(),
      hasAdapters: adapters.length > 0,
      manualControl: Boolean(options.manualWCControl),
      isUnsupportedChain: chain.getState().unsupported,
    })
    router.reset(route)
    modal.setState({ open: true })
    track('MODAL_OPEN', { connected: isConnected() })
    if (isConnected()) void refreshBalance()
  }

  function shake() {
    clearTimeout(shakeTimer)
    modal.setState({ shake: true })
    shakeTimer = setTimeout(() => modal.setState({ shake: false }), MODAL_SHAKE_MS)
  }

  function setLoading(namespace: ChainNamespace, loading: boolean) {
    modal.setState({ loading: { ...modal.getState().loading, [namespace]: loading } })
  }

  const engines = new Map<ChainNamespace, Promise<AdapterEngine>>()
  const engineWatchers = new Map<ChainNamespace, () => void>()

  function adapterFor(namespace: ChainNamespace) {
    return adapters.find((a) => a.namespace === namespace)
  }

  function loadEngine(namespace: ChainNamespace): Promise<AdapterEngine> {
    let engine = engines.get(namespace)
    if (engine) return engine
    const adapter = adapterFor(namespace)
    if (!adapter) return Promise.reject(new Error(SetupAlerts.APKT001.shortMessage))
    const ownNetworks = networks.filter((n) => n.chainNamespace === namespace)
    engine = adapter.load({ networks: ownNetworks, projectId: options.projectId }).then((e) => {
      engineWatchers.set(
        namespace,
        e.watchAccount((snapshot) => onAccount(namespace, snapshot)),
      )
      return e
    })
    engine.catch((error) => {
      engines.delete(namespace)
      log('adapter failed to load', error)
    })
    engines.set(namespace, engine)
    return engine
  }

  function onAccount(
    namespace: ChainNamespace,
    snapshot: { status: AccountStatus; address?: string; chainId?: number | string },
  ) {
    if (snapshot.status !== 'connected' || !snapshot.address || snapshot.chainId === undefined) {
      if (snapshot.status === 'disconnected' && account.getState().namespace === namespace) {
        clearAccount(namespace)
      }
      return
    }
    const caipNetworkId = `${namespace}:${snapshot.chainId}` as const
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    const caipAddress = `${caipNetworkId}:${snapshot.address}` as CaipAddress
    account.setState({ status: 'connected', address: snapshot.address, caipAddress, namespace })
    chain.setState({ unsupported: !network, activeNamespace: namespace })
    if (network) {
      chain.setState({ activeCaipNetwork: network })
      storage.setActiveCaipNetworkId(network.caipNetworkId)
      void refreshBalance()
    } else if (modal.getState().open) {
      router.reset('UnsupportedChain')
    }
  }

  function clearAccount(namespace: ChainNamespace) {
    const connectorId = account.getState().connectorId
    if (connectorId) storage.addDisconnectedConnectorId(namespace, connectorId)
    storage.removeConnections(namespace)
    storage.removeConnectedConnectorId(namespace)
    storage.removeConnectedNamespace(namespace)
    storage.setConnectionStatus('disconnected')
    account.setState(
      { status: 'disconnected', balanceLoading: false, connectError: undefined },
      true,
    )
    chain.setState({ unsupported: false })
    if (modal.getState().open) router.reset('Connect')
  }

  async function connect(connectorId: string) {
    const connector = connectors.getState().list.find((c) => c.id === connectorId)
    const namespace = connector?.chain ?? chain.getState().activeNamespace
    router.setWallet(
      connector && { id: connector.id, name: connector.name, imageUrl: connector.imageUrl },
    )
    router.push({ view: 'ConnectingExternal', params: { connectorId } })
    account.setState({ status: 'connecting', connectError: undefined })
    setLoading(namespace, true)
    track('SELECT_WALLET', { name: connector?.name, platform: 'browser' })
    try {
      const engine = await loadEngine(namespace)
      const network = chain.getState().activeCaipNetwork
      const snapshot = await engine.connect(
        connectorId,
        network.chainNamespace === namespace ? network : undefined,
      )
      storage.setConnectedConnectorId(namespace, connectorId)
      storage.addConnectedNamespace(namespace)
      storage.setActiveNamespace(namespace)
      storage.setConnectionStatus('connected')
      storage.removeDisconnectedConnectorId(namespace, connectorId)
      if (snapshot.address) {
        storage.setConnections(namespace, [
          { connectorId, accounts: [{ address: snapshot.address }] },
        ])
      }
      if (connector) {
        const wallet = { id: connector.id, name: connector.name, rdns: connector.rdns }
        storage.addRecentWallet(wallet)
        storage.setRecentWallet(wallet)
      }
      account.setState({ connectorId })
      onAccount(namespace, snapshot)
      router.reset(chain.getState().unsupported ? 'UnsupportedChain' : 'Account')
      track('CONNECT_SUCCESS', { method: 'browser', name: connector?.name })
    } catch (error) {
      account.setState({ status: 'disconnected' })
      const rejected = isUserRejectedError(error)
      track('CONNECT_ERROR', { message: (error as Error)?.message })
      if (!rejected && isWalletGone(error)) {
        router.reset('Connect')
        toast.showError(ErrorText.failedToConnect)
        return
      }
      account.setState({
        connectError: {
          rejected,
          message: rejected ? ErrorText.connectionRejected : ErrorText.failedToConnect,
        },
      })
    } finally {
      setLoading(namespace, false)
    }
  }

  async function disconnect() {
    const namespace = account.getState().namespace ?? chain.getState().activeNamespace
    try {
      const engine = await loadEngine(namespace)
      await engine.disconnect()
      track('DISCONNECT_SUCCESS')
    } catch (error) {
      log('disconnect failed', error)
      track('DISCONNECT_ERROR')
    }
    clearAccount(namespace)
  }

  async function switchNetwork(network: CaipNetwork) {
    const known = networks.find((n) => n.caipNetworkId === network?.caipNetworkId)
    if (!known) {
      log(`unknown network ${String(network?.caipNetworkId)}`)
      return
    }
    if (!isConnected() || account.getState().namespace !== known.chainNamespace) {
      chain.setState({ activeCaipNetwork: known, activeNamespace: known.chainNamespace })
      storage.setActiveCaipNetworkId(known.caipNetworkId)
      if (modal.getState().open) router.goBack()
      return
    }
    account.setState({ switchError: undefined })
    if (modal.getState().open) {
      router.push({ view: 'SwitchNetwork', params: { caipNetworkId: known.caipNetworkId } })
    }
    try {
      const engine = await loadEngine(known.chainNamespace)
      await engine.switchNetwork(known)
      chain.setState({ activeCaipNetwork: known, unsupported: false })
      storage.setActiveCaipNetworkId(known.caipNetworkId)
      track('SWITCH_NETWORK', { network: known.caipNetworkId })
      if (modal.getState().open) router.reset('Account')
    } catch (error) {
      account.setState({
        switchError: isUserRejectedError(error)
          ? ErrorText.userRejected
          : ErrorText.chainNotApproved(known.caipNetworkId),
      })
    }
  }

  async function refreshBalance({ force = false } = {}) {
    const { address, caipAddress, namespace, balance } = account.getState()
    const network = chain.getState().activeCaipNetwork
    if (!address || !caipAddress || !namespace || chain.getState().unsupported) return
    const fresh =
      balance?.caipAddress === caipAddress &&
      Date.now() - balance.fetchedAt < CACHE_TTL_MS.nativeBalance
    if (fresh && !force) return
    account.setState({ balanceLoading: true, balanceError: undefined })
    try {
      const engine = await loadEngine(namespace)
      const result = await engine.getBalance(address, network)
      if (account.getState().caipAddress !== caipAddress) return
      account.setState({
        balance: {
          formatted: formatAmount(result.value, result.decimals),
          symbol: result.symbol,
          caipAddress,
          fetchedAt: Date.now(),
        },
      })
    } catch (error) {
      log('balance failed', error)
      account.setState({ balanceError: ErrorText.tokenBalanceUnavailable })
    } finally {
      account.setState({ balanceLoading: false })
    }
  }

  async function reconnect(namespace: ChainNamespace) {
    const connectorId = storage.getConnectedConnectorId(namespace)
    if (!connectorId) return
    account.setState({ status: 'reconnecting', connectorId, namespace })
    try {
      const engine = await loadEngine(namespace)
      if (await engine.reconnect(connectorId)) return
    } catch (error) {
      log('reconnect failed', error)
    }
    if (account.getState().status !== 'connected') clearAccount(namespace)
  }

  let started = false
  const stops: (() => void)[] = []

  /** Browser-only start: wallet discovery now, adapters after first paint, reconnect. */
  function start() {
    if (started || typeof window === 'undefined') return
    started = true
    for (const adapter of adapters) {
      stops.push(
        adapter.watchConnectors((list) => {
          const others = connectors.getState().list.filter((c) => c.chain !== adapter.namespace)
          connectors.setState({ list: [...others, ...list] })
        }),
      )
    }
    const afterPaint = () => {
      for (const adapter of adapters) {
        if (storage.getConnectedConnectorId(adapter.namespace)) void reconnect(adapter.namespace)
        else void loadEngine(adapter.namespace).catch(() => undefined)
      }
    }
    if ('requestIdleCallback' in window) window.requestIdleCallback(afterPaint, { timeout: 500 })
    else setTimeout(afterPaint, 1)
  }

  function destroy() {
    for (const stop of stops.splice(0)) stop()
    for (const stop of engineWatchers.values()) stop()
    clearTimeout(shakeTimer)
  }

  return {
    options: {
      ...options,
      sdkType: options.sdkType ?? DEFAULT_SDK_TYPE,
      sdkVersion: options.sdkVersion ?? DEFAULT_SDK_VERSION,
    },
    stores: { modal, router: routerStore, account, chain, connectors, theme, toast: toast.store },
    storage,
    toast,
    router,
    open,
    close,
    shake,
    connect,
    disconnect,
    switchNetwork,
    refreshBalance,
    start,
    destroy,
    loadEngine,
    subscribeEvents: events.subscribe,
    recentWallets: () => storage.getRecentWallets(),
    getState: () => ({
      open: modal.getState().open,
      loading: isLoading(modal.getState()),
      activeChain: chain.getState().activeNamespace,
      selectedNetworkId: chain.getState().activeCaipNetwork.caipNetworkId,
    }),
    setThemeMode: (themeMode: ThemeMode) => theme.setState({ themeMode }),
    setThemeVariables: (themeVariables: ThemeVariables) =>
      theme.setState({ themeVariables: { ...theme.getState().themeVariables, ...themeVariables } }),
  }
}

export type AppKitCore = ReturnType<typeof createAppKitCore>

function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}
