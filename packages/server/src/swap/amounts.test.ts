import { describe, expect, it } from 'vitest'
import { amountOut, minimumOut, quotePath } from './amounts.ts'

describe("Uniswap V2's arithmetic", () => {
  it('pays out what getAmountOut does: 0.3 % fee, rounded down', () => {
    // 1,000 in against 10,000 / 20,000: 997,000 × 20,000 / (10,000,000 + 997,000) = 1,813.22…
    expect(amountOut(1_000n, { in: 10_000n, out: 20_000n })).toBe(1_813n)
    expect(amountOut(0n, { in: 10_000n, out: 20_000n })).toBe(0n)
    expect(amountOut(1_000n, { in: 0n, out: 20_000n })).toBe(0n)
  })

  it('chains the hops, each paying the next, and measures the price impact', () => {
    const quote = quotePath(1_000n, [
      { in: 10_000n, out: 20_000n },
      { in: 50_000n, out: 5_000n },
    ])
    const first = amountOut(1_000n, { in: 10_000n, out: 20_000n })
    expect(quote.amounts).toEqual([1_000n, first, amountOut(first, { in: 50_000n, out: 5_000n })])
    // 1 − 10,000/11,000 × 50,000/51,813
    expect(quote.priceImpactPercent).toBeCloseTo(100 * (1 - (10 / 11) * (50_000 / 51_813)), 2)
    expect(quote.liquid).toBe(true)
  })

  it('is not liquid when a hop takes more than its pool holds, or pays nothing', () => {
    expect(quotePath(10_001n, [{ in: 10_000n, out: 20_000n }]).liquid).toBe(false)
    expect(quotePath(10_000n, [{ in: 10_000n, out: 20_000n }]).liquid).toBe(true)
    expect(quotePath(1n, [{ in: 10_000n, out: 1n }]).liquid).toBe(false)
    expect(quotePath(0n, [{ in: 10_000n, out: 20_000n }]).liquid).toBe(false)
  })

  it('keeps back the slippage, in basis points, rounding down', () => {
    expect(minimumOut(10_000n, 1)).toBe(9_900n)
    expect(minimumOut(10_000n, 0)).toBe(10_000n)
    expect(minimumOut(10_000n, 0.5)).toBe(9_950n)
    expect(minimumOut(999n, 1)).toBe(989n)
  })
})
