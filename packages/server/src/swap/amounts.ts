// Uniswap V2's arithmetic (UniswapV2Library.getAmountOut), hop by hop: what a path pays out, how
// far it moves the pools' prices, and whether the pools can take the trade at all.
import { SWAP_FEE_PER_MILLE } from '../constants/swap.ts'

export interface Reserves {
  /** The pool's reserve of the token going in */
  in: bigint
  /** The pool's reserve of the token coming out */
  out: bigint
}

/** What a pool pays for `amountIn`, after its fee; rounds down as the pair contract does */
export function amountOut(amountIn: bigint, reserves: Reserves): bigint {
  if (amountIn <= 0n || reserves.in <= 0n || reserves.out <= 0n) return 0n
  const withFee = amountIn * BigInt(1_000 - SWAP_FEE_PER_MILLE)
  return (withFee * reserves.out) / (reserves.in * 1_000n + withFee)
}

export interface PathQuote {
  /** The amount into each hop, then what comes out of the last: `hops.length + 1` amounts */
  amounts: bigint[]
  /** How far the trade moves the price along the path, in percent (the pools' fee not counted) */
  priceImpactPercent: number
  /** Every hop takes at most the pool's own reserve of what goes in */
  liquid: boolean
}

export function quotePath(amountIn: bigint, hops: readonly Reserves[]): PathQuote {
  const amounts = [amountIn]
  let kept = 1
  let liquid = amountIn > 0n
  let current = amountIn
  for (const reserves of hops) {
    if (current > reserves.in || reserves.in === 0n) liquid = false
    // The share of the pool's price a hop keeps: reserveIn / (reserveIn + amountIn).
    kept *= Number(reserves.in) / (Number(reserves.in) + Number(current))
    current = amountOut(current, reserves)
    if (current === 0n) liquid = false
    amounts.push(current)
  }
  return {
    amounts,
    priceImpactPercent: Math.round((1 - kept) * 10_000) / 100,
    liquid,
  }
}

/** The least a swap may pay out for the trade to go through: `slippagePercent` below the quote */
export function minimumOut(quoted: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (quoted * (10_000n - basisPoints)) / 10_000n
}
