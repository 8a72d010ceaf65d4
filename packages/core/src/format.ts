import { BALANCE_DISPLAY_DECIMALS } from './constants'

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
