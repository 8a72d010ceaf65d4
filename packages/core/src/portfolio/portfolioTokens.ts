import type { TokenBalance } from '../api/api.ts'

/** The native coin's entry of a network's balances: the data API always lists it, without address. */
export function nativeTokenOf(
  tokens: readonly TokenBalance[],
  caipNetworkId: string,
): TokenBalance | undefined {
  return tokens.find((token) => !token.address && token.chainId === caipNetworkId)
}

/** A token of a network's balances by its address, plain or CAIP-10. */
export function tokenOf(
  tokens: readonly TokenBalance[],
  caipNetworkId: string,
  address: string,
): TokenBalance | undefined {
  const wanted = address.toLowerCase()
  return tokens.find((token) => {
    const own = token.address?.toLowerCase()
    return (
      token.chainId === caipNetworkId && (own === wanted || own === `${caipNetworkId}:${wanted}`)
    )
  })
}

/** Sum of the tokens' fiat values. */
export function totalValueOf(tokens: readonly TokenBalance[]): number {
  return tokens.reduce((sum, token) => sum + token.value, 0)
}
