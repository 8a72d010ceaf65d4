import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DefaultAccountTypes } from './accountTypes.ts'
import type { ChainAdapter, ConnectorInfo } from './adapter.ts'
import { createAlertController } from './alerts.ts'
import type { ApiClient } from './api.ts'
import type { AppKitCompatOptions } from './appkitOptions.ts'
import type {
  AccountState,
  AppMetadata,
  ChainState,
  ThemeMode,
  ThemeState,
  ThemeVariables,
} from './appkitState.ts'
import { type ChainNamespace, parseCaipNetworkId } from './caip.ts'
import {
  type CoinbasePreference,
  offeredConnectors,
  resolveCoinbasePreference,
} from './coinbasePreference.ts'
import type { ConnectionController } from './connection/index.ts'
import {
  DEFAULT_SDK_TYPE,
  DEFAULT_SDK_VERSION,
  DEFAULT_THEME_MODE,
  MODAL_SHAKE_MS,
  SOCIAL_POPUP,
} from './constants.ts'
import type { DirectoryController } from './directory.ts'
import { type DirectoryState, initialDirectoryState } from './directoryState.ts'
import type { EmailLogin } from './emailLogin.ts'
import {
  type EmbeddedState,
  initialEmbeddedState,
  type OAuthSocialProvider,
} from './embeddedState.ts'
import { ErrorText, type SetupAlertCode } from './errors.ts'
import { type AppKitEvent, type AppKitEventName, createEmitter } from './events.ts'
import { type CodeFeatures, type FeaturesState, initialFeaturesState } from './features.ts'
import {
  closingRoute,
  initialModalState,
  isLoading,
  type ModalState,
  openingRoute,
} from './modal.ts'
import {
  type CaipNetwork,
  caipNetworkIdOf,
  mainnet,
  type ViemChainLike,
  withCustomRpcUrls,
} from './networks.ts'
import { type OpenOptions, openNamespace, sendArguments } from './openOptions.ts'
import type { PortfolioController } from './portfolio.ts'
import { initialPortfolioState, type PortfolioState } from './portfolioState.ts'
import { initialRouterState, type RouterState, type WalletRef } from './router.ts'
import { createRouterController } from './routerController.ts'
import type { SendController } from './send.ts'
import { initialSendState, type SendState } from './sendState.ts'
import { resolveServiceUrls } from './serviceUrls.ts'
import { initialSIWXState, type SIWXConfig, type SIWXState } from './siwx.ts'
import type { SIWXFlow } from './siwxFlow.ts'
import type { SocialLogin, SocialPopup } from './socialLogin.ts'
import type { AppKitStorage, RecentWallet } from './storage.ts'
import { type KeyValueStorage, readStoredValue, StorageKeys } from './storageKeys.ts'
import type { TelegramLogin } from './telegramLogin.ts'
import { createToastController } from './toast.ts'
import { initialWalletConnectState, type WalletConnectState } from './walletConnectState.ts'

export interface AppKitOptions extends AppKitCompatOptions {
  adapters?: ChainAdapter[]
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  projectId: string
  metadata?: AppMetadata
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** §3 AppKit's name for the `--w3m-*` theme variables; `themeVariables` wins where both set one */
  w3mThemeVariables?: ThemeVariables
  /** §2 The modal sits in the page: closing shows Account when connected. */
  enableEmbedded?: boolean
  /** §2 The app controls WalletConnect itself: opening shows ConnectingWalletConnectBasic. */
  manualWCControl?: boolean
  sdkType?: string
  sdkVersion?: string
  /** Where the instance keeps §3 storage entries; localStorage in a browser, nothing on a server. */
  storage?: KeyValueStorage
  /** §7 Wallet/config service; DEFAULT_API_URL (the local stack's server) when unset. */
  apiUrl?: string
  /** §2 Shown first on Connect, in this order (at most FEATURED_WALLETS_COUNT). */
  featuredWalletIds?: string[]
  /** §2 When set, the wallet directory shows only these wallets. */
  includeWalletIds?: string[]
  /** §2 Never shown by the wallet directory. */
  excludeWalletIds?: string[]
  /** §4 Sign-In with X: a storage provider (LocalSIWX, ServerSIWX or the app's own) */
  siwx?: SIWXConfig
  /** Features set in code; they win over the remote config (see resolveFeatures). */
  features?: CodeFeatures
  /**
   * §3 AppKit's split of the same settings (email, socials, emailCapture, swaps, onramp,
   * activity): set in code, they win over the remote config like `features`, and over `features`.
   */
  remoteFeatures?: CodeFeatures
  /**
   * §3 The account type an email or social wallet starts with, per namespace:
   * `{ eip155?: 'eoa' | 'smartAccount', solana?: 'eoa' }`. The visitor's stored choice wins over
   * it; without either it is 'eoa'. There are no smart accounts yet: 'smartAccount' logs a
   * warning once and the wallet uses its EOA.
   */
  defaultAccountTypes?: DefaultAccountTypes
  /**
   * §3 Which Coinbase wallets are offered: 'all' (default), 'eoaOnly', or 'smartWalletOnly'
   * (Coinbase's cloud smart wallet, not part of Latchkey: the extension is then not listed).
   */
  coinbasePreference?: CoinbasePreference
  relayUrl?: string
  /** The embedded wallet's frame site (its own origin); DEFAULT_FRAME_URL (the local stack's) when unset */
  frameUrl?: string
  analyticsUrl?: string
  debug?: boolean
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

/** The social-login popup's window name: a second click reuses (and re-aims) the same popup. */
export const SOCIAL_POPUP_NAME = 'latchkey-social'

/**
 * §9 The social popup, 600 by 800 over the page's centre. Opened blank and synchronously in
 * the visitor's click (popup blockers allow nothing later); the flow aims it at the provider.
 */
export function openSocialPopup(win: Window = window): SocialPopup | null {
  try {
    const { width, height } = SOCIAL_POPUP
    // Window features read integers up to a '.', so the halves need no rounding.
    const left = win.screenX + (win.outerWidth - width) / 2
    const top = win.screenY + (win.outerHeight - height) / 2
    return win.open(
      '',
      SOCIAL_POPUP_NAME,
      `width=${width},height=${height},left=${left},top=${top}`,
    )
  } catch {
    return null
  }
}

/**
 * This page is the social-login popup on its way back (opened by a page of our origin, with
 * the provider's `state` and `code` or `error`): the opener reads its URL and closes it, so
 * the instance does nothing here (no reconnect, no frame, no modal).
 */
export function isSocialLoginReturn(win: Window): boolean {
  try {
    const query = new URLSearchParams(win.location.search)
    return (
      win.opener?.location.origin === win.location.origin &&
      query.has('state') &&
      (query.has('code') || query.has('error'))
    )
  } catch {
    return false
  }
}

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
  const firstNetwork = networks[0] as CaipNetwork
  const adapters = options.adapters ?? []
  const serviceUrls = resolveServiceUrls(options)
  const coinbasePreference = resolveCoinbasePreference(options.coinbasePreference, (m) =>
    console.warn(`[latchkey] ${m}`),
  )
  const backend = options.storage ?? defaultStorage()
  // The validating storage loads after first paint; two raw reads are all the first paint needs.
  let storage: Promise<AppKitStorage> | undefined
  const loadStorage = () => {
    storage ??= import('./storage.ts').then((m) => {
      const loaded = m.createAppKitStorage(backend, log)
      recent.setState({ wallets: loaded.getRecentWallets() })
      return loaded
    })
    return storage
  }
  const toast = createToastController()
  const events = createEmitter<AppKitEvent>()
  const track = (event: AppKitEventName, properties?: Record<string, unknown>) =>
    events.emit({ timestamp: Date.now(), data: { type: 'track', event, properties } })

  const storedNetworkId = readStoredValue(backend, StorageKeys.activeCaipNetworkId, log)
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
  /** §3 recent wallets (max 2), filled once the storage has loaded */
  const recent = createStore<{ wallets: RecentWallet[] }>(() => ({ wallets: [] }))
  const alerts = createAlertController()
  if (configured.length === 0) alerts.raise('APKT001')
  // AppKit's `basic`: wallets only, no email or social sign-in.
  const codeFeatures: CodeFeatures | undefined =
    options.features || options.remoteFeatures || options.basic
      ? {
          ...options.features,
          ...options.remoteFeatures,
          ...(options.basic && { email: false, socials: false as const }),
        }
      : undefined
  const features = createStore<FeaturesState>(() => initialFeaturesState(codeFeatures))
  // Only a debugging app pays for the list of AppKit options Latchkey does not act on yet.
  if (options.debug) void import('./appkitOptions.ts').then((m) => m.logUnsupported(options, log))
  const directoryStore = createStore<DirectoryState>(initialDirectoryState)
  const portfolioStore = createStore<PortfolioState>(initialPortfolioState)
  const walletConnectStore = createStore<WalletConnectState>(initialWalletConnectState)
  const sendStore = createStore<SendState>(initialSendState)
  const siwxStore = createStore<SIWXState>(initialSIWXState)
  const embeddedStore = createStore<EmbeddedState>(initialEmbeddedState)
  const theme = createStore<ThemeState>(() => ({
    themeMode: options.themeMode ?? DEFAULT_THEME_MODE,
    themeVariables: { ...options.w3mThemeVariables, ...options.themeVariables },
  }))

  const isConnected = () => account.getState().status === 'connected'
  let shakeTimer: ReturnType<typeof setTimeout> | undefined

  function close() {
    if (!modal.getState().open) return
    modal.setState({ open: false })
    void connection?.then((c) => c.stopWalletConnect(), noop)
    // §8 The app's request is refused with 'Modal closed' ('Request was aborted' is for aborts).
    if (embeddedStore.getState().approving) {
      void connection?.then((c) => c.abortApproval(ErrorText.modalClosed), noop)
    }
    openedForApproval = false
    router.reset(closingRoute(Boolean(options.enableEmbedded), isConnected()))
    account.setState({ connectError: undefined, switchError: undefined })
    track('MODAL_CLOSE', { connected: isConnected() })
  }

  const router = createRouterController(routerStore, { isConnected, close })

  function open(opts: OpenOptions = {}) {
    const namespace = openNamespace(opts)
    const there = namespace && account.getState().connections?.[namespace]
    // Opened for a connected namespace that is not the active one: it becomes the active one.
    if (there && namespace !== chain.getState().activeNamespace) {
      const network = networks.find((n) => n.caipNetworkId === `${namespace}:${there.chainId}`)
      if (network) void connectionController().then((c) => c.switchNetwork(network), noop)
    }
    modal.setState({ namespace })
    const route = openingRoute({
      requested: opts.view,
      isConnected: isConnected() && (!namespace || Boolean(there)),
      isMobile: isMobileDevice(),
      hasAdapters: adapters.length > 0,
      manualControl: Boolean(options.manualWCControl),
      isUnsupportedChain: chain.getState().unsupported && !options.allowUnsupportedChain,
    })
    router.reset(route)
    if (route.view === 'WalletSend' && opts.arguments) {
      sendStore.setState(
        sendArguments(opts.arguments, chain.getState().activeCaipNetwork.caipNetworkId),
      )
    }
    modal.setState({ open: true })
    track('MODAL_OPEN', { connected: isConnected() })
    // Retries what the first load missed (parts already loaded are kept); opening never waits.
    if (started) void directoryController().then((d) => d.fetchInitial(), noop)
  }

  function shake() {
    clearTimeout(shakeTimer)
    modal.setState({ shake: true })
    shakeTimer = setTimeout(() => modal.setState({ shake: false }), MODAL_SHAKE_MS)
  }

  const sdkType = options.sdkType ?? DEFAULT_SDK_TYPE
  const sdkVersion = options.sdkVersion ?? DEFAULT_SDK_VERSION

  /** §2 ApproveTransaction shows the frame while a request waits for the visitor. */
  let openedForApproval = false
  const approval = {
    start() {
      embeddedStore.setState({ approving: true })
      if (modal.getState().open) router.push('ApproveTransaction')
      else {
        open({ view: 'ApproveTransaction' })
        openedForApproval = true
      }
    },
    end() {
      embeddedStore.setState({ approving: false })
      if (!modal.getState().open || router.current().view !== 'ApproveTransaction') return
      if (openedForApproval) close()
      else router.goBack()
    },
  }

  /** The page origin check's alert (origins.ts), once it has run */
  let pageOrigin: Promise<SetupAlertCode | undefined> = Promise.resolve(undefined)
  let connection: Promise<ConnectionController> | undefined
  const connectionController = () => {
    connection ??= Promise.all([import('./connection/index.ts'), loadStorage()]).then(
      ([m, storage]) =>
        m.createConnectionController({
          adapters,
          networks,
          projectId: options.projectId,
          relayUrl: serviceUrls.relayUrl,
          frameUrl: serviceUrls.frameUrl,
          sdkVersion,
          sdkType,
          theme: () => theme.getState(),
          metadata: options.metadata,
          siwx: options.siwx,
          defaultAccountTypes: options.defaultAccountTypes,
          allowUnsupportedChain: options.allowUnsupportedChain,
          enableReconnect: options.enableReconnect,
          debug: options.debug,
          isMobile: isMobileDevice,
          stores: {
            modal,
            account,
            chain,
            connectors,
            recent,
            walletConnect: walletConnectStore,
            embedded: embeddedStore,
          },
          approval,
          storage,
          router,
          toast,
          track,
          log,
          raise: alerts.raise,
          originRefused: () => pageOrigin.then((code) => code === 'APKT002'),
          close: () => close(),
        }),
    )
    return connection
  }

  // The wallet/config service's client and the controllers over it load lazily, like the
  // connection controller: none of them is in the page's first JS.
  let api: Promise<ApiClient> | undefined
  const apiClient = () => {
    api ??= import('./api.ts').then((m) =>
      m.createApiClient({
        apiUrl: serviceUrls.apiUrl,
        projectId: options.projectId,
        sdkType,
        sdkVersion,
      }),
    )
    return api
  }

  let directory: Promise<DirectoryController> | undefined
  const directoryController = () => {
    directory ??= Promise.all([import('./directory.ts'), apiClient()]).then(([m, client]) =>
      m.createDirectoryController({
        api: client,
        store: directoryStore,
        connectors,
        chains: networks.map((n) => n.caipNetworkId),
        featuredWalletIds: options.featuredWalletIds,
        includeWalletIds: options.includeWalletIds,
        excludeWalletIds: options.excludeWalletIds,
        recentWalletIds: () => recent.getState().wallets.map((w) => w.id),
        isMobile: isMobileDevice,
        raise: alerts.raise,
      }),
    )
    return directory
  }

  let portfolio: Promise<PortfolioController> | undefined
  const portfolioController = () => {
    portfolio ??= Promise.all([import('./portfolio.ts'), apiClient()]).then(([m, client]) =>
      m.createPortfolioController({
        api: client,
        store: portfolioStore,
        account,
        chain,
        toast,
        log,
        readNativeBalance: (opts) => connectionController().then((c) => c.refreshBalance(opts)),
        tokens: options.tokens,
      }),
    )
    return portfolio
  }
  const refreshPortfolio = (opts?: { force?: boolean }) =>
    portfolioController().then((p) => p.refresh(opts))

  let siwxControl: Promise<SIWXFlow> | undefined
  const siwxFlow = () => {
    const siwx = options.siwx
    if (!siwx) return Promise.reject(new Error(SIWX_NOT_ENABLED))
    siwxControl ??= Promise.all([import('./siwxFlow.ts'), connectionController()]).then(
      ([m, connection]) =>
        m.createSIWXFlow({
          siwx,
          stores: { account, chain, siwx: siwxStore },
          router,
          storage: backend,
          loadEngine: connection.loadEngine,
          open: (view) => open({ view }),
          emailCapture: () => features.getState().features.emailCapture,
          // The server takes an email only with the account's access token (ServerSIWX).
          saveEmail: async (email, caipAddress) => {
            if (!siwx.captureEmail) throw new Error(ErrorText.emailCaptureNeedsServerSIWX)
            await siwx.captureEmail(email, caipAddress)
          },
          close,
          disconnect: connection.disconnect,
          switchNetwork: connection.switchNetwork,
          toast,
          track,
          log,
        }),
    )
    return siwxControl
  }

  /** §4 Sign-in follows the account: checked after connecting and on every account or network change. */
  function watchSignIn() {
    if (!options.siwx) return
    const keyOf = () => {
      const { status, caipAddress } = account.getState()
      return status === 'connected'
        ? `${caipAddress}|${chain.getState().activeCaipNetwork.caipNetworkId}`
        : undefined
    }
    let key = keyOf()
    const onChange = () => {
      const next = keyOf()
      if (next === key) return
      key = next
      if (!next) siwxStore.setState({ blocking: false })
      else
        void siwxFlow()
          .then((f) => f.check())
          .catch((error) => log('sign-in check failed', error))
    }
    stops.push(account.subscribe(onChange), chain.subscribe(onChange))
    if (key)
      void siwxFlow()
        .then((f) => f.check())
        .catch((error) => log('sign-in check failed', error))
  }

  let emailLoginControl: Promise<EmailLogin> | undefined
  const emailLogin = () => {
    emailLoginControl ??= Promise.all([import('./emailLogin.ts'), connectionController()]).then(
      ([m, connection]) =>
        m.createEmailLogin({
          store: embeddedStore,
          session: connection.embeddedWallet,
          network: () => chain.getState().activeCaipNetwork,
          connectUser: connection.connectEmbedded,
          accountType: () => connection.preferredAccountType('eip155'),
          raise: alerts.raise,
          onEmailUpdated(email) {
            toast.showSuccess(ErrorText.emailUpdated(email))
            if (modal.getState().open) router.reset('Account')
          },
          track,
          log,
          now: Date.now,
        }),
    )
    return emailLoginControl
  }

  let socialLoginControl: Promise<SocialLogin> | undefined
  const socialLogin = () => {
    socialLoginControl ??= Promise.all([
      import('./socialLogin.ts'),
      connectionController(),
      loadStorage(),
    ]).then(([m, connection, storage]) =>
      m.wireSocialLogin({
        store: embeddedStore,
        chain,
        connection,
        storage,
        siwx: options.siwx,
        track,
        log,
      }),
    )
    socialLoginControl.catch(() => {
      socialLoginControl = undefined
    })
    return socialLoginControl
  }

  let telegramLoginControl: Promise<TelegramLogin> | undefined
  const telegramLogin = () => {
    telegramLoginControl ??= Promise.all([
      import('./telegramLogin.ts'),
      import('./telegram.ts'),
      connectionController(),
      loadStorage(),
    ]).then(([m, telegram, connection, storage]) =>
      m.wireTelegramLogin({
        store: embeddedStore,
        chain,
        connection,
        storage,
        initData: () => telegram.telegramInitData(),
        track,
        log,
      }),
    )
    telegramLoginControl.catch(() => {
      telegramLoginControl = undefined
    })
    return telegramLoginControl
  }

  let sendControl: Promise<SendController> | undefined
  const sendController = () => {
    sendControl ??= import('./send.ts').then((m) =>
      m.createSendController({
        stores: { account, chain, portfolio: portfolioStore, send: sendStore },
        loadEngine: (namespace) => connectionController().then((c) => c.loadEngine(namespace)),
        refreshPortfolio: () => refreshPortfolio({ force: true }),
        toast,
        track,
        log,
      }),
    )
    return sendControl
  }

  /**
   * Balances and activity follow the account: refreshed when it connects or its network
   * changes, cleared when it disconnects. Only the key is computed here; the work is lazy.
   */
  function watchPortfolio() {
    const keyOf = () => {
      const { status, caipAddress } = account.getState()
      if (status !== 'connected' || !caipAddress) return undefined
      const { activeCaipNetwork, unsupported } = chain.getState()
      return `${caipAddress}|${activeCaipNetwork.caipNetworkId}|${unsupported}`
    }
    let key = keyOf()
    const onChange = () => {
      const next = keyOf()
      if (next === key) return
      key = next
      if (next) void refreshPortfolio().catch((error) => log('portfolio failed to load', error))
      else portfolioStore.setState(initialPortfolioState(), true)
    }
    stops.push(account.subscribe(onChange), chain.subscribe(onChange))
    if (key) void refreshPortfolio().catch((error) => log('portfolio failed to load', error))
  }

  /** Remote config, origin check and the directory's first load: never awaited by open(). */
  function startServices() {
    void Promise.all([import('./remoteConfig.ts'), apiClient()])
      .then(([m, client]) =>
        m.loadRemoteFeatures({
          api: client,
          raise: alerts.raise,
          codeFeatures,
          store: features,
        }),
      )
      .catch((error) => {
        features.setState({ remote: 'failed' })
        log('remote config failed to load', error)
      })
    pageOrigin = Promise.all([import('./origins.ts'), apiClient()])
      .then(([m, client]) =>
        m.checkPageOrigin({ api: client, origin: window.location.origin, raise: alerts.raise }),
      )
      .catch((error) => {
        log('origin check failed to load', error)
        return undefined
      })
    void directoryController()
      .then((d) => d.fetchInitial())
      .catch((error) => log('wallet directory failed to load', error))
  }

  let started = false
  const stops: (() => void)[] = []

  /** Browser-only start: wallet discovery now, adapters after first paint, reconnect. */
  function start() {
    if (started || typeof window === 'undefined' || isSocialLoginReturn(window)) return
    started = true
    modal.setState({ initialized: true })
    for (const adapter of adapters) {
      stops.push(
        adapter.watchConnectors((list) => {
          const others = connectors.getState().list.filter((c) => c.chain !== adapter.namespace)
          connectors.setState({ list: [...others, ...offeredConnectors(list, coinbasePreference)] })
        }),
      )
    }
    stops.push(theme.subscribe(() => void connection?.then((c) => c.syncFrameTheme(), noop)))
    // eip155 also without an EVM adapter: an app that drives WalletConnect itself restores it.
    const namespaces = new Set([...adapters.map((a) => a.namespace), 'eip155' as const])
    const stored =
      options.enableReconnect !== false &&
      [...namespaces].find((namespace) =>
        readStoredValue(backend, StorageKeys.connectedConnectorId(namespace), log),
      )
    if (stored) account.setState({ status: 'reconnecting', namespace: stored })
    startServices()
    watchPortfolio()
    watchSignIn()
    const afterPaint = () => {
      void connectionController()
        .then((c) => c.startAdapters())
        .catch((error) => log('wallet connection code failed to load', error))
      void Promise.all([import('./kitVersion.ts'), apiClient(), loadStorage()])
        .then(([m, api, stored]) =>
          m.checkLatestKitVersion({
            api,
            storage: stored,
            now: Date.now(),
            notify: (message) => console.info(message),
            log,
          }),
        )
        .catch((error) => log('latest version check failed to load', error))
    }
    if ('requestIdleCallback' in window) window.requestIdleCallback(afterPaint, { timeout: 500 })
    else setTimeout(afterPaint, 1)
  }

  function destroy() {
    for (const stop of stops.splice(0)) stop()
    void connection?.then((c) => c.destroy(), noop)
    void directory?.then((d) => d.destroy(), noop)
    clearTimeout(shakeTimer)
  }

  return {
    options: { ...options, sdkType, sdkVersion },
    stores: {
      modal,
      router: routerStore,
      account,
      chain,
      connectors,
      recent,
      theme,
      toast: toast.store,
      alerts: alerts.store,
      features,
      directory: directoryStore,
      portfolio: portfolioStore,
      walletConnect: walletConnectStore,
      send: sendStore,
      siwx: siwxStore,
      embedded: embeddedStore,
    },
    /** The validating §3 storage; it loads with the connection logic, after first paint. */
    storage: loadStorage,
    toast,
    router,
    alerts,
    /** The wallet/config service's client, loaded on first use. */
    api: apiClient,
    /** §2 wallet list actions; state in `stores.directory`. Each loads the controller first. */
    directory: {
      fetchInitial: () => directoryController().then((d) => d.fetchInitial()),
      fetchNextPage: () => directoryController().then((d) => d.fetchNextPage()),
      setSearch: (text: string) => directoryController().then((d) => d.setSearch(text)),
      resetSearch: () => directoryController().then((d) => d.resetSearch()),
    },
    /** Token balances, activity and identity; state in `stores.portfolio`. Loads lazily. */
    portfolio: {
      refresh: refreshPortfolio,
    },
    /** §4 WalletConnect pairing; state in `stores.walletConnect`. Loads WalletConnect on start. */
    walletConnect: {
      start: (wallet?: WalletRef) =>
        connectionController().then((c) => c.startWalletConnect(wallet)),
      stop: () => void connection?.then((c) => c.stopWalletConnect(), noop),
      /** The session as EIP-1193 (EVM), for apps that drive WalletConnect themselves. */
      getProvider: () => connectionController().then((c) => c.walletConnectProvider()),
    },
    /** §5 Send; state in `stores.send`. Loads the send logic on first use. */
    send: {
      selectToken: (tokenKey: string) => sendController().then((c) => c.selectToken(tokenKey)),
      preselectToken: () => sendController().then((c) => c.preselectToken()),
      // Typing updates the store at once: a controlled input must not wait for a chunk.
      setAmount: (amount: string) =>
        sendStore.setState({ amount, error: undefined, status: 'editing' }),
      setReceiver: (receiver: string) =>
        sendStore.setState({ receiver, error: undefined, status: 'editing' }),
      setMax: () => sendController().then((c) => c.setMax()),
      validate: () => sendController().then((c) => c.validate()),
      send: () => sendController().then((c) => c.send()),
      reset: () => sendController().then((c) => c.reset()),
    },
    /** §4 Sign-In with X; state in `stores.siwx`. */
    siwx: {
      signIn: () => siwxFlow().then((f) => f.signIn()),
      cancel: () => siwxFlow().then((f) => f.cancel()),
      /** §4 DataCapture: resolves with the error to show, or undefined once stored */
      captureEmail: (email: string) => siwxFlow().then((f) => f.captureEmail(email)),
      required: () => Boolean(options.siwx?.required),
    },
    /** §4 Email login and email change through the embedded wallet; state in `stores.embedded`. */
    embedded: {
      submitEmail: (email: string) => emailLogin().then((c) => c.submitEmail(email)),
      submitOtp: (otp: string) => emailLogin().then((c) => c.submitOtp(otp)),
      restart: () => emailLogin().then((c) => c.restart()),
      submitNewEmail: (email: string) => emailLogin().then((c) => c.submitNewEmail(email)),
      submitUpdateOtp: (otp: string) => emailLogin().then((c) => c.submitUpdateOtp(otp)),
      restartUpdate: () => emailLogin().then((c) => c.restartUpdate()),
      /**
       * Issue 18 #9: every session of the embedded-wallet user ends (every device), then this page
       * disconnects. Rejects with the text to show when the sessions could not be ended.
       */
      signOutEverywhere: () =>
        Promise.all([import('./signOutEverywhere.ts'), connectionController()]).then(([m, c]) =>
          m.signOutEverywhere({ session: c.embeddedWallet, disconnect: () => c.disconnect(), log }),
        ),
      /**
       * §4 Social login: call it in the visitor's click. The popup opens at once (blockers allow
       * nothing later), then goes to the provider; state in `stores.embedded.social`.
       */
      connectSocial(provider: OAuthSocialProvider): Promise<void> {
        const popup = openSocialPopup()
        return socialLogin().then(
          (c) => c.connect(provider, popup),
          (error) => {
            log('social login failed to load', error)
            popup?.close()
            embeddedStore.setState({
              social: { provider, busy: false, error: ErrorText.failedToInitiateSocialConnection },
            })
          },
        )
      },
      /** §1 Inside a Telegram Mini App: signs the Telegram user in (no popup) */
      connectTelegram: () =>
        telegramLogin().then(
          (c) => c.connect(),
          (error) => {
            log('telegram login failed to load', error)
            embeddedStore.setState({
              social: {
                provider: 'telegram',
                busy: false,
                error: ErrorText.failedToInitiateSocialConnection,
              },
            })
          },
        ),
      /** The frame's element, to place it over ApproveTransaction while a request waits */
      frame: () =>
        connectionController()
          .then((c) => c.embeddedWallet())
          .then((session) => session.client),
      abort: () => connection?.then((c) => c.abortApproval(), noop),
    },
    /** Phone or tablet: deep links before QR codes (§2). */
    isMobile: isMobileDevice,
    open,
    close,
    shake,
    connect: (connectorId: string, target?: CaipNetwork) =>
      connectionController().then((c) => c.connect(connectorId, target)),
    /** Every namespace; `{ namespace }` or `{ id }` (a connector's id): only that wallet */
    disconnect: (only?: { namespace?: ChainNamespace; id?: string }) =>
      connectionController().then((c) => c.disconnect(only)),
    /** One of the app's networks, named by itself or by a viem `Chain` of the same id. */
    switchNetwork: (network: CaipNetwork | ViemChainLike) =>
      connectionController().then((c) => {
        const id = caipNetworkIdOf(network)
        const known = networks.find((n) => n.caipNetworkId === id)
        return c.switchNetwork(known ?? (network as CaipNetwork))
      }),
    /** The native balance and the token list, from one answer (README "Balances"). */
    refreshBalance: (opts?: { force?: boolean }) => refreshPortfolio(opts),
    loadEngine: (namespace: ChainNamespace) =>
      connectionController().then((c) => c.loadEngine(namespace)),
    start,
    destroy,
    subscribeEvents: events.subscribe,
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

export type AppKitCore = ReturnType<typeof createAppKitCore>

const SIWX_NOT_ENABLED = ErrorText.siwxNotEnabled

function noop() {}

function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}
