// The known ERC-20 tokens and the price table, seeded for every configured chain.
import type { Kysely } from 'kysely'
import { KNOWN_TOKENS, NATIVE_TOKEN_ADDRESS, SEEDED_USD_PRICES } from '../constants.ts'
import type { Database, TokenRow } from '../db/schema.ts'

/** The native coin of every EVM chain we serve (the devnet's ETH). */
export const NATIVE_COIN = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/** Where a token's icon is served: our own token image route. */
export function tokenIconPath(symbol: string): string {
  return `/public/getTokenImage/${encodeURIComponent(symbol)}`
}

/** Seeds the devnet's tokens (same addresses on every chain) and their USD prices. Idempotent. */
export async function seedChainData(db: Kysely<Database>, chainIds: readonly number[]) {
  if (chainIds.length === 0) return
  const tokens = chainIds.flatMap((chainId) =>
    KNOWN_TOKENS.map((token) => ({
      chain_id: chainId,
      address: token.address.toLowerCase(),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      icon: tokenIconPath(token.symbol),
    })),
  )
  await db
    .insertInto('tokens')
    .values(tokens)
    .onConflict((oc) =>
      oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        symbol: eb.ref('excluded.symbol'),
        decimals: eb.ref('excluded.decimals'),
        icon: eb.ref('excluded.icon'),
      })),
    )
    .execute()

  const priced = [
    ...chainIds.map((chainId) => ({ chainId, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH' })),
    ...tokens.map((t) => ({ chainId: t.chain_id, address: t.address, symbol: t.symbol })),
  ].flatMap(({ chainId, address, symbol }) => {
    const price = SEEDED_USD_PRICES[symbol]
    return price === undefined ? [] : [{ chain_id: chainId, address, currency: 'usd', price }]
  })
  // Prices an operator changed are kept: the seed only fills in missing rows.
  await db
    .insertInto('prices')
    .values(priced)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function listTokens(db: Kysely<Database>, chainId: number): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('chain_id', '=', chainId)
    .orderBy('address')
    .execute()
}

/** Prices keyed by `${chainId}:${lowercase address}` (the table's, or the pools' where they trade) */
export type PriceSource = (
  currency: string,
  chainIds: readonly number[],
) => Promise<Map<string, number>>

/** The price table's prices, keyed by `${chainId}:${lowercase address}`. */
export async function pricesFor(
  db: Kysely<Database>,
  currency: string,
  chainIds: readonly number[],
): Promise<Map<string, number>> {
  if (chainIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('prices')
    .select(['chain_id', 'address', 'price'])
    .where('currency', '=', currency)
    .where('chain_id', 'in', [...chainIds])
    .execute()
  return new Map(rows.map((row) => [`${row.chain_id}:${row.address}`, Number(row.price)]))
}
