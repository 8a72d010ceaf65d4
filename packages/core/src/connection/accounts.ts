// §3 One connection per namespace; `account` shows the active namespace's. Every way of
// connecting ends here (finishConnect), and every way of losing a wallet (clearAccount).

import type { NamespaceConnection } from '../appkitState.ts'
import type { CaipAddress, ChainNamespace } from '../caip.ts'
import { AUTH_CONNECTOR_ID, WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { ErrorText, isUserRejectedError } from '../errors.ts'
import type { AccountStatus } from './adapter.ts'
import type { ConnectionContext } from './context.ts'

/** What a wallet reports of its account (an adapter engine's snapshot) */
export interface AccountReport {
  status: AccountStatus
  address?: string
  chainId?: number | string
}

export type ConnectMethod = 'browser' | 'qrcode' | 'mobile' | 'email'

/** Where a visitor who opened the modal during a reconnect waits for it. */
const WALLET_LIST_VIEWS: ReadonlySet<string> = new Set(['Connect', 'AllWallets'])

export function createAccounts(ctx: ConnectionContext) {
  const { networks, storage, router, track } = ctx
  const { modal, account, chain } = ctx.stores
  const connections = new Map<ChainNamespace, NamespaceConnection>()
  /**
   * After a reload: the namespace that was active. It takes the lead again whenever its wallet
   * reports back (a wallet may blink while its library rehydrates, and another namespace may
   * report in meanwhile), until the visitor connects or switches namespace themselves.
   */
  let restoreNamespace: ChainNamespace | undefined
  const departures = new Map<ChainNamespace, number>()

  function setLoading(namespace: ChainNamespace, loading: boolean) {
    modal.setState({ loading: { ...modal.getState().loading, [namespace]: loading } })
  }

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

  function onAccount(namespace: ChainNamespace, snapshot: AccountReport) {
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
    // Another namespace's wallet going leaves the account shown (or still reconnecting) as it is.
    if (account.getState().namespace !== namespace) return
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

  /**
   * Stores the new connection (§3) and shows it: shared by every way of connecting. A connection
   * made `alongside` another one the visitor asked for (a login's Solana account) leaves the
   * modal as the visitor has it: they may have reopened it on any view meanwhile.
   */
  function finishConnect(
    namespace: ChainNamespace,
    connectorId: string,
    snapshot: AccountReport,
    how: {
      method: ConnectMethod
      wallet?: { id: string; name: string; rdns?: string }
      peerWallet?: NamespaceConnection['peerWallet']
      alongside?: boolean
    },
  ) {
    const { method, wallet, peerWallet } = how
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
    if (how.alongside) return
    if (chain.getState().unsupported && !ctx.allowUnsupportedChain) router.reset('UnsupportedChain')
    else {
      router.reset('Account')
      // Connected, the modal's job is done (AppKit closes it too), unless the sign-in step
      // (§4, SIWX) follows and takes the modal over.
      if (!ctx.siwx && modal.getState().open) ctx.close()
    }
    if (method !== 'email') track('CONNECT_SUCCESS', { method, name: wallet?.name })
  }

  /**
   * Another namespace's wallet is shown (connected, or asking again): connecting `namespace` adds
   * a connection, and until it succeeds the account shown stays as it is (an app sees no
   * disconnect).
   */
  function showsAnother(namespace: ChainNamespace): boolean {
    const shown = account.getState().namespace
    return shown !== undefined && shown !== namespace && connections.has(shown)
  }

  /** A connect of `namespace` begins: the account shows it unless another one stays shown. */
  function startConnect(namespace: ChainNamespace) {
    account.setState(
      showsAnother(namespace)
        ? { connectError: undefined }
        : { status: 'connecting', connectError: undefined },
    )
  }

  /**
   * A connect of `namespace` ended without an account: back to what was shown before, which is
   * the namespace's wallet connected until then when there was one (the wallet stays connected).
   */
  function endConnect(namespace: ChainNamespace) {
    if (showsAnother(namespace)) return
    account.setState({ status: connections.has(namespace) ? 'connected' : 'disconnected' })
  }

  function failConnect(error: unknown, namespace: ChainNamespace) {
    endConnect(namespace)
    const rejected = isUserRejectedError(error)
    track('CONNECT_ERROR', { message: (error as Error)?.message })
    account.setState({
      connectError: {
        rejected,
        message: rejected ? ErrorText.connectionRejected : ErrorText.failedToConnect,
      },
    })
  }

  return {
    connections,
    setLoading,
    isConnected: () => account.getState().status === 'connected',
    activate,
    onAccount,
    connectorOf,
    clearAccount,
    finishConnect,
    startConnect,
    endConnect,
    failConnect,
    /** How often the visitor has disconnected a namespace: a reconnect begun before does not count. */
    departures: (namespace: ChainNamespace) => departures.get(namespace) ?? 0,
    depart(namespace: ChainNamespace) {
      departures.set(namespace, (departures.get(namespace) ?? 0) + 1)
    },
    /** After a reload: which namespace leads again (undefined once the visitor chose) */
    restoreLead(namespace: ChainNamespace | undefined) {
      restoreNamespace = namespace
    },
  }
}

export type Accounts = ReturnType<typeof createAccounts>
