// Prices from the exchange's pools (issue 22): on a chain with an exchange, a token that has a
// pool with the chain's price anchor (a USD stablecoin the price table prices) is priced by that
// pool, so a swap moves the value a wallet shows. Everything else keeps the table's price.
import type { Kysely } from 'kysely'
import type { Address } from 'viem'
import { listTokens, type PriceSource, pricesFor } from '../chain/tokens.ts'
import { SWAP_PRICE_ANCHORS } from '../constants/swap.ts'
import { NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { Exchanges } from './exchanges.ts'

const keyOf = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`
const units = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals

export function poolPrices(db: Kysely<Database>, exchanges: Exchanges): PriceSource {
  return async (currency, chainIds) => {
    const prices = await pricesFor(db, currency, chainIds)
    await Promise.all(
      chainIds.map((chainId) =>
        // A node that does not answer leaves the chain at the table's prices.
        priceByPools(db, exchanges, chainId, prices).catch(() => undefined),
      ),
    )
    return prices
  }
}

async function priceByPools(
  db: Kysely<Database>,
  exchanges: Exchanges,
  chainId: number,
  prices: Map<string, number>,
): Promise<void> {
  const found = await exchanges.of(chainId)
  if (!found) return
  const tokens = (await listTokens(db, chainId)).filter((token) => token.decimals > 0)
  const anchor = SWAP_PRICE_ANCHORS.flatMap((symbol) =>
    tokens.filter((t) => t.symbol === symbol && prices.has(keyOf(chainId, t.address))),
  )[0]
  if (!anchor) return
  const anchorPrice = prices.get(keyOf(chainId, anchor.address)) ?? 0
  const [{ weth }, block] = await Promise.all([
    found.exchange.contracts(),
    found.exchange.latestBlock(),
  ])
  const pooled: { key: string; address: Address; decimals: number }[] = [
    { key: keyOf(chainId, NATIVE_TOKEN_ADDRESS), address: weth, decimals: 18 },
    ...tokens
      .filter((token) => token !== anchor)
      .map((token) => ({
        key: keyOf(chainId, token.address),
        address: token.address as Address,
        decimals: token.decimals,
      })),
  ]
  const priced = await Promise.all(
    pooled.map(async (token) => {
      const reserves = await found.exchange.reserves(
        token.address,
        anchor.address as Address,
        block,
      )
      if (!reserves || reserves.in === 0n || reserves.out === 0n) return undefined
      const perToken = units(reserves.out, anchor.decimals) / units(reserves.in, token.decimals)
      return { key: token.key, price: Math.round(perToken * anchorPrice * 10_000) / 10_000 }
    }),
  )
  for (const entry of priced) if (entry) prices.set(entry.key, entry.price)
}
