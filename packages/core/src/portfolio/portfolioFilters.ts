// What the portfolio leaves out of the data API's answers (§5).
import type { TokenBalance, Transaction } from '../api/api.ts'

/** §5 Tokens with 0 decimals are dropped from balances. */
export function dropZeroDecimalTokens(tokens: readonly TokenBalance[]): TokenBalance[] {
  return tokens.filter((token) => Number(token.quantity.decimals) !== 0)
}

/** A transfer of an NFT flagged as spam. */
export function isSpamTransfer(transfer: Transaction['transfers'][number]): boolean {
  return transfer.nft_info?.flags?.is_spam === true
}

/** §5 Transactions whose transfers are all spam NFTs are dropped. */
export function dropSpamTransactions(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter(
    (tx) => tx.transfers.length === 0 || !tx.transfers.every(isSpamTransfer),
  )
}
