// Prices of Solana coins: seeded stand-ins (SEEDED_USD_PRICES) per configured chain, read by
// CAIP-2 id and mint.
import type { Kysely } from 'kysely'
import { SEEDED_USD_PRICES, SOLANA_NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import { SOLANA_NATIVE_COIN, type SolanaChain } from './solanaChains.ts'

/** Seeds SOL's and the known tokens' USD prices. Idempotent; prices an operator changed are kept. */
export async function seedSolanaPrices(db: Kysely<Database>, chains: readonly SolanaChain[]) {
  const rows = chains.flatMap((chain) =>
    [
      { mint: SOLANA_NATIVE_TOKEN_ADDRESS, symbol: SOLANA_NATIVE_COIN.symbol },
      ...chain.tokens.map((token) => ({ mint: token.mint, symbol: token.symbol })),
    ].flatMap(({ mint, symbol }) => {
      const price = SEEDED_USD_PRICES[symbol]
      return price === undefined ? [] : [{ network: chain.caip2, mint, currency: 'usd', price }]
    }),
  )
  if (rows.length === 0) return
  await db
    .insertInto('solana_prices')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Prices keyed by `${network}:${mint}` (SOL under SOLANA_NATIVE_TOKEN_ADDRESS). */
export async function solanaPricesFor(
  db: Kysely<Database>,
  currency: string,
  networks: readonly string[],
): Promise<Map<string, number>> {
  if (networks.length === 0) return new Map()
  const rows = await db
    .selectFrom('solana_prices')
    .select(['network', 'mint', 'price'])
    .where('currency', '=', currency)
    .where('network', 'in', [...networks])
    .execute()
  return new Map(rows.map((row) => [`${row.network}:${row.mint}`, Number(row.price)]))
}
