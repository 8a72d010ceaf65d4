// What the onramp controller is given (its stores, the API, the portfolio's refresh), the window
// its checkout runs in, and its texts.
import type { StoreApi } from 'zustand/vanilla'
import type { TokenBalance } from '../api/api.ts'
import type { OnrampApi } from '../api/onramp.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { Track } from '../events.ts'
import type { ToastController } from '../router/toast.ts'
import type { OnrampState } from './onrampState.ts'

/** The onramp's own texts (ours; the spec has none) */
export const OnrampText = {
  notOffered: 'Buying crypto is not offered on this network',
  amount: (min: number, max: number, currency: string) =>
    `Enter an amount between ${min} and ${max} ${currency}`,
  cryptoAmount: (symbol: string, decimals: number) =>
    `Enter an amount of ${symbol} with at most ${decimals} decimals`,
  popupBlocked: 'The checkout window could not open. Allow pop-ups for this site and try again.',
  popupClosed: 'The checkout window was closed before the payment',
  bought: (amount: string, symbol: string) => `Bought ${amount} ${symbol}`,
  failed: 'The purchase failed',
} as const

/** What the checkout runs in: a window the visitor's click opened */
export interface CheckoutWindow {
  closed: boolean
  /** Set to null before the provider's page loads: it gets no handle on the app's page */
  opener: unknown
  location: { href: string }
  close(): void
}

export interface OnrampContext {
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    onramp: StoreApi<OnrampState>
  }
  onramp(): Promise<OnrampApi>
  /** Fresh balances and activity once the purchase arrived */
  refreshPortfolio(): Promise<void>
  toast: ToastController
  track: Track
  log(message: string, detail?: unknown): void
  /** The visitor's IANA timezone (restricted regions are refused by the provider) */
  timezone?: () => string | undefined
  /** The data API's fresh balances of `address` on a CAIP-2 network: how a hosted checkout,
   * which reports no order, is followed */
  balances(address: string, network: string): Promise<TokenBalance[]>
}
