import { BALANCE_DISPLAY_DECIMALS } from './constants.ts'

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

/** A fiat amount in US dollars: 30000000 → '$30,000,000.00'. */
export function formatFiat(value: number): string {
  const safe = Number.isFinite(value) ? value : 0
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(safe)
}

const RELATIVE_STEPS = [
  { limit: 60_000, unit: 1000, suffix: 's' },
  { limit: 3_600_000, unit: 60_000, suffix: 'm' },
  { limit: 86_400_000, unit: 3_600_000, suffix: 'h' },
  { limit: 30 * 86_400_000, unit: 86_400_000, suffix: 'd' },
] as const

/** '12s ago', '5m ago', '3h ago', '2d ago'; older ones as a date ('2026-01-31'). */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const elapsed = Math.max(0, now - at)
  if (elapsed < 5000) return 'just now'
  for (const step of RELATIVE_STEPS) {
    if (elapsed < step.limit) return `${Math.floor(elapsed / step.unit)}${step.suffix} ago`
  }
  return new Date(at).toISOString().slice(0, 10)
}
