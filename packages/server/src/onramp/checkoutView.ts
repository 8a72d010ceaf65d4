// What the checkout page shows of an order: the currency paid and the price in it, the form's
// first amount (a preset, or what buys the crypto preset at today's price) and method, the receipt.
import { formatUnits } from 'viem'
import type { OnrampOrderRow } from '../db/schema.ts'
import type { CheckoutView } from './checkoutPage.ts'
import type { OnrampAsset } from './onrampAssets.ts'
import {
  type FiatCurrency,
  formatCents,
  inCurrency,
  isFiatCurrency,
  type PaymentMethod,
  quoteOnrampFor,
} from './onrampQuote.ts'

/** A form the page refused, shown again with why */
export interface CheckoutForm {
  amount: string
  method?: string
  error?: string
}

const DEFAULT_FIAT_CENTS = 10_000n

export const currencyOf = (order: OnrampOrderRow): FiatCurrency =>
  isFiatCurrency(order.currency) ? order.currency : 'USD'

/** What a paid order bought, as a decimal of the asset */
export const purchased = (order: OnrampOrderRow, decimals: number) =>
  order.purchase_amount === null ? undefined : formatUnits(BigInt(order.purchase_amount), decimals)

/** The form's first amount: the fiat preset, or what buys the crypto preset now, or 100 */
function presetAmount(order: OnrampOrderRow, asset: OnrampAsset | undefined): CheckoutForm {
  if (order.preset_crypto_amount !== null && asset) {
    const method: PaymentMethod = order.preferred_method === 'bank' ? 'bank' : 'card'
    const currency = currencyOf(order)
    try {
      const wanted = BigInt(order.preset_crypto_amount)
      const quote = quoteOnrampFor(wanted, method, inCurrency(asset, currency), currency)
      return { amount: formatCents(quote.paymentTotalCents) }
    } catch (error) {
      return { amount: formatCents(DEFAULT_FIAT_CENTS), error: (error as Error).message }
    }
  }
  return { amount: formatCents(BigInt(order.preset_fiat_cents ?? DEFAULT_FIAT_CENTS)) }
}

export function checkoutView(
  order: OnrampOrderRow,
  asset: OnrampAsset | undefined,
  form?: CheckoutForm,
): CheckoutView {
  const shown = form ?? presetAmount(order, asset)
  const currency = currencyOf(order)
  return {
    order,
    price: asset ? inCurrency(asset, currency).price : 0,
    currency,
    purchased: purchased(order, asset?.decimals ?? 18),
    amount: shown.amount,
    method: (form?.method ?? order.preferred_method) === 'bank' ? 'bank' : 'card',
    error: shown.error,
  }
}
