// The pools seeded on every devnet chain, priced as the services' price table prices the tokens
// (ETH 3,000, lUSD 1, LKT 2.5 USD). Deep enough that a 1 ETH trade moves its pool's price by
// under 1 % (fee included), shallow enough that 1,000,000 lUSD is more than any pool holds.
import { parseEther, parseUnits } from 'viem'
import type { DevnetTokenSymbol } from '../tokens.ts'

export type PoolSide = 'ETH' | DevnetTokenSymbol

export interface SeedPool {
  /** Human amounts, in each side's own decimals */
  a: { symbol: PoolSide; amount: string }
  b: { symbol: DevnetTokenSymbol; amount: string }
}

export const SEED_POOLS: readonly SeedPool[] = [
  { a: { symbol: 'ETH', amount: '200' }, b: { symbol: 'lUSD', amount: '600000' } },
  { a: { symbol: 'ETH', amount: '200' }, b: { symbol: 'LKT', amount: '240000' } },
  { a: { symbol: 'lUSD', amount: '250000' }, b: { symbol: 'LKT', amount: '100000' } },
]

const DECIMALS: Record<PoolSide, number> = { ETH: 18, lUSD: 6, LKT: 18 }

/** Base units of a pool side's amount */
export function baseUnits(side: { symbol: PoolSide; amount: string }): bigint {
  return side.symbol === 'ETH'
    ? parseEther(side.amount)
    : parseUnits(side.amount, DECIMALS[side.symbol])
}
