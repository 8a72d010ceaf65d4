import { describe, expect, it } from 'vitest'
import { parseAmount } from '../send/sendAmount.ts'
import { toLatinDigits, toLocalDigits } from './digits.ts'

describe('toLatinDigits', () => {
  it('reads Persian, Arabic, Devanagari, Bengali, Thai and full-width digits', () => {
    expect(toLatinDigits('۱۲۳۴٫۵')).toBe('1234.5')
    expect(toLatinDigits('١٢٣٫٠٥')).toBe('123.05')
    expect(toLatinDigits('१२.५')).toBe('12.5')
    expect(toLatinDigits('১০')).toBe('10')
    expect(toLatinDigits('๑๐')).toBe('10')
    expect(toLatinDigits('１２')).toBe('12')
  })

  it('leaves Latin digits, separators and anything else as they are', () => {
    expect(toLatinDigits('1,5')).toBe('1,5')
    expect(toLatinDigits(' 0.25 ')).toBe(' 0.25 ')
    expect(toLatinDigits('abc-۹e')).toBe('abc-9e')
    expect(toLatinDigits('')).toBe('')
  })

  it('makes a Persian amount one parseAmount reads', () => {
    expect(parseAmount('۰٫۰۱', 18)).toBe(10n ** 16n)
    expect(parseAmount('١٫٥', 6)).toBe(1_500_000n)
  })
})

describe('toLocalDigits', () => {
  it("writes an amount in Persian's digits and decimal separator", () => {
    expect(toLocalDigits('1234.5', 'fa')).toBe('۱۲۳۴٫۵')
    expect(toLatinDigits(toLocalDigits('0.0001', 'fa'))).toBe('0.0001')
  })

  it('keeps a partly typed amount as typed, mark included', () => {
    expect(toLocalDigits('1.', 'fa')).toBe('۱٫')
    expect(toLocalDigits('.5', 'fa')).toBe('٫۵')
  })

  it('changes nothing for languages written with Latin digits', () => {
    for (const locale of ['en', 'de', 'ar', 'hi', 'th', 'he']) {
      expect(toLocalDigits('1234.5', locale)).toBe('1234.5')
    }
  })
})
