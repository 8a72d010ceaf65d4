import type { Transaction } from '../api/api.ts'
import type { SwapToken } from '../api/convert.ts'

/** §4 A swap the activity shows at once, as one entry with both legs, until the history has it. */
export function pendingSwap(swap: {
  hash: string
  from: string
  to: string
  chain: string
  sold: { token: SwapToken; amount: string }
  bought: { token: SwapToken; amount: string }
}): Transaction {
  const leg = (
    direction: 'in' | 'out',
    { token, amount }: { token: SwapToken; amount: string },
  ) => ({
    direction,
    fungible_info: { name: token.name, symbol: token.symbol, icon: { url: token.logoUri } },
    quantity: { numeric: amount },
    value: Number(amount) * token.price || 0,
    price: token.price,
  })
  return {
    id: swap.hash,
    metadata: {
      minedAt: new Date().toISOString(),
      chain: swap.chain,
      hash: swap.hash,
      sentFrom: swap.from,
      sentTo: swap.to,
      status: 'pending',
      operationType: 'trade',
    },
    transfers: [leg('out', swap.sold), leg('in', swap.bought)],
  }
}
