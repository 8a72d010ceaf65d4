import type { ChainNamespace } from '../caip.ts'
import { type Route, type RouteInput, toRoute } from './router.ts'

export interface OpeningContext {
  requested?: RouteInput
  isConnected: boolean
  isMobile: boolean
  hasAdapters: boolean
  manualControl: boolean
  /** The wallet is on a network the app does not list. */
  isUnsupportedChain?: boolean
}

/** §2 Opening: the caller's view, else Account when connected, else by adapters and device. */
export function openingRoute(ctx: OpeningContext): Route {
  if (ctx.requested) return toRoute(ctx.requested)
  if (ctx.isConnected) return toRoute(ctx.isUnsupportedChain ? 'UnsupportedChain' : 'Account')
  if (!ctx.hasAdapters && ctx.isMobile) return toRoute('AllWallets')
  if (!ctx.hasAdapters || ctx.manualControl) return toRoute('ConnectingWalletConnectBasic')
  return toRoute('Connect')
}

/** §2 Closing resets to Connect; in embedded mode it shows Account if connected. */
export function closingRoute(embedded: boolean, isConnected: boolean): Route {
  return toRoute(embedded && isConnected ? 'Account' : 'Connect')
}

export interface ModalState {
  open: boolean
  /** §4 A shake flag lasts 500 ms. */
  shake: boolean
  /** §4 Loading flags per namespace. */
  loading: Partial<Record<ChainNamespace, boolean>>
  /** The instance started in this browser (wallet discovery on); false on a server */
  initialized: boolean
  /** The namespace the modal was opened for (`open({ namespace })`): Connect lists its wallets only */
  namespace?: ChainNamespace
}

export function initialModalState(): ModalState {
  return { open: false, shake: false, loading: {}, initialized: false }
}

export function isLoading(state: ModalState): boolean {
  return Object.values(state.loading).some(Boolean)
}
