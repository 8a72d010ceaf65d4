// The §7 onramp service as the modal sees it: options, quotes, the checkout URL and an order's
// state, each answer checked. The client that asks is apiClient.ts.
import { isNonEmptyString, isRecord } from '../guards.ts'

export interface OnrampPaymentMethod {
  id: string
  name: string
  feePercent: number
  limits: { min: number; max: number }
}

/** An asset the provider sells, on one network */
export interface OnrampAsset {
  symbol: string
  name: string
  decimals: number
  /** CAIP-2 */
  network: string
  /** null: the network's native coin */
  address: string | null
  /** USD per whole unit */
  price: number
}

/** A provider the visitor can buy from */
export interface OnrampProvider {
  id: string
  name: string
  /** The CAIP-2 networks it sells on; null: every one */
  networks: string[] | null
  /**
   * true: the built-in sandbox (quotes here, an order to follow); false: a hosted checkout the
   * server was configured with, followed by the wallet's balance
   */
  quotes: boolean
}

export interface OnrampOptions {
  providers: OnrampProvider[]
  paymentMethods: OnrampPaymentMethod[]
  paymentCurrencies: string[]
  purchaseCurrencies: OnrampAsset[]
}

export interface OnrampQuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  /** Fiat paid, a decimal string; or give purchaseAmount */
  amount?: string
  /** Ours: the asset bought, a decimal string (the quote then says what it costs) */
  purchaseAmount?: string
  network: string
  paymentMethod?: string
}

export interface OnrampQuote {
  paymentTotal: string
  paymentSubtotal: string
  fee: string
  /** Decimal, in the asset */
  purchaseAmount: string
  rate: number
}

export interface OnrampUrlRequest {
  destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
  defaultNetwork?: string
  partnerUserId?: string
  defaultExperience?: 'buy' | 'send'
  presetCryptoAmount?: number
  presetFiatAmount?: number
  /** Ours: the fiat currency paid (default USD) */
  fiatCurrency?: string
  /** Ours: the method the provider's checkout starts with */
  defaultPaymentMethod?: string
  timezone?: string
  /** Ours: which of the options' providers (default the sandbox) */
  provider?: string
}

export interface OnrampCheckout {
  url: string
  orderId?: string
}

export type OnrampOrderStatus = 'created' | 'pending' | 'completed' | 'failed'

export interface OnrampOrder {
  id: string
  status: OnrampOrderStatus
  purchaseAmount: string | null
  txHash: string | null
  failure: string | null
}

export interface OnrampApi {
  options(): Promise<OnrampOptions>
  quote(request: OnrampQuoteRequest): Promise<OnrampQuote>
  /** The provider's checkout page, and the order to follow (the sandbox's; a hosted one has none) */
  checkoutUrl(request: OnrampUrlRequest): Promise<OnrampCheckout>
  order(id: string): Promise<OnrampOrder>
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string'

function toMethod(value: unknown): OnrampPaymentMethod | undefined {
  if (!isRecord(value) || !isRecord(value.limits)) return undefined
  const { id, name, feePercent } = value
  const { min, max } = value.limits
  if (!isNonEmptyString(id) || !isNonEmptyString(name) || !isNumber(feePercent)) return undefined
  return isNumber(min) && isNumber(max) ? { id, name, feePercent, limits: { min, max } } : undefined
}

function toAsset(value: unknown): OnrampAsset | undefined {
  if (!isRecord(value)) return undefined
  const { symbol, name, decimals, network, address, price } = value
  if (!isNonEmptyString(symbol) || !isNonEmptyString(name) || !isNonEmptyString(network)) {
    return undefined
  }
  if (!Number.isInteger(decimals) || !isNullableString(address) || !isNumber(price)) {
    return undefined
  }
  return { symbol, name, decimals: decimals as number, network, address, price }
}

function toProvider(value: unknown): OnrampProvider | undefined {
  if (!isRecord(value)) return undefined
  const { id, name, networks, quotes } = value
  if (!isNonEmptyString(id) || !isNonEmptyString(name) || typeof quotes !== 'boolean') {
    return undefined
  }
  if (networks === null) return { id, name, networks: null, quotes }
  return Array.isArray(networks) && networks.every(isNonEmptyString)
    ? { id, name, networks: [...networks], quotes }
    : undefined
}

/** The options; malformed entries are dropped, a malformed answer is none. */
export function toOnrampOptions(value: unknown): OnrampOptions | undefined {
  if (!isRecord(value)) return undefined
  const { providers, paymentMethods, paymentCurrencies, purchaseCurrencies } = value
  const lists = [providers, paymentMethods, paymentCurrencies, purchaseCurrencies]
  if (!lists.every(Array.isArray)) return undefined
  return {
    providers: (providers as unknown[]).map(toProvider).filter((p) => p !== undefined),
    paymentMethods: (paymentMethods as unknown[]).map(toMethod).filter((m) => m !== undefined),
    paymentCurrencies: (paymentCurrencies as unknown[]).flatMap((c) =>
      isRecord(c) && isNonEmptyString(c.id) ? [c.id] : [],
    ),
    purchaseCurrencies: (purchaseCurrencies as unknown[])
      .map(toAsset)
      .filter((a) => a !== undefined),
  }
}

const DECIMAL = /^\d+(\.\d+)?$/

export function toOnrampQuote(value: unknown): OnrampQuote | undefined {
  if (!isRecord(value)) return undefined
  const { paymentTotal, paymentSubtotal, fee, purchaseAmount, rate } = value
  const decimals = [paymentTotal, paymentSubtotal, fee, purchaseAmount]
  if (!decimals.every((d) => typeof d === 'string' && DECIMAL.test(d)) || !isNumber(rate)) {
    return undefined
  }
  return {
    paymentTotal: paymentTotal as string,
    paymentSubtotal: paymentSubtotal as string,
    fee: fee as string,
    purchaseAmount: purchaseAmount as string,
    rate,
  }
}

/** Only an http(s) URL is opened: the answer decides where the popup goes. */
export function toOnrampUrl(value: unknown): OnrampCheckout | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.url)) return undefined
  const { url, orderId } = value
  if (orderId !== undefined && !isNonEmptyString(orderId)) return undefined
  try {
    const { protocol } = new URL(url)
    if (protocol !== 'https:' && protocol !== 'http:') return undefined
    return orderId === undefined ? { url } : { url, orderId }
  } catch {
    return undefined
  }
}

const STATUSES: readonly string[] = ['created', 'pending', 'completed', 'failed']

export function toOnrampOrder(value: unknown): OnrampOrder | undefined {
  if (!isRecord(value)) return undefined
  const { id, status, purchaseAmount, txHash, failure } = value
  if (!isNonEmptyString(id) || typeof status !== 'string' || !STATUSES.includes(status)) {
    return undefined
  }
  if (![purchaseAmount, txHash, failure].every(isNullableString)) return undefined
  return {
    id,
    status: status as OnrampOrderStatus,
    purchaseAmount: purchaseAmount as string | null,
    txHash: txHash as string | null,
    failure: failure as string | null,
  }
}
