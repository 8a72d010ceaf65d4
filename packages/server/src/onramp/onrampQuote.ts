// What a purchase costs and buys: the fee by payment method, the limits, and the crypto amount at
// the data API's price. Money is counted in cents and base units, never in floats.

import { parseUnits } from 'viem'
import {
  ONRAMP_FEE_PERCENT,
  ONRAMP_FIAT_PER_USD,
  ONRAMP_LIMITS,
  ONRAMP_PAYMENT_CURRENCIES,
  type ONRAMP_PAYMENT_METHODS,
} from '../constants/onramp.ts'
import { onrampAmountOutOfRange } from '../errors.ts'

export type PaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]
export type FiatCurrency = (typeof ONRAMP_PAYMENT_CURRENCIES)[number]

export const isFiatCurrency = (value: string): value is FiatCurrency =>
  (ONRAMP_PAYMENT_CURRENCIES as readonly string[]).includes(value)

/** An asset priced in USD, priced in `currency` at the sandbox's rate */
export const inCurrency = (
  asset: { priceUsd: number; decimals: number },
  currency: FiatCurrency,
) => ({
  price: asset.priceUsd * ONRAMP_FIAT_PER_USD[currency],
  decimals: asset.decimals,
})

export interface OnrampQuote {
  method: PaymentMethod
  /** What the visitor pays, in cents */
  paymentTotalCents: bigint
  /** The provider's fee, in cents (part of the total) */
  feeCents: bigint
  /** What buys crypto: the total less the fee, in cents */
  subtotalCents: bigint
  /** Base units of the purchased asset, floored */
  purchaseAmount: bigint
}

const FIAT = /^(\d{1,9})(?:\.(\d{1,2}))?$/
const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/

/** A positive decimal amount of `decimals`-digit units, in base units; undefined when it is not one */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || (match[2] ?? '').length > decimals) return undefined
  const amount = parseUnits(match[0], decimals)
  return amount > 0n ? amount : undefined
}

/** A JSON number as a plain decimal (0.0000001, not 1e-7) */
export const plainDecimal = (value: number) =>
  value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

/** A fiat amount with at most 2 decimals, in cents; undefined when it is not one. */
export function parseFiatCents(text: string): bigint | undefined {
  const match = FIAT.exec(text.trim())
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Cents as a decimal string with 2 decimals ("7500.00") */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/**
 * Quotes `totalCents` paid by `method` for an asset worth `price` a whole unit (both in the payment
 * currency: cents are hundredths of it); throws the limits' text when the amount is outside the
 * method's range.
 */
export function quoteOnramp(
  totalCents: bigint,
  method: PaymentMethod,
  asset: { price: number; decimals: number },
  currency = 'USD',
): OnrampQuote {
  const limits = ONRAMP_LIMITS[method]
  if (totalCents < BigInt(limits.min) * 100n || totalCents > BigInt(limits.max) * 100n) {
    throw new Error(onrampAmountOutOfRange(limits.min, limits.max, currency).error)
  }
  assertPriced(asset)
  const { feeCents, subtotalCents, purchaseAmount } = buys(totalCents, method, asset)
  return { method, paymentTotalCents: totalCents, feeCents, subtotalCents, purchaseAmount }
}

/**
 * Quotes the least total that buys at least `wanted` base units of the asset (a purchase given
 * in crypto: presetCryptoAmount); throws the limits' text when that total is outside them.
 */
export function quoteOnrampFor(
  wanted: bigint,
  method: PaymentMethod,
  asset: { price: number; decimals: number },
  currency = 'USD',
): OnrampQuote {
  assertPriced(asset)
  // The subtotal that buys `wanted`, rounded up to a cent, grossed up by the fee; the fee's own
  // rounding moves the least total by a cent or so either way.
  const unit = 10n ** BigInt(asset.decimals)
  const subtotal = ceilDiv(wanted * microsOf(asset.price), 10_000n * unit)
  const percent = BigInt(ONRAMP_FEE_PERCENT[method])
  const enough = (cents: bigint) => buys(cents, method, asset).purchaseAmount >= wanted
  let total = ceilDiv(subtotal * 100n, 100n - percent)
  while (total > 1n && enough(total - 1n)) total -= 1n
  while (!enough(total)) total += 1n
  return quoteOnramp(total, method, asset, currency)
}

function assertPriced(asset: { price: number }) {
  if (!(asset.price > 0) || !Number.isFinite(asset.price)) throw new Error('the asset has no price')
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b
// The price in millionths keeps 6 of its digits; cents × 10^4 are millionths too.
const microsOf = (price: number) => BigInt(Math.round(price * 1e6))

function buys(
  totalCents: bigint,
  method: PaymentMethod,
  asset: { price: number; decimals: number },
) {
  // Rounded half up to a cent.
  const feeCents = (totalCents * BigInt(ONRAMP_FEE_PERCENT[method]) + 50n) / 100n
  const subtotalCents = totalCents - feeCents
  const purchaseAmount =
    (subtotalCents * 10_000n * 10n ** BigInt(asset.decimals)) / microsOf(asset.price)
  return { feeCents, subtotalCents, purchaseAmount }
}
