import type { OnrampOptions, OnrampOrder, OnrampQuote } from '../api/onramp.ts'

/**
 * editing: the form; buying: the provider's checkout is open and the order is polled;
 * completed / failed: how the last order ended.
 */
export type OnrampStatus = 'editing' | 'buying' | 'completed' | 'failed'

export interface OnrampState {
  /** The CAIP-2 network the options were read for */
  network?: string
  options?: OnrampOptions
  optionsLoading: boolean
  /** The asset bought (its symbol on `network`) and how it is paid */
  asset?: string
  method: string
  /** As typed: fiat, or the asset when `amountIn` is crypto */
  amount: string
  /** The fiat currency paid (one of the provider's `paymentCurrencies`) */
  currency: string
  /** What the amount counts: the fiat paid, or the asset bought */
  amountIn: 'fiat' | 'crypto'
  quote?: OnrampQuote
  quoteLoading: boolean
  /** The provider of the purchase under way or last made (an options' provider id) */
  provider?: string
  /** The sandbox's order being followed; a hosted checkout has none */
  order?: OnrampOrder
  /** What the last purchase brought, a decimal in the asset */
  purchased?: string
  /** A hosted checkout's window was closed: the balance is still followed */
  windowClosed?: boolean
  status: OnrampStatus
  /** Why the form cannot go on, or why the order failed */
  error?: string
}

export function initialOnrampState(): OnrampState {
  return {
    optionsLoading: false,
    method: 'card',
    amount: '',
    amountIn: 'fiat',
    currency: 'USD',
    quoteLoading: false,
    status: 'editing',
  }
}
