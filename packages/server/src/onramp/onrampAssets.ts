// What the onramp can sell: each EVM chain's native coin and listed tokens, and each Solana
// chain's SOL, that have a price.
import type { Kysely } from 'kysely'
import { type Address, getAddress } from 'viem'
import type { Chains } from '../chain/client.ts'
import { SOLANA_NATIVE_COIN, type SolanaChains } from '../chain/solanaChains.ts'
import { solanaPricesFor } from '../chain/solanaPrices.ts'
import { listTokens, NATIVE_COIN, type PriceSource } from '../chain/tokens.ts'
import { NATIVE_TOKEN_ADDRESS, SOLANA_NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'

export interface OnrampAsset {
  symbol: string
  name: string
  decimals: number
  /** CAIP-2 */
  network: string
  /** The EVM chain's id; null on Solana */
  chainId: number | null
  /** null: the chain's native coin */
  address: Address | null
  priceUsd: number
}

export interface AssetSources {
  db: Kysely<Database>
  chains: Chains
  prices: PriceSource
  solanaChains: SolanaChains
}

/**
 * The priced assets of every chain; with `held`, only those it says are held (the sandbox sells
 * what its treasury has; a configured provider sells whatever is priced).
 */
export async function pricedAssets(
  { db, chains, prices, solanaChains }: AssetSources,
  held?: (network: string, address: Address | null) => Promise<boolean>,
): Promise<OnrampAsset[]> {
  const perChain = await Promise.all(
    chains.all.map(async (chain) => {
      const [tokens, priced] = await Promise.all([
        listTokens(db, chain.chainId),
        prices('usd', [chain.chainId]),
      ])
      const candidates = [
        { ...NATIVE_COIN, address: null },
        ...tokens.map((t) => ({ ...t, address: getAddress(t.address) })),
      ]
      const holds = await Promise.all(
        candidates.map((c) => (held ? held(chain.caip2, c.address) : true)),
      )
      return candidates.flatMap((c, i) => {
        const key = `${chain.chainId}:${(c.address ?? NATIVE_TOKEN_ADDRESS).toLowerCase()}`
        const priceUsd = priced.get(key) ?? 0
        if (!holds[i] || !(priceUsd > 0)) return []
        const { symbol, name, decimals, address } = c
        return [
          {
            symbol,
            name,
            decimals,
            address,
            network: chain.caip2,
            chainId: chain.chainId,
            priceUsd,
          },
        ]
      })
    }),
  )
  return [...perChain.flat(), ...(await solanaCoins(db, solanaChains, held))]
}

/** SOL on each Solana chain that has a price (the onramp sells no Solana token yet) */
async function solanaCoins(
  db: Kysely<Database>,
  chains: SolanaChains,
  held?: (network: string, address: null) => Promise<boolean>,
): Promise<OnrampAsset[]> {
  const prices = await solanaPricesFor(db, 'usd', chains.ids)
  const coins = await Promise.all(
    chains.all.map(async (chain): Promise<OnrampAsset[]> => {
      const priceUsd = prices.get(`${chain.caip2}:${SOLANA_NATIVE_TOKEN_ADDRESS}`) ?? 0
      if (!(priceUsd > 0) || (held && !(await held(chain.caip2, null)))) return []
      const network = chain.caip2
      return [{ ...SOLANA_NATIVE_COIN, network, chainId: null, address: null, priceUsd }]
    }),
  )
  return coins.flat()
}
