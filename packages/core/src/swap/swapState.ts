import type { SwapQuote, SwapToken } from '../api/convert.ts'
import type { GasPrice } from '../connection/adapter.ts'

/**
 * editing: the form; approving / swapping: the wallet is asked (or the chain mines) the approve
 * or the swap; swapped: the last swap was mined.
 */
export type SwapStatus = 'editing' | 'approving' | 'swapping' | 'swapped'

export interface SwapState {
  /** The CAIP-2 network `tokens` belong to */
  network?: string
  /** What the network's exchange trades, the native coin first */
  tokens: SwapToken[]
  tokensLoading: boolean
  /** CAIP-10 of the token sold and of the token bought */
  sell?: string
  buy?: string
  /** The amount sold, as typed */
  amount: string
  /** The quote for the amount as it stands; undefined while none is known */
  quote?: SwapQuote
  quoteLoading: boolean
  gasPrice?: GasPrice
  status: SwapStatus
  /** Why the form cannot go on (the service's reason, the amount, the wallet) */
  error?: string
  /** The last swap's transaction hash */
  hash?: string
}

export function initialSwapState(): SwapState {
  return { tokens: [], tokensLoading: false, amount: '', quoteLoading: false, status: 'editing' }
}
