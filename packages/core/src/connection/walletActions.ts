// What the visitor (or the app) does with a wallet: connect an extension, switch network,
// read the native balance, disconnect one namespace or all.
import type { ChainNamespace } from '../caip.ts'
import { CACHE_TTL_MS, WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { ErrorText, isUserRejectedError } from '../errors.ts'
import { formatAmount } from '../format.ts'
import type { CaipNetwork } from '../networks.ts'
import type { Accounts } from './accounts.ts'
import type { ConnectionContext } from './context.ts'
import type { Engines } from './engines.ts'
import type { WalletConnectPart } from './walletConnect.ts'
import { isWalletGone } from './walletGone.ts'

export function createWalletActions(
  ctx: ConnectionContext,
  accounts: Accounts,
  engines: Engines,
  walletConnect: WalletConnectPart,
) {
  const { networks, storage, router, toast, track, log } = ctx
  const { modal, account, chain, connectors } = ctx.stores
  const { connections } = accounts

  /** An extension (or any adapter connector) by its id, on `target` when it is of its namespace. */
  async function connect(connectorId: string, target?: CaipNetwork) {
    const connector = connectors.getState().list.find((c) => c.id === connectorId)
    const namespace = connector?.chain ?? chain.getState().activeNamespace
    router.setWallet(
      connector && { id: connector.id, name: connector.name, imageUrl: connector.imageUrl },
    )
    router.push({ view: 'ConnectingExternal', params: { connectorId } })
    accounts.startConnect(namespace)
    accounts.setLoading(namespace, true)
    track('SELECT_WALLET', { name: connector?.name, platform: 'browser' })
    try {
      const engine = await engines.loadEngine(namespace)
      const active = chain.getState().activeCaipNetwork
      const network =
        target?.chainNamespace === namespace
          ? target
          : active.chainNamespace === namespace
            ? active
            : networks.find((n) => n.chainNamespace === namespace)
      const snapshot = await engine.connect(connectorId, network)
      accounts.finishConnect(namespace, connectorId, snapshot, {
        method: 'browser',
        wallet: connector,
      })
    } catch (error) {
      if (!isUserRejectedError(error) && isWalletGone(error)) {
        accounts.endConnect(namespace)
        track('CONNECT_ERROR', { message: (error as Error).message })
        router.reset('Connect')
        toast.showError(ErrorText.failedToConnect)
        return
      }
      accounts.failConnect(error, namespace)
    } finally {
      accounts.setLoading(namespace, false)
    }
  }

  async function disconnectNamespace(namespace: ChainNamespace) {
    const connectorId = accounts.connectorOf(namespace)
    accounts.depart(namespace)
    try {
      if (!engines.adapterFor(namespace) && connectorId === WALLETCONNECT_CONNECTOR_ID) {
        await (await walletConnect.provider()).disconnect()
      } else {
        const engine = await engines.loadEngine(namespace)
        await engine.disconnect()
      }
      track('DISCONNECT_SUCCESS')
    } catch (error) {
      log('disconnect failed', error)
      track('DISCONNECT_ERROR')
    }
    accounts.clearAccount(namespace)
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
    accounts.restoreLead(undefined)
    if (!accounts.isConnected()) {
      chain.setState({ activeCaipNetwork: known, activeNamespace: namespace })
      storage.setActiveCaipNetworkId(known.caipNetworkId)
      storage.setActiveNamespace(namespace)
      if (modal.getState().open) router.goBack()
      return
    }
    const connection = connections.get(namespace)
    const shown = account.getState().namespace === namespace
    if (!connection && !shown) {
      // §8 APKTW001: the visitor picked a network of a namespace with no wallet yet.
      ctx.raise('APKTW001')
      if (modal.getState().open) {
        router.push({ view: 'SwitchActiveChain', params: { caipNetworkId: known.caipNetworkId } })
      }
      return
    }
    if (!shown) accounts.activate(namespace)
    account.setState({ switchError: undefined })
    if (connection && `${namespace}:${connection.chainId}` === known.caipNetworkId) {
      // The wallet is on that network already: nothing to ask it.
      if (!shown) track('SWITCH_NETWORK', { network: known.caipNetworkId })
      if (modal.getState().open) router.reset('Account')
      return
    }
    if (modal.getState().open) {
      router.push({ view: 'SwitchNetwork', params: { caipNetworkId: known.caipNetworkId } })
    }
    try {
      const engine = await engines.loadEngine(known.chainNamespace)
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
  async function refreshBalance({ force }: { force: boolean }) {
    const { address, caipAddress, namespace, balance } = account.getState()
    const network = chain.getState().activeCaipNetwork
    // The portfolio asks only for its current account on a listed network (portfolio.ts).
    if (!address || !caipAddress || !namespace) return
    const fresh =
      balance?.caipAddress === caipAddress &&
      Date.now() - balance.fetchedAt < CACHE_TTL_MS.nativeBalance
    if (fresh && !force) return
    account.setState({ balanceLoading: true, balanceError: undefined })
    try {
      const engine = await engines.loadEngine(namespace)
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

  return { connect, disconnect, switchNetwork, refreshBalance }
}
