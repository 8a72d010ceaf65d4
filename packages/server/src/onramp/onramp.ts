// The onramp sandbox (README "Buy crypto"): what can be bought where, quotes, orders with their
// checkout URL, and paying an order: the test payment checked, then the treasury's payout.
import { parseCaip2 } from '../chain/config.ts'
import { SOLANA_NATIVE_COIN } from '../chain/solanaChains.ts'
import { listTokens, NATIVE_COIN } from '../chain/tokens.ts'
import { ONRAMP_TEST_PAYMENTS } from '../constants/onramp.ts'
import type { OnrampOrderRow } from '../db/schema.ts'
import { checkoutPage, inFours } from './checkoutPage.ts'
import { type CheckoutForm, checkoutView, currencyOf, purchased } from './checkoutView.ts'
import { type AssetSources, type OnrampAsset, pricedAssets } from './onrampAssets.ts'
import { OnrampError, refuseRestrictedRegion } from './onrampError.ts'
import {
  type FiatCurrency,
  inCurrency,
  isFiatCurrency,
  type PaymentMethod,
  parseAmount,
  parseFiatCents,
  plainDecimal,
  quoteOnramp,
  quoteOnrampFor,
} from './onrampQuote.ts'
import { createOrderStore } from './orders.ts'
import type { Payouts } from './payouts.ts'

export interface OnrampDeps extends AssetSources {
  payouts: Payouts
  /** Where the server's pages are reached from a browser (the checkout URL's origin) */
  publicUrl: () => string
  now?: () => number
}

/** `text` as base units of the asset; a refusal naming `field` when it is no positive amount of it */
function amountOf(field: string, text: string, asset: OnrampAsset): bigint {
  const amount = parseAmount(text, asset.decimals)
  if (amount !== undefined) return amount
  throw new OnrampError(
    `${field} must be a positive amount of ${asset.symbol} with at most ${asset.decimals} decimals`,
  )
}

export function createOnramp(deps: OnrampDeps) {
  const now = deps.now ?? Date.now
  const orders = createOrderStore(deps.db, now)

  /** The native coin and the tokens the treasury holds, on every chain it can pay on */
  const assets = () => pricedAssets(deps, deps.payouts.holds)

  async function assetOf(network: string, symbol: string): Promise<OnrampAsset> {
    const found = (await assets()).find((a) => a.network === network && a.symbol === symbol)
    if (!found) throw new OnrampError(`${symbol} on ${network} is not offered`)
    return found
  }

  /** A quote for `amount` paid, or for `purchaseAmount` of the asset bought (one of the two) */
  async function quote(body: {
    purchaseCurrency: string
    paymentCurrency: string
    amount?: string
    purchaseAmount?: string
    network: string
    paymentMethod?: PaymentMethod
  }) {
    const currency = body.paymentCurrency
    if (!isFiatCurrency(currency)) {
      throw new OnrampError(`Payment currency ${currency} is not supported`)
    }
    const method = body.paymentMethod ?? 'card'
    const asset = await assetOf(body.network, body.purchaseCurrency)
    const priced = inCurrency(asset, currency)
    if (body.purchaseAmount === undefined) {
      const cents = parseFiatCents(body.amount ?? '')
      if (cents === undefined)
        throw new OnrampError('Amount must be a number with at most 2 decimals')
      return {
        asset,
        rate: priced.price,
        quote: refusing(() => quoteOnramp(cents, method, priced, currency)),
      }
    }
    const wanted = amountOf('purchaseAmount', body.purchaseAmount, asset)
    return {
      asset,
      rate: priced.price,
      quote: refusing(() => quoteOnrampFor(wanted, method, priced, currency)),
    }
  }

  /** A quote, its limits' refusal as an OnrampError */
  function refusing<T>(quoting: () => T): T {
    try {
      return quoting()
    } catch (error) {
      throw new OnrampError((error as Error).message)
    }
  }

  async function createOrder(
    projectId: string,
    body: {
      destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
      defaultNetwork?: string
      partnerUserId?: string
      presetFiatAmount?: number
      presetCryptoAmount?: number
      defaultPaymentMethod?: PaymentMethod
      fiatCurrency?: FiatCurrency
      timezone?: string
    },
  ) {
    refuseRestrictedRegion(body.timezone)
    const wallet = body.destinationWallets[0]
    if (!wallet) throw new OnrampError('Give destinationWallets[0].address')
    const network = body.defaultNetwork ?? wallet.blockchains?.[0]
    const destination = deps.payouts.destination(network, wallet.address)
    const native = network?.startsWith('solana:') ? SOLANA_NATIVE_COIN : NATIVE_COIN
    const asset = await assetOf(network ?? '', wallet.assets?.[0] ?? native.symbol)
    if (body.presetFiatAmount !== undefined && body.presetCryptoAmount !== undefined) {
      throw new OnrampError('Give presetFiatAmount or presetCryptoAmount, not both')
    }
    const preset =
      body.presetFiatAmount === undefined
        ? undefined
        : parseFiatCents(body.presetFiatAmount.toFixed(2))
    const presetCrypto =
      body.presetCryptoAmount === undefined
        ? undefined
        : amountOf('presetCryptoAmount', plainDecimal(body.presetCryptoAmount), asset)
    const order = await orders.create({
      projectId,
      network: asset.network,
      asset: asset.symbol,
      assetAddress: asset.address,
      destination,
      partnerUserId: body.partnerUserId,
      presetFiatCents: preset,
      presetCryptoAmount: presetCrypto,
      preferredMethod: body.defaultPaymentMethod,
      currency: body.fiatCurrency ?? 'USD',
    })
    return { order, url: new URL(`/onramp/checkout/${order.id}`, deps.publicUrl()).href }
  }

  /** What a paid order bought, as a decimal: its asset's decimals from the token list, no node call */
  async function purchasedOf(order: OnrampOrderRow): Promise<string | undefined> {
    if (order.purchase_amount === null) return undefined
    if (order.network.startsWith('solana:')) return purchased(order, SOLANA_NATIVE_COIN.decimals)
    const chainId = parseCaip2(order.network)
    const token =
      order.asset_address === null || chainId === undefined
        ? undefined
        : (await listTokens(deps.db, chainId)).find(
            (t) => t.address.toLowerCase() === order.asset_address?.toLowerCase(),
          )
    return purchased(order, token?.decimals ?? NATIVE_COIN.decimals)
  }

  /** The checkout page of an order in any state; `form` is a refused form, shown again */
  async function page(order: OnrampOrderRow, form?: CheckoutForm) {
    const asset = await assetOf(order.network, order.asset).catch(() => undefined)
    return checkoutPage(checkoutView(order, asset, form), order.expires_at.getTime() <= now())
  }

  /** Pays an order once; a second call answers with what the first did. */
  async function pay(order: OnrampOrderRow, form: Record<string, string>): Promise<OnrampOrderRow> {
    if (order.status !== 'created') return order
    const asset = await assetOf(order.network, order.asset)
    const method: PaymentMethod = form.method === 'bank' ? 'bank' : 'card'
    const currency = currencyOf(order)
    const cents = parseFiatCents(form.amount ?? '')
    if (cents === undefined)
      throw new OnrampError(`Enter the amount in ${currency}, with at most 2 decimals`)
    const quoted = refusing(() => quoteOnramp(cents, method, inCurrency(asset, currency), currency))
    const digits = (text: string | undefined) => (text ?? '').replace(/[\s-]/g, '').toUpperCase()
    if (method === 'card') {
      if (digits(form.card) === ONRAMP_TEST_PAYMENTS.declinedCard) {
        return (await orders.fail(order.id, 'Your card was declined.')) ?? order
      }
      if (digits(form.card) !== ONRAMP_TEST_PAYMENTS.card) {
        throw new OnrampError(
          `This sandbox takes only its test card ${inFours(ONRAMP_TEST_PAYMENTS.card)}`,
        )
      }
    } else if (digits(form.iban) !== ONRAMP_TEST_PAYMENTS.iban) {
      throw new OnrampError(
        `This sandbox takes only its test IBAN ${inFours(ONRAMP_TEST_PAYMENTS.iban)}`,
      )
    }
    const pending = await orders.startPayment(order.id, quoted)
    if (!pending) return (await orders.get(order.id)) ?? order
    try {
      const hash = await deps.payouts.pay(asset, pending.destination, quoted.purchaseAmount)
      return (await orders.complete(order.id, hash)) ?? pending
    } catch (error) {
      return (
        (await orders.fail(order.id, `The payout failed: ${(error as Error).message}`)) ?? pending
      )
    }
  }

  return { assets, quote, createOrder, orders, page, pay, purchasedOf }
}

export type Onramp = ReturnType<typeof createOnramp>
