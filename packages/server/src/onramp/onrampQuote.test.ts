import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatCents, parseFiatCents, quoteOnramp, quoteOnrampFor } from './onrampQuote.ts'

const ETH = { price: 3000, decimals: 18 }
const LUSD = { price: 1, decimals: 6 }

describe('onramp quotes', () => {
  it.each([
    ['card', '9.99', 'Amount must be between 10 and 7500 USD'],
    ['card', '7500.01', 'Amount must be between 10 and 7500 USD'],
    ['bank', '9.99', 'Amount must be between 10 and 25000 USD'],
    ['bank', '25000.01', 'Amount must be between 10 and 25000 USD'],
  ] as const)('refuses %s %s with the limits (§9)', (method, amount, text) => {
    expect(() => quoteOnramp(parseFiatCents(amount) as bigint, method, LUSD)).toThrow(text)
  })

  it.each([
    ['card', '10'],
    ['card', '7500'],
    ['bank', '10'],
    ['bank', '25000'],
    ['bank', '7500.01'],
  ] as const)('takes %s %s (the limits are inclusive)', (method, amount) => {
    expect(quoteOnramp(parseFiatCents(amount) as bigint, method, LUSD).paymentTotalCents).toBe(
      parseFiatCents(amount),
    )
  })

  it('takes 2 % by card and 1 % by bank transfer, within the spec’s 1–2 %', () => {
    const card = quoteOnramp(10_000n, 'card', LUSD)
    expect([card.feeCents, card.subtotalCents, card.purchaseAmount]).toEqual([
      200n,
      9_800n,
      98_000_000n,
    ])
    const bank = quoteOnramp(10_000n, 'bank', LUSD)
    expect([bank.feeCents, bank.subtotalCents, bank.purchaseAmount]).toEqual([
      100n,
      9_900n,
      99_000_000n,
    ])
    // Half a cent rounds up: 2 % of 10.25 is 0.205.
    expect(quoteOnramp(1_025n, 'card', LUSD).feeCents).toBe(21n)
  })

  it('buys at the price, floored to the base unit', () => {
    // $1,530.61 by card: $30.61 fee, $1,500 buys half an ether at $3,000.
    const quote = quoteOnramp(153_061n, 'card', ETH)
    expect(quote.feeCents).toBe(3_061n)
    expect(quote.purchaseAmount).toBe(parseEther('0.5'))
    // $98 at $3,000: 0.0326666… ETH, floored.
    expect(quoteOnramp(10_000n, 'card', ETH).purchaseAmount).toBe(32_666_666_666_666_666n)
  })

  it('quotes the least total that buys a crypto amount (presetCryptoAmount)', () => {
    // Half an ether at $3,000 by card: $1,500 plus the 2 % fee of the total.
    const half = quoteOnrampFor(parseEther('0.5'), 'card', ETH)
    expect(half.paymentTotalCents).toBe(153_061n)
    expect(half.purchaseAmount).toBeGreaterThanOrEqual(parseEther('0.5'))
    expect(quoteOnramp(half.paymentTotalCents - 1n, 'card', ETH).purchaseAmount).toBeLessThan(
      parseEther('0.5'),
    )
    // Odd prices and amounts: always enough, never a cent more than needed.
    for (const [wanted, price, method, decimals] of [
      [parseEther('0.01'), 2999.99, 'card', 18],
      [123_456_789_012_345_678n, 3210.123456, 'bank', 18],
      [77_777_777n, 0.999999, 'card', 6],
      [10_101_011n, 1, 'bank', 6],
    ] as const) {
      const asset = { price, decimals }
      const quote = quoteOnrampFor(wanted, method, asset)
      expect(quote.purchaseAmount).toBeGreaterThanOrEqual(wanted)
      expect(quoteOnramp(quote.paymentTotalCents - 1n, method, asset).purchaseAmount).toBeLessThan(
        wanted,
      )
    }
  })

  it('refuses a crypto amount whose price is outside the limits', () => {
    expect(() => quoteOnrampFor(parseEther('3'), 'card', ETH)).toThrow(
      'Amount must be between 10 and 7500 USD',
    )
    expect(quoteOnrampFor(parseEther('3'), 'bank', ETH).paymentTotalCents).toBe(909_091n)
    expect(() => quoteOnrampFor(1n, 'card', LUSD)).toThrow('Amount must be between 10 and 7500 USD')
  })

  it('refuses an asset without a price', () => {
    expect(() => quoteOnramp(10_000n, 'card', { price: 0, decimals: 18 })).toThrow('no price')
    expect(() => quoteOnramp(10_000n, 'card', { price: Number.NaN, decimals: 18 })).toThrow()
  })

  it('reads fiat with at most 2 decimals and writes it back', () => {
    expect(parseFiatCents('7500')).toBe(750_000n)
    expect(parseFiatCents(' 10.5 ')).toBe(1_050n)
    for (const bad of ['', '1.234', '-5', '1e3', 'ten', '1,000', '0x10', '1234567890']) {
      expect(parseFiatCents(bad)).toBeUndefined()
    }
    expect(formatCents(750_001n)).toBe('7500.01')
    expect(formatCents(5n)).toBe('0.05')
  })
})
