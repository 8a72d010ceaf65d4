import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AmountText, formatUnits, maxSendable, parseAmount } from './sendAmount.ts'

describe('parseAmount', () => {
  it('reads whole numbers, fractions and a comma as the decimal mark', () => {
    expect(parseAmount('1', 18)).toBe(10n ** 18n)
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount('.5', 6)).toBe(500_000n)
    expect(parseAmount('0,000001', 6)).toBe(1n)
    expect(parseAmount(' 2. ', 9)).toBe(2_000_000_000n)
    expect(parseAmount('007', 0)).toBe(7n)
  })

  it('refuses more decimals than the token has, rather than rounding', () => {
    expect(() => parseAmount('0.0000001', 6)).toThrow(AmountText.tooManyDecimals(6))
    expect(() => parseAmount('1.5', 0)).toThrow(AmountText.tooManyDecimals(0))
  })

  it('refuses what is not a plain positive decimal', () => {
    for (const text of [
      '',
      ' ',
      '.',
      'abc',
      '-1',
      '+1',
      '1e18',
      '1 000',
      '1.2.3',
      '0x10',
      'Infinity',
    ]) {
      expect(() => parseAmount(text, 18), text).toThrow(AmountText.invalid)
    }
  })

  it('round-trips with formatUnits for any amount and decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 24 }),
        (units, decimals) => {
          expect(parseAmount(formatUnits(units, decimals), decimals)).toBe(units)
        },
      ),
    )
  })
})

describe('formatUnits', () => {
  it('drops trailing zeros and keeps leading ones', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(1n, 6)).toBe('0.000001')
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(12n, 0)).toBe('12')
  })

  it('signs a negative value (a balance change)', () => {
    expect(formatUnits(-1_500_000n, 6)).toBe('-1.5')
    expect(formatUnits(-1n, 9)).toBe('-0.000000001')
  })
})

describe('maxSendable', () => {
  it('is the whole balance of a token', () => {
    expect(maxSendable(1000n, 50n, false)).toBe(1000n)
  })

  it('keeps the network fee back from the native coin, never going below 0', () => {
    expect(maxSendable(1000n, 50n, true)).toBe(950n)
    expect(maxSendable(40n, 50n, true)).toBe(0n)
  })
})
