import type { StoreApi } from 'zustand/vanilla'
import { createAccountTypeResolver, type DefaultAccountTypes } from './accountTypes.ts'
import type {
  AccountSnapshot,
  AccountStatus,
  AdapterEngine,
  ChainAdapter,
  ConnectorInfo,
} from './adapter.ts'
import type { AccountState, AppMetadata, ChainState, NamespaceConnection } from './appkit.ts'
import type { CaipAddress, ChainNamespace } from './caip.ts'
import {
  AUTH_CONNECTOR_ID,
  CACHE_TTL_MS,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  WALLETCONNECT_CONNECTOR_ID,
} from './constants.ts'
import { deepLinkChoice } from './deepLink.ts'
import type { EmbeddedState, EmbeddedUserInfo, LoginProvider } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import type { SetupAlertCode } from './errors.ts'
import {
  ErrorText,
  isUserRejectedError,
  SetupAlerts,
  setupAlertForProviderMessage,
} from './errors.ts'
import type { AppKitEventName } from './events.ts'
import { formatAmount } from './format.ts'
import type { ModalState } from './modal.ts'
import type { CaipNetwork } from './networks.ts'
import { runPairingLoop } from './pairingLoop.ts'
import type { WalletRef } from './router.ts'
import type { RouterController } from './routerController.ts'
import type { SIWXConfig } from './siwx.ts'
import { sessionFromCacao } from './siwxCacao.ts'
import type { AppKitStorage, RecentWallet } from './storage.ts'
import type { ToastController } from './toast.ts'
import type { SignedCacao, WalletConnectClient } from './walletConnectClient.ts'
import type { WalletConnectEip1193Provider } from './walletConnectProvider.ts'
import type { WalletConnectState } from './walletConnectState.ts'

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

export interface ConnectionContext {
  adapters: readonly ChainAdapter[]
  networks: readonly CaipNetwork[]
  projectId: string
  relayUrl?: string
  /** The embedded wallet's frame site */
  frameUrl: string
  sdkVersion: string
  sdkType: string
  metadata?: AppMetadata
  /** §7 APP_SYNC_THEME: the frame's approval screen follows the modal's theme */
  theme(): { themeMode: 'dark' | 'light'; themeVariables: Record<string, string | number> }
  /** §4 With sign-in on, WalletConnect pairings sign in too (one-click auth) */
  siwx?: SIWXConfig
  /** §3 defaultAccountTypes option (see accountTypes.ts) */
  defaultAccountTypes?: DefaultAccountTypes
  /** AppKit's option: a wallet on a network the app does not list is not sent to UnsupportedChain */
  allowUnsupportedChain?: boolean
  /** AppKit's option: false leaves a returning visitor disconnected (nothing reconnects) */
  enableReconnect?: boolean
  debug?: boolean
  isMobile(): boolean
  stores: {
    modal: StoreApi<ModalState>
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    connectors: StoreApi<{ list: ConnectorInfo[] }>
    recent: StoreApi<{ wallets: RecentWallet[] }>
    walletConnect: StoreApi<WalletConnectState>
    embedded: StoreApi<EmbeddedState>
  }
  /** §2 ApproveTransaction: the frame asks the visitor; the modal shows it, then hides it */
  approval: { start(): void; end(): void }
  storage: AppKitStorage
  router: RouterController
  toast: ToastController
  track(event: AppKitEventName, properties?: Record<string, unknown>): void
  log(message: string, detail?: unknown): void
  /** §8 setup alerts and warnings */
  raise?(code: SetupAlertCode): void
  /** Whether the page's origin check (origins.ts) found it not allowed */
  originRefused?(): Promise<boolean>
  /** Closes the modal (after a connection, when no sign-in follows) */
  close(): void
}

/**
 * Connecting, switching, balances and reconnecting: everything that waits on a wallet or a
 * chain. Loaded after first paint, with the adapters' engines, so the first load stays small.
 */
export function createConnectionController(ctx: ConnectionContext) {
  const { adapters, networks, storage, router, toast, track, log } = ctx
  const { modal, account, chain, connectors } = ctx.stores
  const isConnected = () => account.getState().status === 'connected'
  /** §3 The embedded wallet's account type: stored → option → 'eoa' (no smart accounts yet) */
  const preferredAccountType = createAccountTypeResolver({
    stored: storage.getPreferredAccountType,
    defaults: ctx.defaultAccountTypes,
    warn: (message) => console.warn(`[latchkey] ${message}`),
  })

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
    engine = adapter
      .load({
        networks: ownNetworks,
        projectId: ctx.projectId,
        walletConnect: walletConnectProvider,
        embeddedWallet: () => embeddedWallet().then((session) => session.provider),
        started: {
          walletConnect: () => wcClient !== undefined,
          embeddedWallet: () => embeddedSession !== undefined,
        },
      })
      .then((e) => {
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

  let wcClient: Promise<WalletConnectClient> | undefined
  let wcProvider: Promise<WalletConnectEip1193Provider> | undefined

  /** WalletConnect's sign client: loaded only when a WalletConnect path is taken (or restored). */
  function walletConnectClient(): Promise<WalletConnectClient> {
    wcClient ??= import('./walletConnectClient.ts').then((m) =>
      m.createWalletConnectClient({
        projectId: ctx.projectId,
        relayUrl: ctx.relayUrl,
        metadata: ctx.metadata,
        networks,
        storagePrefix: `latchkey:${ctx.projectId}`,
        debug: ctx.debug,
        onRelayError: (message) => {
          log('WalletConnect relay error', message)
          // §8 Provider texts: the relay's refusal raises its setup alert.
          const alert = setupAlertForProviderMessage(message)
          if (alert) ctx.raise?.(alert.code)
        },
      }),
    )
    wcClient.catch((error) => {
      wcClient = undefined
      log('WalletConnect failed to load', error)
    })
    return wcClient
  }

  function walletConnectProvider(): Promise<WalletConnectEip1193Provider> {
    wcProvider ??= Promise.all([walletConnectClient(), import('./walletConnectProvider.ts')]).then(
      ([client, m]) => {
        client.onSession((change) => {
          if (change.type === 'deleted') onWalletConnectEnded()
        })
        return m.createWalletConnectProvider(client, networks)
      },
    )
    wcProvider.catch(() => {
      wcProvider = undefined
    })
    return wcProvider
  }

  let embeddedSession: Promise<EmbeddedSession> | undefined

  /** The embedded wallet's frame, loaded and ready (§9: at most 20 s), and its provider. */
  function embeddedWallet(): Promise<EmbeddedSession> {
    const active = chain.getState().activeCaipNetwork
    const network =
      active.chainNamespace === 'eip155'
        ? active
        : (networks.find((n) => n.chainNamespace === 'eip155') ?? active)
    embeddedSession ??= import('./embeddedWallet.ts').then(async (m) => {
      const session = m.createEmbeddedSession({
        frameUrl: ctx.frameUrl,
        projectId: ctx.projectId,
        sdkVersion: ctx.sdkVersion,
        network,
        networks,
        debug: ctx.debug,
        log,
        onApproval: (state) => (state === 'start' ? ctx.approval.start() : ctx.approval.end()),
        // §6 The caller gets 'Requested RPC call is not allowed'; the visitor sees this.
        onRefused: (method) => {
          log('embedded wallet refused a method', method)
          toast.showError(ErrorText.actionNotAllowed)
        },
        onTrouble: (trouble) => ctx.raise?.(trouble === 'request-timeout' ? 'APKT004' : 'APKT005'),
        ...(ctx.originRefused && { originRefused: ctx.originRefused() }),
      })
      try {
        await session.client.ready()
      } catch (error) {
        session.client.destroy()
        throw error
      }
      // §7 The frame shows the visitor who is asking, in the modal's colours.
      const metadata = ctx.metadata && {
        name: ctx.metadata.name,
        description: ctx.metadata.description,
        url: ctx.metadata.url,
        icons: ctx.metadata.icons?.slice(0, 8),
      }
      await Promise.all([
        session.client.request('APP_SYNC_DAPP_DATA', {
          projectId: ctx.projectId,
          sdkVersion: ctx.sdkVersion,
          sdkType: ctx.sdkType,
          metadata,
        }),
        session.client.request('APP_SYNC_THEME', ctx.theme()),
      ]).catch((error) => log('the frame did not take the dapp data or theme', error))
      return session
    })
    embeddedSession.catch((error) => {
      embeddedSession = undefined
      log('embedded wallet failed to load', error)
    })
    return embeddedSession
  }

  /** §4 Signed in with email: the user's account connects through the EVM adapter. */
  async function connectEmbedded(user: EmbeddedUserInfo) {
    const startedOn = chain.getState().activeCaipNetwork
    const namespace: ChainNamespace = 'eip155'
    setLoading(namespace, true)
    try {
      const engine = await loadEngine(namespace)
      const active = chain.getState().activeCaipNetwork
      const snapshot = await engine.connect(
        AUTH_CONNECTOR_ID,
        active.chainNamespace === namespace ? active : undefined,
      )
      finishConnect(namespace, AUTH_CONNECTOR_ID, snapshot, undefined, 'email')
      const social = user.authProvider !== 'email' ? user.authProvider : undefined
      track('CONNECT_SUCCESS', {
        method: social ? 'social' : 'email',
        name: social ?? 'Email',
        address: user.address,
      })
    } finally {
      setLoading(namespace, false)
    }
    await connectEmbeddedSolanaAccount(user, startedOn)
  }

  /** The same profile's Solana account, as a second namespace (the EVM login stands alone if it fails). */
  async function connectEmbeddedSolanaAccount(user: EmbeddedUserInfo, startedOn: CaipNetwork) {
    if (!adapterFor('solana')) return
    setLoading('solana', true)
    try {
      const [session, m] = await Promise.all([embeddedWallet(), import('./embeddedSolana.ts')])
      const snapshot = await m.connectEmbeddedSolana({
        session,
        networks,
        user,
        engine: () => loadEngine('solana'),
        network: startedOn,
      })
      if (!snapshot) return
      finishConnect('solana', EMBEDDED_SOLANA_CONNECTOR_ID, snapshot, undefined, 'email')
      // finishConnect activates what it connects: back to EVM unless the visitor was on Solana.
      if (startedOn.chainNamespace !== 'solana' && connections.has('eip155')) activate('eip155')
    } catch (error) {
      log('the embedded Solana account did not connect', error)
    } finally {
      setLoading('solana', false)
    }
  }

  /** §7 APP_SYNC_THEME after the modal's theme changed (only when the frame is loaded). */
  function syncFrameTheme() {
    void embeddedSession
      ?.then((session) => session.client.request('APP_SYNC_THEME', ctx.theme()))
      .catch((error) => log('theme sync failed', error))
  }

  /** The visitor left ApproveTransaction: the pending request is refused with `reason`. */
  function abortApproval(reason?: string) {
    void embeddedSession?.then((session) => session.provider.abort(reason)).catch(() => undefined)
  }

  /** §4 Wallet session deleted (by the wallet, or expired): nothing of it stays in the dapp. */
  function onWalletConnectEnded() {
    storage.removeDeepLinkChoice()
    ctx.stores.walletConnect.setState({ offer: undefined, deepLink: undefined })
    const { status, connectorId, namespace } = account.getState()
    if (connectorId === WALLETCONNECT_CONNECTOR_ID && status !== 'disconnected' && namespace) {
      clearAccount(namespace)
    }
  }

  /** Where a visitor who opened the modal during a reconnect waits for it. */
  const WALLET_LIST_VIEWS: ReadonlySet<string> = new Set(['Connect', 'AllWallets'])

  /** §3 One connection per namespace; `account` shows the active namespace's. */
  const connections = new Map<ChainNamespace, NamespaceConnection>()
  /**
   * After a reload: the namespace that was active. It takes the lead again whenever its wallet
   * reports back (a wallet may blink while its library rehydrates, and another namespace may
   * report in meanwhile), until the visitor connects or switches namespace themselves.
   */
  let restoreNamespace: ChainNamespace | undefined

  function publishConnections() {
    account.setState({ connections: Object.fromEntries(connections) })
  }

  /** Shows a namespace's connection as the account, on its network (or UnsupportedChain). */
  function activate(namespace: ChainNamespace) {
    const connection = connections.get(namespace)
    if (!connection) return
    const { address, chainId, connectorId, peerWallet } = connection
    const caipNetworkId = `${namespace}:${chainId}` as const
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    const caipAddress = `${caipNetworkId}:${address}` as CaipAddress
    const previous = account.getState()
    account.setState({
      status: 'connected',
      address,
      caipAddress,
      namespace,
      connectorId: connectorId ?? previous.connectorId,
      peerWallet,
      ...(previous.namespace !== namespace && { balance: undefined }),
    })
    chain.setState({ unsupported: !network, activeNamespace: namespace })
    storage.setActiveNamespace(namespace)
    if (network) {
      chain.setState({ activeCaipNetwork: network })
      storage.setActiveCaipNetworkId(network.caipNetworkId)
    } else if (modal.getState().open && !ctx.allowUnsupportedChain) {
      router.reset('UnsupportedChain')
    }
    // Opened while the stored connection was coming back: the wallet list is no longer the
    // answer once it has, unless the visitor has moved on to connecting another way.
    if (
      previous.status === 'reconnecting' &&
      network &&
      modal.getState().open &&
      WALLET_LIST_VIEWS.has(router.current().view)
    ) {
      router.reset('Account')
    }
  }

  function onAccount(
    namespace: ChainNamespace,
    snapshot: { status: AccountStatus; address?: string; chainId?: number | string },
  ) {
    if (snapshot.status !== 'connected' || !snapshot.address || snapshot.chainId === undefined) {
      if (snapshot.status === 'disconnected' && connections.has(namespace)) clearAccount(namespace)
      else if (snapshot.status === 'disconnected' && account.getState().namespace === namespace) {
        clearAccount(namespace)
      }
      return
    }
    const known = connections.get(namespace)
    const connectorId = known?.connectorId ?? storage.getConnectedConnectorId(namespace)
    connections.set(namespace, {
      address: snapshot.address,
      chainId: snapshot.chainId,
      connectorId,
      peerWallet:
        known?.peerWallet ??
        (connectorId === WALLETCONNECT_CONNECTOR_ID ? account.getState().peerWallet : undefined),
    })
    publishConnections()
    const active = account.getState()
    // The active namespace follows its wallet; another namespace's changes wait in `connections`,
    // except that after a reload the namespace that was active becomes active again.
    const restoring = restoreNamespace === namespace
    if (
      restoring ||
      active.status !== 'connected' ||
      active.namespace === namespace ||
      !active.namespace
    ) {
      activate(namespace)
    }
  }

  /** The wallet a namespace is connected (or reconnecting) with; never another namespace's. */
  function connectorOf(namespace: ChainNamespace): string | undefined {
    const shown = account.getState()
    return (
      connections.get(namespace)?.connectorId ??
      storage.getConnectedConnectorId(namespace) ??
      (shown.namespace === namespace ? shown.connectorId : undefined)
    )
  }

  function clearAccount(namespace: ChainNamespace) {
    const connectorId = connectorOf(namespace)
    if (connectorId) storage.addDisconnectedConnectorId(namespace, connectorId)
    if (connectorId === AUTH_CONNECTOR_ID) {
      ctx.stores.embedded.setState({ user: undefined })
      // §3 The social sign-in's entries go with the embedded wallet's connection.
      storage.removeConnectedSocialProvider()
      storage.removeConnectedSocialUsername()
      storage.removeTelegramSocialProvider()
    }
    storage.removeConnections(namespace)
    storage.removeConnectedConnectorId(namespace)
    storage.removeConnectedNamespace(namespace)
    connections.delete(namespace)
    publishConnections()
    const wasActive = account.getState().namespace === namespace
    if (!wasActive && account.getState().status === 'connected') return
    const [other] = connections.keys()
    if (other) {
      activate(other)
      if (modal.getState().open) router.reset('Account')
      return
    }
    storage.setConnectionStatus('disconnected')
    account.setState(
      { status: 'disconnected', balanceLoading: false, connectError: undefined, connections: {} },
      true,
    )
    chain.setState({ unsupported: false })
    if (modal.getState().open) router.reset('Connect')
  }

  /** Stores the new connection (§3) and shows it: shared by every way of connecting. */
  function finishConnect(
    namespace: ChainNamespace,
    connectorId: string,
    snapshot: AccountSnapshot,
    wallet: { id: string; name: string; rdns?: string } | undefined,
    method: 'browser' | 'qrcode' | 'mobile' | 'email',
    peerWallet?: NamespaceConnection['peerWallet'],
  ) {
    restoreNamespace = undefined
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
    if (wallet) {
      const recentWallet = { id: wallet.id, name: wallet.name, rdns: wallet.rdns }
      storage.addRecentWallet(recentWallet)
      storage.setRecentWallet(recentWallet)
      ctx.stores.recent.setState({ wallets: storage.getRecentWallets() })
    }
    if (snapshot.address && snapshot.chainId !== undefined) {
      connections.set(namespace, {
        address: snapshot.address,
        chainId: snapshot.chainId,
        connectorId,
        peerWallet,
      })
      publishConnections()
      account.setState({ connectorId })
      activate(namespace)
    } else {
      account.setState({ connectorId })
      onAccount(namespace, snapshot)
    }
    if (chain.getState().unsupported && !ctx.allowUnsupportedChain) router.reset('UnsupportedChain')
    else {
      router.reset('Account')
      // Connected, the modal's job is done (AppKit closes it too), unless the sign-in step
      // (§4, SIWX) follows and takes the modal over.
      if (!ctx.siwx && modal.getState().open) ctx.close()
    }
    if (method !== 'email') track('CONNECT_SUCCESS', { method, name: wallet?.name })
  }

  function failConnect(error: unknown): 'rejected' | 'failed' {
    account.setState({ status: 'disconnected' })
    const rejected = isUserRejectedError(error)
    track('CONNECT_ERROR', { message: (error as Error)?.message })
    account.setState({
      connectError: {
        rejected,
        message: rejected ? ErrorText.connectionRejected : ErrorText.failedToConnect,
      },
    })
    return rejected ? 'rejected' : 'failed'
  }

  async function connect(connectorId: string, target?: CaipNetwork) {
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
      const active = chain.getState().activeCaipNetwork
      const network =
        target?.chainNamespace === namespace
          ? target
          : active.chainNamespace === namespace
            ? active
            : networks.find((n) => n.chainNamespace === namespace)
      const snapshot = await engine.connect(connectorId, network)
      finishConnect(namespace, connectorId, snapshot, connector, 'browser')
    } catch (error) {
      if (!isUserRejectedError(error) && isWalletGone(error)) {
        account.setState({ status: 'disconnected' })
        track('CONNECT_ERROR', { message: (error as Error)?.message })
        router.reset('Connect')
        toast.showError(ErrorText.failedToConnect)
        return
      }
      failConnect(error)
    } finally {
      setLoading(namespace, false)
    }
  }

  // ---- WalletConnect: pairing offers, approval, the session's account ----

  let pairingRun = 0
  let completing = false
  let wakePairing: (() => void) | undefined

  function waitOrStop(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      wakePairing = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /** The session's EVM account, for apps without an EVM adapter (§2 manual control). */
  async function sessionSnapshot(): Promise<AccountSnapshot> {
    const provider = await walletConnectProvider()
    const [address] = (await provider.request({ method: 'eth_accounts' })) as string[]
    const chainId = Number(await provider.request({ method: 'eth_chainId' }))
    return { status: 'connected', address, chainId, connectorId: WALLETCONNECT_CONNECTOR_ID }
  }

  async function walletConnectSnapshot(namespace: ChainNamespace): Promise<AccountSnapshot> {
    if (!adapterFor(namespace)) return sessionSnapshot()
    const engine = await loadEngine(namespace)
    const network = chain.getState().activeCaipNetwork
    return engine.connect(
      WALLETCONNECT_CONNECTOR_ID,
      network.chainNamespace === namespace ? network : undefined,
    )
  }

  /**
   * §4 Pairing: offers a URI (QR code, copy, deep link) until a wallet approves it; each offer
   * lasts 4 minutes and is replaced 10 s before it expires. Runs until stopWalletConnect().
   */
  let activePairing: { walletId?: string; done: Promise<void> } | undefined

  /** Starting again for the same wallet while its pairing runs keeps that pairing. */
  function startWalletConnect(wallet?: WalletRef): Promise<void> {
    if (activePairing && activePairing.walletId === wallet?.id) return activePairing.done
    stopWalletConnect()
    const done = runWalletConnect(wallet).finally(() => {
      if (activePairing?.done === done) activePairing = undefined
    })
    activePairing = { walletId: wallet?.id, done }
    return done
  }

  async function runWalletConnect(wallet?: WalletRef) {
    const run = ++pairingRun
    const isCurrent = () => run === pairingRun
    const namespace: ChainNamespace = 'eip155'
    const method = ctx.isMobile() ? 'mobile' : 'qrcode'
    account.setState({ status: 'connecting', connectError: undefined })
    ctx.stores.walletConnect.setState({ offer: undefined, deepLink: undefined })
    track('SELECT_WALLET', { name: wallet?.name ?? 'WalletConnect', platform: method })
    try {
      const client = await walletConnectClient()
      if (client.session()) await client.disconnect().catch(() => undefined)
      const siwx = ctx.siwx
      const signInNetwork = networks.find((n) => n.chainNamespace === 'eip155')
      const session = await runPairingLoop({
        propose:
          siwx && signInNetwork
            ? async () => {
                const template = await siwx.createMessage({
                  accountAddress: '',
                  chainId: signInNetwork.caipNetworkId,
                })
                return client.authenticate({
                  domain: template.domain,
                  uri: template.uri,
                  nonce: template.nonce,
                  statement: template.statement,
                  exp: template.expirationTime,
                  nbf: template.notBefore,
                  requestId: template.requestId,
                  resources: template.resources,
                })
              }
            : () => client.propose(),
        abandon: (uri) => void client.abandon(uri),
        offer(offer) {
          const platform = ctx.isMobile() ? 'mobile' : 'desktop'
          const deepLink = wallet && deepLinkChoice(wallet, offer.uri, platform)
          ctx.stores.walletConnect.setState({ offer, deepLink })
          if (deepLink) storage.setDeepLinkChoice(deepLink)
        },
        wait: waitOrStop,
        isCurrent,
        now: Date.now,
      })
      if (session && isCurrent()) {
        // §4 One-click auth: the wallet signed in while pairing; keep that as the session.
        const { cacao } = session as { cacao?: SignedCacao }
        const signedIn = cacao && sessionFromCacao(cacao)
        if (signedIn && siwx) {
          await siwx.addSession(signedIn).catch((error) => log('one-click sign-in refused', error))
        }
        completing = true
        try {
          setLoading(namespace, true)
          const snapshot = await walletConnectSnapshot(namespace)
          finishConnect(
            namespace,
            WALLETCONNECT_CONNECTOR_ID,
            snapshot,
            wallet,
            method,
            client.peer(),
          )
        } finally {
          completing = false
          setLoading(namespace, false)
        }
      }
    } catch (error) {
      if (!isCurrent()) return
      log('WalletConnect pairing failed', error)
      failConnect(error)
    }
  }

  /** The visitor left the WalletConnect view: the offer is dropped, nothing keeps waiting. */
  function stopWalletConnect() {
    activePairing = undefined
    pairingRun++
    wakePairing?.()
    wakePairing = undefined
    ctx.stores.walletConnect.setState({ offer: undefined })
    if (!completing && account.getState().status === 'connecting') {
      account.setState({ status: 'disconnected' })
    }
  }

  async function disconnectNamespace(namespace: ChainNamespace) {
    const connectorId = connectorOf(namespace)
    try {
      if (!adapterFor(namespace) && connectorId === WALLETCONNECT_CONNECTOR_ID) {
        await (await walletConnectProvider()).disconnect()
      } else {
        const engine = await loadEngine(namespace)
        await engine.disconnect()
      }
      track('DISCONNECT_SUCCESS')
    } catch (error) {
      log('disconnect failed', error)
      track('DISCONNECT_ERROR')
    }
    clearAccount(namespace)
  }

  /**
   * Disconnects every connected namespace, the active one last; with `namespace` (or `id`, a
   * connector's id) only that namespace's wallet, and the other namespace stays connected.
   */
  async function disconnect(only: { namespace?: ChainNamespace; id?: string } = {}) {
    const byId =
      only.id === undefined
        ? undefined
        : ([...connections].find(([, c]) => c.connectorId === only.id)?.[0] ??
          (account.getState().connectorId === only.id ? account.getState().namespace : undefined))
    const target = only.namespace ?? byId
    if (only.id !== undefined && target === undefined) return
    if (target !== undefined) {
      if (connections.has(target) || account.getState().namespace === target) {
        await disconnectNamespace(target)
      }
      return
    }
    const active = account.getState().namespace ?? chain.getState().activeNamespace
    const others = [...connections.keys()].filter((namespace) => namespace !== active)
    for (const namespace of others) await disconnectNamespace(namespace)
    await disconnectNamespace(active)
  }

  async function switchNetwork(network: CaipNetwork) {
    const known = networks.find((n) => n.caipNetworkId === network?.caipNetworkId)
    if (!known) {
      log(`unknown network ${String(network?.caipNetworkId)}`)
      return
    }
    const namespace = known.chainNamespace
    restoreNamespace = undefined
    if (!isConnected()) {
      chain.setState({ activeCaipNetwork: known, activeNamespace: namespace })
      storage.setActiveCaipNetworkId(known.caipNetworkId)
      storage.setActiveNamespace(namespace)
      if (modal.getState().open) router.goBack()
      return
    }
    if (account.getState().namespace !== namespace) {
      const connection = connections.get(namespace)
      if (!connection) {
        // §8 APKTW001: the visitor picked a network of a namespace with no wallet yet.
        ctx.raise?.('APKTW001')
        if (modal.getState().open) {
          router.push({ view: 'SwitchActiveChain', params: { caipNetworkId: known.caipNetworkId } })
        }
        return
      }
      activate(namespace)
      if (`${namespace}:${connection.chainId}` === known.caipNetworkId) {
        track('SWITCH_NETWORK', { network: known.caipNetworkId })
        if (modal.getState().open) router.reset('Account')
        return
      }
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
      // Leave the switching view, unless something (a sign-in prompt) has replaced it meanwhile.
      if (modal.getState().open && router.current().view === 'SwitchNetwork')
        router.reset('Account')
    } catch (error) {
      account.setState({
        switchError: isUserRejectedError(error)
          ? ErrorText.userRejected
          : ErrorText.chainNotApproved(known.caipNetworkId),
      })
    }
  }

  /** The native balance read from the chain: the portfolio's fallback when the data API fails. */
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
      if (connectorId === WALLETCONNECT_CONNECTOR_ID) {
        account.setState({ peerWallet: (await walletConnectClient()).peer() })
      }
      const embedded =
        connectorId === AUTH_CONNECTOR_ID || connectorId === EMBEDDED_SOLANA_CONNECTOR_ID
      if (embedded && !(await restoreEmbeddedUser())) {
        clearAccount(namespace)
        return
      }
      if (!adapterFor(namespace) && connectorId === WALLETCONNECT_CONNECTOR_ID) {
        const provider = await walletConnectProvider()
        if (provider.connected) {
          account.setState({ connectorId })
          onAccount(namespace, await sessionSnapshot())
          provider.on(
            'chainChanged',
            () => void sessionSnapshot().then((s) => onAccount(namespace, s)),
          )
          return
        }
      } else {
        const engine = await loadEngine(namespace)
        if (await engine.reconnect(connectorId)) return
      }
    } catch (error) {
      log('reconnect failed', error)
    }
    if (account.getState().status !== 'connected') clearAccount(namespace)
  }

  /** Both namespaces reconnect at once after a reload: one restore serves them. */
  let restoring: Promise<boolean> | undefined
  function restoreEmbeddedUser(): Promise<boolean> {
    restoring ??= restoreEmbeddedUserOnce().finally(() => {
      restoring = undefined
    })
    return restoring
  }

  /** §4 After a reload the frame still holds the email session: the user comes back. */
  async function restoreEmbeddedUserOnce(): Promise<boolean> {
    const session = await embeddedWallet()
    const { isConnected } = await session.client.request('APP_IS_CONNECTED', {})
    if (!isConnected) return false
    const frameUser = (await session.client.request('APP_GET_USER', {})) as EmbeddedUserInfo
    // §3 The stored social provider, else the one the frame's user names (email without either).
    const stored = storage.getConnectedSocialProvider()
    const { socialProvider } = frameUser as { socialProvider?: LoginProvider }
    const user: EmbeddedUserInfo = {
      ...frameUser,
      preferredAccountType: preferredAccountType('eip155'),
      authProvider: (stored === 'farcaster' ? undefined : stored) ?? socialProvider,
    }
    session.provider.setUser(user)
    ctx.stores.embedded.setState({ user })
    ;(await import('./embeddedSolana.ts')).attachEmbeddedSolana(session, networks, user)
    return true
  }

  /** After first paint: reconnect what the visitor left connected, else warm the engines. */
  function startAdapters() {
    const wanted = storage.getActiveNamespace()
    restoreNamespace = wanted
    const reconnecting: Promise<void>[] = []
    const restore = ctx.enableReconnect !== false
    for (const adapter of adapters) {
      if (restore && storage.getConnectedConnectorId(adapter.namespace)) {
        reconnecting.push(reconnect(adapter.namespace))
      } else void loadEngine(adapter.namespace).catch(() => undefined)
    }
    if (restore && !adapterFor('eip155') && storage.getConnectedConnectorId('eip155')) {
      reconnecting.push(reconnect('eip155'))
    }
    // Wallets report back in any order, and a wallet may blink disconnected while its library
    // rehydrates: once every reconnect has settled, the namespace that was active is again.
    void Promise.allSettled(reconnecting).then(() => {
      const { namespace, status } = account.getState()
      if (wanted && status === 'connected' && namespace !== wanted && connections.has(wanted)) {
        activate(wanted)
      }
    })
  }

  function destroy() {
    stopWalletConnect()
    void embeddedSession?.then((session) => session.client.destroy()).catch(() => undefined)
    for (const stop of engineWatchers.values()) stop()
  }

  return {
    loadEngine,
    connect,
    disconnect,
    switchNetwork,
    refreshBalance,
    reconnect,
    startAdapters,
    startWalletConnect,
    stopWalletConnect,
    walletConnectProvider,
    embeddedWallet,
    connectEmbedded,
    preferredAccountType,
    abortApproval,
    syncFrameTheme,
    destroy,
  }
}

export type ConnectionController = ReturnType<typeof createConnectionController>
