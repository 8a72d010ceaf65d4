import { describe, expect, it } from 'vitest'
import {
  floorDecimalString,
  formatAmount,
  formatFiat,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTokenAmount,
  pluralForm,
} from './format.ts'
import { formatDecimal } from './i18n/decimal.ts'

describe('formatAmount (§5 floored to 3 decimals)', () => {
  it('floors, never rounds up', () => {
    expect(formatAmount(9_999_999_517_000_000_000_000n, 18)).toBe('9999.999')
    expect(formatAmount(1_999_999n, 6)).toBe('1.999')
  })
  it('drops trailing zeros and a bare point', () => {
    expect(formatAmount(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatAmount(1_500_000n, 6)).toBe('1.5')
  })
  it('shows amounts below the third decimal as 0', () => {
    expect(formatAmount(999n, 6)).toBe('0')
  })
  it('handles zero decimals and negatives', () => {
    expect(formatAmount(42n, 0)).toBe('42')
    expect(formatAmount(-1_234_567n, 6)).toBe('-1.234')
  })
})

describe('floorDecimalString (§5 floored to 3 decimals, on decimal strings)', () => {
  it('floors, never rounds up', () => {
    expect(floorDecimalString('1.9999')).toBe('1.999')
    expect(floorDecimalString('9999.9995')).toBe('9999.999')
    expect(floorDecimalString('0.0009')).toBe('0')
  })
  it('keeps big amounts exact, without a float', () => {
    expect(floorDecimalString('1000000.5')).toBe('1000000.5')
    expect(floorDecimalString('123456789012345678901.123456')).toBe('123456789012345678901.123')
  })
  it('drops trailing zeros, a bare point and leading zeros', () => {
    expect(floorDecimalString('10000')).toBe('10000')
    expect(floorDecimalString('10000.000')).toBe('10000')
    expect(floorDecimalString('1.500')).toBe('1.5')
    expect(floorDecimalString('007.25')).toBe('7.25')
  })
  it('handles negatives, other digit counts, exponents and junk', () => {
    expect(floorDecimalString('-1.2345')).toBe('-1.234')
    expect(floorDecimalString('-0.0001')).toBe('0')
    expect(floorDecimalString('1.98765', 0)).toBe('1')
    expect(floorDecimalString('1.98765', 4)).toBe('1.9876')
    expect(floorDecimalString('1e-7')).toBe('0')
    expect(floorDecimalString('2.5e3')).toBe('2500')
    expect(floorDecimalString('abc')).toBe('0')
    expect(floorDecimalString('')).toBe('0')
  })
})

describe('formatFiat', () => {
  it('formats US dollars with grouping and cents', () => {
    expect(formatFiat(30_000_000)).toBe('$30,000,000.00')
    expect(formatFiat(0)).toBe('$0.00')
    expect(formatFiat(Number.NaN)).toBe('$0.00')
  })
  it('writes them as the locale does, and another currency when told', () => {
    expect(formatFiat(1234.5, 'de')).toBe('1.234,50\u00a0$')
    expect(formatFiat(1234.5, 'ja')).toBe('$1,234.50')
    expect(formatFiat(1234.5, 'de', 'EUR')).toBe('1.234,50\u00a0€')
  })
})

describe('token amounts in a locale (§5 floored, never grouped)', () => {
  it("floors to 3 decimals, then writes the locale's decimal separator", () => {
    expect(formatTokenAmount('10000.98765')).toBe('10000.987')
    expect(formatTokenAmount('10000.98765', 'de')).toBe('10000,987')
    expect(formatTokenAmount('10000.98765', 'ar')).toBe('10000.987')
    expect(formatTokenAmount('1.98765', 'de', 6)).toBe('1,98765')
  })
  it('keeps big amounts exact and writes Persian digits in Persian', () => {
    expect(formatDecimal('123456789012345678901.123')).toBe('123456789012345678901.123')
    expect(formatDecimal('1234.5', 'fa')).toBe('۱۲۳۴٫۵')
  })
})

describe('numbers, percentages and plurals in a locale', () => {
  it('groups plain numbers and writes percentages as the locale does', () => {
    expect(formatNumber(2990.1, 'en')).toBe('2,990.1')
    expect(formatNumber(2990.1, 'de')).toBe('2.990,1')
    expect(formatPercent(5.123)).toBe('5.12%')
    expect(formatPercent(5.123, 'de')).toBe('5,12\u00a0%')
  })
  it("picks the plural form the locale's rules choose, `other` when the form is missing", () => {
    const forms = { one: 'one', two: 'two', few: 'few', many: 'many', zero: 'zero', other: 'other' }
    expect([0, 1, 2, 5].map((n) => pluralForm(forms, n, 'en'))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ])
    expect([0, 1, 2, 5, 11, 100].map((n) => pluralForm(forms, n, 'ar'))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ])
    expect(pluralForm(forms, 1, 'ja')).toBe('other')
    expect(pluralForm({ other: 'other' }, 1, 'de')).toBe('other')
  })
})

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')
  it('counts back in s, m, h, d, then shows the date', () => {
    expect(formatRelativeTime('2026-03-01T11:59:58Z', now)).toBe('now')
    expect(formatRelativeTime('2026-03-01T11:59:30Z', now)).toBe('30s ago')
    expect(formatRelativeTime('2026-03-01T11:55:00Z', now)).toBe('5m ago')
    expect(formatRelativeTime('2026-03-01T09:00:00Z', now)).toBe('3h ago')
    expect(formatRelativeTime('2026-02-27T12:00:00Z', now)).toBe('2d ago')
    expect(formatRelativeTime('2025-12-01T12:00:00Z', now)).toBe('Dec 1, 2025')
    expect(formatRelativeTime('not a date', now)).toBe('')
  })
  it('says it in the locale, dates included', () => {
    expect(formatRelativeTime('2026-03-01T11:55:00Z', now, 'de')).toBe('vor 5 m')
    expect(formatRelativeTime('2026-03-01T11:55:00Z', now, 'ja')).toBe('5分前')
    expect(formatRelativeTime('2026-03-01T11:59:58Z', now, 'de')).toBe('jetzt')
    expect(formatRelativeTime('2025-12-01T12:00:00Z', now, 'de')).toBe('01.12.2025')
    expect(formatRelativeTime('2025-12-01T12:00:00Z', now, 'ja')).toBe('2025/12/01')
  })
})
