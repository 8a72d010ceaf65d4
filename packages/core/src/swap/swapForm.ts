// The swap form's pure rules: which tokens to offer first, what Max may sell, the minimum the
// swap pays out, and the first thing wrong with the form.
import type { TokenBalance } from '../api/api.ts'
import type { SwapQuote, SwapToken } from '../api/convert.ts'
import {
  SWAP_GAS_FIRST_POOL,
  SWAP_GAS_NEXT_POOL,
  SWAP_GAS_RESERVE,
  SWAP_PRICE_IMPACT_WARNING_PERCENT,
} from '../constants/swap.ts'
import { AmountText, maxSendable, parseAmount } from '../send/sendAmount.ts'

const NATIVE = /^eip155:\d+:0xe{40}$/i

export function isNativeToken(address: string): boolean {
  return NATIVE.test(address)
}

/** The portfolio's CAIP-10 key of a swap token (the portfolio leaves the native coin's out). */
function sameToken(swap: SwapToken, held: TokenBalance): boolean {
  if (isNativeToken(swap.address)) return held.address === undefined
  return held.address?.toLowerCase() === swap.address.toLowerCase()
}

/** The visitor's balance of a token, in base units (0 when none is held). */
export function heldAmount(
  token: SwapToken,
  balances: readonly TokenBalance[],
  caipNetworkId: string,
): bigint {
  const held = balances.find((t) => t.chainId === caipNetworkId && sameToken(token, t))
  if (!held) return 0n
  try {
    return parseAmount(held.quantity.numeric, token.decimals)
  } catch {
    return 0n
  }
}

/** The tokens the visitor holds first (by value), then the rest in the service's order. */
export function tokensByHolding(
  tokens: readonly SwapToken[],
  balances: readonly TokenBalance[],
  caipNetworkId: string,
): SwapToken[] {
  const heldValue = (token: SwapToken) =>
    balances.find((t) => t.chainId === caipNetworkId && sameToken(token, t))?.value ?? -1
  return tokens
    .map((token, index) => ({ token, index, value: heldValue(token) }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map(({ token }) => token)
}

/** Tokens whose name, symbol or address contains the search (case-insensitive). */
export function searchTokens(tokens: readonly SwapToken[], search: string): SwapToken[] {
  const wanted = search.trim().toLowerCase()
  if (!wanted) return [...tokens]
  return tokens.filter((token) =>
    [token.symbol, token.name, token.address].some((text) => text.toLowerCase().includes(wanted)),
  )
}

/** What Max sells: the balance; of the native coin, less the gas a swap may take. */
export function maxSwappable(balance: bigint, native: boolean, fastGasPrice = 0n): bigint {
  return maxSendable(balance, fastGasPrice * SWAP_GAS_RESERVE, native)
}

/** §9 What the swap pays out at least: the quote less the slippage (percent), rounded down. */
export function minimumReceived(toAmount: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (toAmount * (10_000n - basisPoints)) / 10_000n
}

/** The network fee a swap through `pathLength - 1` pools takes, about, in wei. */
export function swapNetworkFee(gasPrice: bigint, pathLength: number): bigint {
  const further = BigInt(Math.max(0, pathLength - 2))
  return gasPrice * (SWAP_GAS_FIRST_POOL + SWAP_GAS_NEXT_POOL * further)
}

export function isHighPriceImpact(quote: SwapQuote): boolean {
  return quote.priceImpact > SWAP_PRICE_IMPACT_WARNING_PERCENT
}

/** The amount in base units, or why it cannot be swapped (the texts of Send's amount). */
export function checkSwapAmount(
  text: string,
  token: SwapToken | undefined,
  balance: bigint,
): { amount: bigint } | { error: string } {
  if (!token || !text.trim()) return { error: AmountText.zero }
  let amount: bigint
  try {
    amount = parseAmount(text, token.decimals)
  } catch (error) {
    return { error: (error as Error).message }
  }
  if (amount === 0n) return { error: AmountText.zero }
  if (amount > balance) return { error: AmountText.exceedsBalance }
  return { amount }
}

/** The swap's own texts (ours; the spec has none but 'Insufficient liquidity'). */
export const SwapText = {
  approvalFailed: 'The approval failed on chain',
  failedOnChain: 'The swap failed on chain',
  walletCannotSwap: 'This wallet cannot send a swap',
  swapped: (sold: string, bought: string) => `Swapped ${sold} for ${bought}`,
} as const
