import type { TokenBalance, Transaction } from '../api/api.ts'
import type { CaipAddress } from '../caip.ts'

// The portfolio store's shape, apart from its controller (portfolio.ts, loaded lazily), so the
// instance can create the store in the first load and the UI can subscribe at once.

export interface PortfolioState {
  /** The account the data below belongs to; undefined before the first refresh. */
  caipAddress?: CaipAddress
  /** §5 Tokens with 0 decimals are dropped. */
  tokens: TokenBalance[]
  /** Sum of the tokens' fiat values (USD). */
  totalValue: number
  balancesLoading: boolean
  /** §8 'Token Balance Unavailable' after a failed balance call or on an unsupported network. */
  balancesError?: string
  /** §5 Transactions whose transfers are all spam NFTs are dropped. */
  transactions: Transaction[]
  transactionsLoading: boolean
  /** Sent from this modal and not in the history yet: shown first in `transactions` until it is. */
  pending: Transaction[]
  /** The cursor of the next history page; null at the end. */
  next: string | null
  /** §4 The account's name (profileName): its identity, or the name it just registered */
  profileName?: string
}

export function initialPortfolioState(): PortfolioState {
  return {
    tokens: [],
    totalValue: 0,
    balancesLoading: false,
    transactions: [],
    transactionsLoading: false,
    pending: [],
    next: null,
  }
}
