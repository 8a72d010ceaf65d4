// The sandbox provider's checkout page (HTML, no script): what is bought, where it goes, the
// rate and each method's fee; the payment form; and the order's outcome.
import { ONRAMP_FEE_PERCENT, ONRAMP_LIMITS, ONRAMP_TEST_PAYMENTS } from '../constants/onramp.ts'
import type { OnrampOrderRow } from '../db/schema.ts'
import { escapeHtml as e, htmlPage, PAGE_STYLE } from '../htmlPage.ts'
import { formatCents } from './onrampQuote.ts'

const STYLE = `${PAGE_STYLE}fieldset{border:1px solid #ccc;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}label{display:block;margin:.5rem 0 .2rem}input[type=text]{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #888;border-radius:.4rem}input:focus-visible{outline:3px solid #1d4ed8;outline-offset:1px}.radio{display:flex;gap:.5rem;align-items:center;margin:.3rem 0}.radio label{margin:0}[role=alert]{color:#b91c1c;font-weight:600}code{word-break:break-all}`

export interface CheckoutView {
  order: OnrampOrderRow
  /** Decimal string of the purchased asset's amount (when paid) */
  purchased?: string
  /** The currency paid per whole unit of the asset */
  price: number
  currency: string
  /** The form's amount (the preset, or what was typed) */
  amount: string
  /** The payment method checked first (the modal's choice, or what was posted) */
  method: 'card' | 'bank'
  /** Why the form was not taken (a card that is no test card, an amount out of range) */
  error?: string
}

/** A card number or IBAN as people write it: groups of four */
export const inFours = (digits: string) => digits.replace(/(.{4})(?=.)/g, '$1 ')

const money = (value: number, currency: string) =>
  value.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 2 })

function summary(view: CheckoutView): string {
  const { order } = view
  return (
    `<dl><dt>Buying</dt><dd>${e(order.asset)} on ${e(order.network)}</dd>` +
    `<dt>Rate</dt><dd>1 ${e(order.asset)} = ${money(view.price, view.currency)}</dd>` +
    `<dt>Sent to</dt><dd><code>${e(order.destination)}</code></dd></dl>`
  )
}

function form(view: CheckoutView): string {
  const { card, bank } = ONRAMP_LIMITS
  return (
    `<form method="post">` +
    (view.error ? `<p role="alert">${e(view.error)}</p>` : '') +
    `<label for="amount">Amount (${e(view.currency)})</label>` +
    `<input type="text" id="amount" name="amount" inputmode="decimal" required value="${e(view.amount)}">` +
    `<fieldset><legend>Pay with</legend>` +
    `<div class="radio"><input type="radio" id="m-card" name="method" value="card"${view.method === 'card' ? ' checked' : ''}><label for="m-card">Card (fee ${ONRAMP_FEE_PERCENT.card} %, ${card.min} to ${card.max} ${e(view.currency)})</label></div>` +
    `<div class="radio"><input type="radio" id="m-bank" name="method" value="bank"${view.method === 'bank' ? ' checked' : ''}><label for="m-bank">Bank transfer (fee ${ONRAMP_FEE_PERCENT.bank} %, ${bank.min} to ${bank.max} ${e(view.currency)})</label></div>` +
    `</fieldset>` +
    `<fieldset><legend>Card</legend>` +
    `<label for="card">Card number</label><input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number">` +
    `<label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp">` +
    `<label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc">` +
    `</fieldset>` +
    `<fieldset><legend>Bank transfer</legend>` +
    `<label for="iban">IBAN</label><input type="text" id="iban" name="iban" autocomplete="off">` +
    `</fieldset>` +
    `<p>The fee is taken from the amount; the rest buys ${e(view.order.asset)} at the rate above.</p>` +
    `<p>Test card <code>${inFours(ONRAMP_TEST_PAYMENTS.card)}</code> pays, <code>${inFours(ONRAMP_TEST_PAYMENTS.declinedCard)}</code> is declined; test IBAN <code>${inFours(ONRAMP_TEST_PAYMENTS.iban)}</code>.</p>` +
    `<button type="submit">Pay</button></form>`
  )
}

function outcome(view: CheckoutView): string {
  const { order } = view
  if (order.status === 'completed') {
    return (
      `<p role="status">Paid ${money(Number(formatCents(BigInt(order.total_cents ?? '0'))), view.currency)} ` +
      `(fee ${money(Number(formatCents(BigInt(order.fee_cents ?? '0'))), view.currency)}). ` +
      `<strong>${e(view.purchased ?? '')} ${e(order.asset)}</strong> were sent.</p>` +
      `<dl><dt>Transaction</dt><dd><code data-testid="onramp-tx">${e(order.tx_hash ?? '')}</code></dd></dl>` +
      `<p>You can close this window.</p>`
    )
  }
  if (order.status === 'failed') {
    return `<p role="alert">${e(order.failure ?? 'The payment failed.')}</p><p>Close this window and try again.</p>`
  }
  return `<p role="status">Payment received; sending ${e(order.asset)}…</p>`
}

/** The page for an order in any state: its form while it can be paid, else its outcome. */
export function checkoutPage(view: CheckoutView, expired: boolean): string {
  const main =
    view.order.status === 'created'
      ? expired
        ? `<p role="alert">This checkout has expired. Close this window and start again.</p>`
        : form(view)
      : outcome(view)
  return htmlPage(
    'Buy crypto',
    STYLE,
    `<h1>Buy ${e(view.order.asset)}</h1><p>Latchkey sandbox: test payments only, no money moves.</p>${summary(view)}${main}`,
  )
}

/** A page for an unknown order id */
export function unknownOrderPage(): string {
  return refusedPage('Order not found.')
}

/** A checkout that cannot start, and why */
export function refusedPage(reason: string): string {
  return htmlPage('Buy crypto', STYLE, `<h1>Buy crypto</h1><p role="alert">${e(reason)}</p>`)
}
