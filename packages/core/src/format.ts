import { BALANCE_DISPLAY_DECIMALS, DEFAULT_LOCALE } from './constants.ts'
import { formatDecimal } from './i18n/decimal.ts'

/** §5 Balance display is floored to 3 decimals; trailing zeros are dropped. */
export function formatAmount(
  value: bigint,
  decimals: number,
  maxFractionDigits: number = BALANCE_DISPLAY_DECIMALS,
): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const unit = 10n ** BigInt(decimals)
  const whole = abs / unit
  const fractionDigits = Math.min(maxFractionDigits, decimals)
  const fraction = ((abs % unit) * 10n ** BigInt(fractionDigits)) / unit
  const fractionText = fractionDigits
    ? fraction.toString().padStart(fractionDigits, '0').replace(/0+$/, '')
    : ''
  return `${negative ? '-' : ''}${whole}${fractionText ? `.${fractionText}` : ''}`
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** Expands a number string in exponent notation ("1e-7") to a plain decimal, when it is one. */
function toPlainDecimal(numeric: string): string | undefined {
  const trimmed = numeric.trim()
  if (PLAIN_DECIMAL.test(trimmed)) return trimmed
  const value = Number(trimmed)
  if (trimmed === '' || !Number.isFinite(value)) return undefined
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/**
 * §5 Balance display floored to `fractionDigits` decimals, on a decimal string (the data API's
 * `quantity.numeric`), without going through a float. Trailing zeros and a bare point are
 * dropped, as in formatAmount; a string that is no number reads as '0'.
 */
export function floorDecimalString(
  numeric: string,
  fractionDigits: number = BALANCE_DISPLAY_DECIMALS,
): string {
  const plain = toPlainDecimal(numeric)
  const match = plain === undefined ? null : PLAIN_DECIMAL.exec(plain)
  if (!match) return '0'
  const [, sign = '', wholeDigits = '0', fractionText = ''] = match
  const whole = wholeDigits.replace(/^0+(?=\d)/, '')
  const fraction = fractionText.slice(0, Math.max(0, fractionDigits)).replace(/0+$/, '')
  const body = fraction ? `${whole}.${fraction}` : whole
  return sign && body !== '0' ? `-${body}` : body
}

/** §5 A token amount (a decimal string) floored to `fractionDigits`, written in the locale. */
export function formatTokenAmount(
  numeric: string,
  locale: string = DEFAULT_LOCALE,
  fractionDigits: number = BALANCE_DISPLAY_DECIMALS,
): string {
  return formatDecimal(floorDecimalString(numeric, fractionDigits), locale)
}

/** A fiat amount, US dollars unless told: 30000000 → '$30,000,000.00' ('30.000.000,00 $' in de). */
export function formatFiat(
  value: number,
  locale: string = DEFAULT_LOCALE,
  currency = 'USD',
): string {
  const safe = Number.isFinite(value) ? value : 0
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(safe)
}

/** A number in the locale ('2,990.1'; '2.990,1' in German). */
export function formatNumber(
  value: number,
  locale: string = DEFAULT_LOCALE,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(locale, options).format(value)
}

/** A percentage given in percent (5.123 → '5.12%'; '5,12 %' in German). */
export function formatPercent(value: number, locale: string = DEFAULT_LOCALE): string {
  return formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 2 })
}

/** A text's forms by plural category (Intl.PluralRules); `other` is always there. */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>

/** The form of `forms` the locale's plural rules choose for `count`. */
export function pluralForm(forms: PluralForms, count: number, locale = DEFAULT_LOCALE): string {
  return forms[new Intl.PluralRules(locale).select(count)] ?? forms.other
}

const RELATIVE_STEPS = [
  { limit: 60_000, unit: 1000, name: 'second' },
  { limit: 3_600_000, unit: 60_000, name: 'minute' },
  { limit: 86_400_000, unit: 3_600_000, name: 'hour' },
  { limit: 30 * 86_400_000, unit: 86_400_000, name: 'day' },
] as const

/**
 * How long ago, in the locale's narrow style: 'now', '12s ago', '5m ago', '3h ago', '2d ago'
 * ('vor 5 m' in German); older ones as the locale's date ('Jan 31, 2026').
 */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  locale: string = DEFAULT_LOCALE,
): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const elapsed = Math.max(0, now - at)
  if (elapsed < 5000) {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second')
  }
  const relative = new Intl.RelativeTimeFormat(locale, { style: 'narrow' })
  for (const step of RELATIVE_STEPS) {
    if (elapsed < step.limit) return relative.format(-Math.floor(elapsed / step.unit), step.name)
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at)
}
