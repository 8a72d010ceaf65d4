import type { CaipNetworkId } from '../caip.ts'
import type { WalletLinks } from '../directory/deepLink.ts'

/** A wallet the visitor picked, kept while its connecting view is shown. */
export interface WalletRef {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  /** A directory wallet's links, for WalletConnect deep links */
  links?: WalletLinks
}

/** §2 Views, each with its own parameters. `Networks` is the network list (not named by the spec). */
export interface ViewParams {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  ConnectingWalletConnect: undefined
  ConnectingWalletConnectBasic: undefined
  ConnectingExternal: { connectorId: string }
  ConnectingFarcaster: undefined
  DataCapture: undefined
  SIWXSignMessage: undefined
  ApproveTransaction: undefined
  RegisterAccountName: undefined
  RegisterAccountNameSuccess: undefined
  Networks: undefined
  SwitchNetwork: { caipNetworkId: CaipNetworkId }
  SwitchActiveChain: { caipNetworkId: CaipNetworkId }
  UnsupportedChain: undefined
  EmailLogin: undefined
  ProfileWallets: undefined
  UpdateEmailWallet: undefined
  /** The address to receive on, with the networks it can receive on (not named by the spec). */
  Receive: undefined
  /** §5 Send (views not named by the spec): token, amount and receiver */
  WalletSend: undefined
  WalletSendSelectToken: undefined
  WalletSendPreview: undefined
  WalletSendResult: undefined
  /** Swap (views not named by the spec): the two tokens, the amount and the live quote */
  Swap: undefined
  /** Picks the token sold or bought */
  SwapSelectToken: { side: 'sell' | 'buy' }
  /** The quote in full, then approve (when needed) and swap through the wallet */
  SwapPreview: undefined
  /** Buy crypto: the amount, the asset, the payment method and the provider's quote */
  OnRampProviders: undefined
  /** Picks the asset bought */
  OnRampTokenSelect: undefined
  OnRampFiatSelect: undefined
  /** The provider's checkout is open in a popup; the order is followed until it ends */
  BuyInProgress: undefined
}

export type ViewName = keyof ViewParams

export type Route = { [V in ViewName]: { view: V; params: ViewParams[V] } }[ViewName]

/** Views that need no parameters can be named alone. */
export type ParamlessView = {
  [V in ViewName]: ViewParams[V] extends undefined ? V : never
}[ViewName]

export type RouteInput = Route | ParamlessView

/** §4 Transaction stack entry. */
export interface TransactionAction {
  onSuccess?: () => void
  onError?: () => void
  onCancel?: () => void
}

export interface RouterState {
  /** Never empty; the last entry is the current view. */
  history: readonly Route[]
  transactionStack: readonly TransactionAction[]
  wallet?: WalletRef
  redirectView?: ViewName
}

export function toRoute(input: RouteInput): Route {
  return typeof input === 'string' ? ({ view: input, params: undefined } as Route) : input
}

export function currentRoute(state: RouterState): Route {
  return state.history[state.history.length - 1] as Route
}

/** §2 Starts at Connect with history [Connect]. */
export function initialRouterState(): RouterState {
  return { history: [toRoute('Connect')], transactionStack: [] }
}

/** §2 Push ignores a view equal to the current one. */
export function push(state: RouterState, input: RouteInput): RouterState {
  const route = toRoute(input)
  if (currentRoute(state).view === route.view) return state
  return { ...state, history: [...state.history, route] }
}

/** §2 Replace ignores a view equal to the last history entry. */
export function replace(state: RouterState, input: RouteInput): RouterState {
  const route = toRoute(input)
  if (currentRoute(state).view === route.view) return state
  return { ...state, history: [...state.history.slice(0, -1), route] }
}

/** §2 Reset sets a single-entry history. */
export function reset(state: RouterState, input: RouteInput): RouterState {
  return { ...state, history: [toRoute(input)] }
}

export interface GoBackResult {
  state: RouterState
  /** §2 If no history is left, the modal closes. */
  closeModal: boolean
}

/**
 * §2 Go back pops history; Connect becomes Account when an address is connected; with no
 * history left the modal closes. Stored wallet and redirect-view data are cleared.
 */
export function goBack(state: RouterState, isConnected: boolean): GoBackResult {
  const { wallet: _wallet, redirectView: _redirectView, ...rest } = state
  if (state.history.length <= 1) return { state: rest, closeModal: true }
  const history = state.history.slice(0, -1)
  if (isConnected && currentRoute({ ...rest, history }).view === 'Connect') {
    history[history.length - 1] = toRoute('Account')
  }
  return { state: { ...rest, history }, closeModal: false }
}

export function pushTransaction(state: RouterState, action: TransactionAction): RouterState {
  return { ...state, transactionStack: [...state.transactionStack, action] }
}

export type TransactionOutcome = 'success' | 'error' | 'cancel'

export interface PopTransactionResult {
  state: RouterState
  /** The callback to run for this outcome, if the entry has one. */
  callback?: () => void
  /** §4 error and cancel go back after their callback. */
  goBack: boolean
}

/** §4 Pop: success runs onSuccess; error runs onError then goes back; cancel runs onCancel then goes back. */
export function popTransaction(
  state: RouterState,
  outcome: TransactionOutcome,
): PopTransactionResult {
  const action = state.transactionStack[state.transactionStack.length - 1]
  if (!action) return { state, goBack: false }
  const next = { ...state, transactionStack: state.transactionStack.slice(0, -1) }
  const callbacks = { success: action.onSuccess, error: action.onError, cancel: action.onCancel }
  return { state: next, callback: callbacks[outcome], goBack: outcome !== 'success' }
}
