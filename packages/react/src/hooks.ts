import type {
  AccountState,
  AppKitEvent,
  CaipAddress,
  ChainNamespace,
  ChainState,
  ConnectorInfo,
  OpenOptions,
  PortfolioState,
  ThemeState,
} from '@latchkey/core/internal'
import {
  AUTH_CONNECTOR_ID,
  accountsOf,
  type ConnectorStatus,
  connectorStatus,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  ErrorText,
} from '@latchkey/core/internal'
import type { CaipNetwork, ViemChainLike } from '@latchkey/core/networks'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useAppKitInstance } from './instance.ts'
import { SOCIAL_NAMES } from './socialNames.ts'
import { useStore } from './store.ts'
import { walletProviderTypeOf } from './walletProviderType.ts'

export function useAppKit() {
  const appKit = useAppKitInstance()
  return {
    /** Resolves once the modal is open (AppKit's `open` is a Promise too). */
    open: useCallback(
      async (options?: OpenOptions): Promise<void> => appKit.open(options),
      [appKit],
    ),
    close: appKit.close,
  }
}

/** The account of `namespace` (the active one when not given), as AppKit's hook shapes it. */
function accountOf(account: AccountState, namespace: ChainNamespace | undefined) {
  if (!namespace || namespace === account.namespace) {
    const { address, caipAddress, connectorId, status } = account
    return { address, caipAddress, connectorId, status }
  }
  const connection = account.status === 'connected' ? account.connections?.[namespace] : undefined
  if (!connection) {
    return {
      address: undefined,
      caipAddress: undefined,
      connectorId: undefined,
      status: 'disconnected' as const,
    }
  }
  const caipAddress: CaipAddress = `${namespace}:${connection.chainId}:${connection.address}`
  return {
    address: connection.address,
    caipAddress,
    connectorId: connection.connectorId,
    status: 'connected' as const,
  }
}

/** The connected account; `{ namespace }` gives that namespace's (a second wallet's) account. */
export function useAppKitAccount(options: { namespace?: ChainNamespace } = {}) {
  const appKit = useAppKitInstance()
  const state = useStore(appKit.core.stores.account)
  const embedded = useStore(appKit.core.stores.embedded)
  const account = accountOf(state, options.namespace)
  const embeddedConnector =
    account.connectorId === AUTH_CONNECTOR_ID ||
    account.connectorId === EMBEDDED_SOLANA_CONNECTOR_ID
  const user = embeddedConnector ? embedded.user : undefined
  const allAccounts = useMemo(() => accountsOf(state, embedded.user), [state, embedded.user])
  return {
    /** §3 Every connected account (namespace, address, type, publicKey), the active one first */
    allAccounts,
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: account.status === 'connected',
    status: account.status,
    /** §3 Embedded-wallet user: set while signed in with email or a social provider; undefined for other wallets. */
    embeddedWalletInfo: user && {
      user: { email: user.email ?? undefined, username: user.userName ?? undefined },
      authProvider: user.authProvider ?? ('email' as const),
      accountType: user.preferredAccountType ?? 'eoa',
      isSmartAccountDeployed: user.smartAccountDeployed,
    },
  }
}

/** The wallets the page has (EIP-6963, Wallet Standard), each with its §3 status and provider. */
export function useAppKitConnectors(): {
  connectors: (ConnectorInfo & { status: ConnectorStatus })[]
} {
  const { core } = useAppKitInstance()
  const list = useStore(core.stores.connectors, (s) => s.list)
  const account = useStore(core.stores.account)
  const connectors = useMemo(
    () => list.map((c) => ({ ...c, status: connectorStatus(c.id, account) })),
    [list, account],
  )
  return { connectors }
}

export function useAppKitNetwork() {
  const appKit = useAppKitInstance()
  const chain = useStore(appKit.core.stores.chain)
  return {
    caipNetwork: chain.activeCaipNetwork,
    caipNetworkId: chain.activeCaipNetwork.caipNetworkId,
    chainId: chain.activeCaipNetwork.id,
    isUnsupported: chain.unsupported,
    switchNetwork: useCallback(
      (network: CaipNetwork | ViemChainLike) => appKit.switchNetwork(network),
      [appKit],
    ),
  }
}

/** AppKit's network hook without `switchNetwork`. */
export function useAppKitNetworkCore() {
  const { core } = useAppKitInstance()
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  return { caipNetwork: network, caipNetworkId: network.caipNetworkId, chainId: network.id }
}

export function useAppKitState() {
  const { core, localeStore } = useAppKitInstance()
  const modal = useStore(core.stores.modal)
  const chain = useStore(core.stores.chain)
  const wallet = useStore(core.stores.router, (s) => s.wallet)
  const connecting = useStore(core.stores.account, (s) => s.status === 'connecting')
  const locale = useStore(localeStore, (s) => s.locale)
  return {
    open: modal.open,
    loading: Object.values(modal.loading).some(Boolean),
    /** The instance runs in this browser (false while server-rendering) */
    initialized: modal.initialized,
    /** The wallet the visitor is connecting, while they are */
    connectingWallet: connecting ? wallet : undefined,
    activeChain: chain.activeNamespace,
    selectedNetworkId: chain.activeCaipNetwork.caipNetworkId,
    /** The language the modal shows ('en', or a translation's tag; README "Languages") */
    locale,
  }
}

/** Ours (AppKit has none): the modal's language, its direction, and a way to change it. */
export function useAppKitLocale() {
  const appKit = useAppKitInstance()
  const { locale, dir } = useStore(appKit.localeStore)
  return { locale, dir, setLocale: appKit.setLocale }
}

export function useAppKitTheme() {
  const appKit = useAppKitInstance()
  const theme = useStore<ThemeState>(appKit.core.stores.theme)
  return {
    themeMode: theme.themeMode,
    themeVariables: theme.themeVariables,
    setThemeMode: appKit.setThemeMode,
    setThemeVariables: appKit.setThemeVariables,
  }
}

/** AppKit's events state: the last event (MODAL_CREATED before any), never undefined. */
export interface AppKitEventsState extends AppKitEvent {
  reportedErrors: Record<string, boolean>
}

export function useAppKitEvents(): AppKitEventsState {
  const appKit = useAppKitInstance()
  const [event, setEvent] = useState<AppKitEventsState>(() => ({
    timestamp: Date.now(),
    reportedErrors: {},
    data: { type: 'track', event: 'MODAL_CREATED' },
  }))
  useEffect(
    () => appKit.subscribeEvents((next) => setEvent({ ...next, reportedErrors: {} })),
    [appKit],
  )
  return event
}

export function useDisconnect() {
  const appKit = useAppKitInstance()
  return { disconnect: appKit.disconnect }
}

/** The connected wallet's name and icon; with `namespace`, that namespace's wallet. */
export function useWalletInfo(namespace?: ChainState['activeNamespace']) {
  const { core } = useAppKitInstance()
  const connectorId = useStore<AccountState, string | undefined>(core.stores.account, (s) =>
    namespace && namespace !== s.namespace
      ? s.connections?.[namespace]?.connectorId
      : s.connectorId,
  )
  const connectors = useStore(core.stores.connectors, (s) => s.list)
  const peer = useStore(core.stores.account, (s) => s.peerWallet)
  const authProvider = useStore(core.stores.embedded, (s) => s.user?.authProvider)
  const connector = connectors.find((c) => c.id === connectorId)
  return {
    walletInfo: connector
      ? { name: connector.name, icon: connector.imageUrl, rdns: connector.rdns }
      : connectorId === AUTH_CONNECTOR_ID || connectorId === EMBEDDED_SOLANA_CONNECTOR_ID
        ? // The embedded wallet is named by how the visitor signed in: 'Email' or 'Google', …
          { name: authProvider && authProvider !== 'email' ? SOCIAL_NAMES[authProvider] : 'Email' }
        : peer && { name: peer.name, icon: peer.icon },
  }
}

/** The connected wallet's provider of the namespace, once the adapter has loaded. */
export function useAppKitProvider<T = unknown>(
  namespace: ChainState['activeNamespace'] = 'eip155',
) {
  const appKit = useAppKitInstance()
  const connectorId = useStore(appKit.core.stores.account, (s) =>
    s.namespace === namespace ? s.connectorId : s.connections?.[namespace]?.connectorId,
  )
  const [walletProvider, setProvider] = useState<T>()
  useEffect(
    () =>
      appKit.subscribeProviders((providers) => setProvider(providers[namespace] as T | undefined)),
    [appKit, namespace],
  )
  return { walletProvider, walletProviderType: walletProviderTypeOf(connectorId) }
}

/** AppKit's answer of `fetchBalance()`: the native balance, or why there is none. */
export type FetchBalanceResult =
  | { data: { balance: string; symbol: string }; error: null; isSuccess: true; isError: false }
  | { data: undefined; error: string; isSuccess: false; isError: true }

/** Our wording: fetchBalance() without a connected account */
export const NO_ACCOUNT_CONNECTED = 'No account connected'

/** AppKit's balance hook: `fetchBalance()` reads the native balance afresh (the token list: useAppKitTokens). */
export function useAppKitBalance() {
  const { core } = useAppKitInstance()
  const fetchBalance = useCallback(async (): Promise<FetchBalanceResult> => {
    const failed = (error: string) =>
      ({ data: undefined, error, isSuccess: false, isError: true }) as const
    if (core.stores.account.getState().status !== 'connected') return failed(NO_ACCOUNT_CONNECTED)
    await core.refreshBalance({ force: true })
    const { balance, balanceError, status } = core.stores.account.getState()
    if (status !== 'connected') return failed(NO_ACCOUNT_CONNECTED)
    if (!balance) {
      return failed(
        balanceError ??
          core.stores.portfolio.getState().balancesError ??
          ErrorText.tokenBalanceUnavailable,
      )
    }
    return {
      data: { balance: balance.formatted, symbol: balance.symbol },
      error: null,
      isSuccess: true,
      isError: false,
    }
  }, [core])
  return { fetchBalance }
}

/** Token balances of the connected account on the active network (§3, §5). */
export function useAppKitTokens() {
  const { core } = useAppKitInstance()
  const portfolio = useStore<PortfolioState>(core.stores.portfolio)
  return {
    tokens: portfolio.tokens,
    totalValue: portfolio.totalValue,
    loading: portfolio.balancesLoading,
    error: portfolio.balancesError,
    refresh: useCallback(
      (options?: { force?: boolean }) => core.portfolio.refresh(options),
      [core],
    ),
  }
}

/** The connected account's activity on the active network (§3, §5). */
export function useAppKitActivity() {
  const { core } = useAppKitInstance()
  const portfolio = useStore<PortfolioState>(core.stores.portfolio)
  return {
    transactions: portfolio.transactions,
    loading: portfolio.transactionsLoading,
    next: portfolio.next,
  }
}
