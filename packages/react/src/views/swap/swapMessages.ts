import { useMessagesWith } from '../../useMessages.ts'

/** The swap views' texts: loaded with them, not with the first load (README "Swap"). */
export const swapEn = {
  swapSell: 'You pay',
  swapBuy: 'You receive',
  swapFlip: 'Switch the tokens',
  reviewSwap: 'Review swap',
  swapNow: 'Swap',
  approving: 'Approve {amount} {symbol} in your wallet…',
  swapping: 'Confirm the swap in your wallet…',
  gettingQuote: 'Getting a quote…',
  swapRate: 'Rate',
  priceImpact: 'Price impact',
  highPriceImpact:
    'This trade moves the price by {percent}. You get much less than the market rate.',
  poolFee: 'Pool fee',
  minimumReceived: 'Minimum received',
  slippageTolerance: 'Slippage tolerance',
  searchToken: 'Search token',
  noTokenFound: 'No token found',
  loadingTokens: 'Loading tokens…',
}

export type SwapMessages = typeof swapEn

/** The English table with the swap texts and the app's own in place; only the swap views use it. */
export function useSwapMessages() {
  return useMessagesWith(swapEn)
}
