import { toLatinDigits } from '../i18n/digits.ts'

/** Why an amount the visitor typed cannot be sent (texts are ours; the spec has none). */
export const AmountText = {
  invalid: 'Enter an amount like 1.5',
  tooManyDecimals: (decimals: number) => `At most ${decimals} decimals`,
  zero: 'Enter an amount above 0',
  exceedsBalance: 'Insufficient balance',
} as const

const DECIMAL = /^(\d*)(?:[.,](\d*))?$/

/**
 * §5 The amount typed by the visitor in the token's smallest unit. Accepts "1", "1.5", ".5",
 * "1,5", in any script's digits ("۱٫۵"); refuses signs, exponents, spaces inside and more decimals than the token has.
 */
export function parseAmount(text: string, decimals: number): bigint {
  const match = DECIMAL.exec(toLatinDigits(text).trim())
  if (!match) throw new Error(AmountText.invalid)
  // The whole part's group always takes part (maybe empty); the fraction's only after a mark.
  const whole = match[1] as string
  const fraction = match[2] ?? ''
  if (whole === '' && fraction === '') throw new Error(AmountText.invalid)
  if (fraction.length > decimals) throw new Error(AmountText.tooManyDecimals(decimals))
  // BigInt('') is 0n: an empty whole part (".5") or no decimals left to pad.
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0'))
}

/** The smallest-unit value as a plain decimal string (no grouping, no trailing zeros). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * §5 Max: the whole balance of a token; of the native coin, the balance minus the network fee
 * (never below 0).
 */
export function maxSendable(balance: bigint, fee: bigint, isNative: boolean): bigint {
  if (!isNative) return balance
  return balance > fee ? balance - fee : 0n
}
