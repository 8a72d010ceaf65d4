import type { TokenBalance, TokenPrice } from '../api/api.ts'

/** §7 How the price service names an EVM chain's native coin */
export const NATIVE_COIN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The CAIP-10 id the price service knows a token by; undefined when it prices none such. */
export function priceIdOf(token: TokenBalance): string | undefined {
  if (token.address) return token.address
  return token.chainId.startsWith('eip155:') ? `${token.chainId}:${NATIVE_COIN_ADDRESS}` : undefined
}

/** The tokens with the prices given (and their values re-computed); the rest as they were. */
export function withPrices(
  tokens: readonly TokenBalance[],
  prices: readonly TokenPrice[],
): TokenBalance[] {
  const byId = new Map(prices.map((p) => [p.address.toLowerCase(), p.price]))
  return tokens.map((token) => {
    const price = byId.get(priceIdOf(token)?.toLowerCase() ?? '')
    if (price === undefined || price === token.price) return token
    const quantity = Number(token.quantity.numeric)
    return { ...token, price, value: Number.isFinite(quantity) ? quantity * price : token.value }
  })
}
