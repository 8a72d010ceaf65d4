// Buying crypto (§1 onramp): the provider's options for the active network, a quote as the
// visitor types, then the provider's checkout in a popup, polled until the order ends.
import type { StoreApi } from 'zustand/vanilla'
import { ApiError } from '../api/api.ts'
import type { OnrampApi } from '../api/onramp.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import { ONRAMP_FALLBACK_LIMITS, ONRAMP_POLL_MS, ONRAMP_QUOTE_DEBOUNCE_MS } from '../constants.ts'
import type { AppKitEventName } from '../events.ts'
import type { ToastController } from '../router/toast.ts'
import { initialOnrampState, type OnrampState } from './onrampState.ts'

/** The onramp's own texts (ours; the spec has none) */
export const OnrampText = {
  notOffered: 'Buying crypto is not offered on this network',
  amount: (min: number, max: number, currency: string) =>
    `Enter an amount between ${min} and ${max} ${currency}`,
  cryptoAmount: (symbol: string, decimals: number) =>
    `Enter an amount of ${symbol} with at most ${decimals} decimals`,
  popupBlocked: 'The checkout window could not open. Allow pop-ups for this site and try again.',
  popupClosed: 'The checkout window was closed before the payment',
  bought: (amount: string, symbol: string) => `Bought ${amount} ${symbol}`,
  failed: 'The purchase failed',
} as const

/** What the checkout runs in: a window the visitor's click opened */
export interface CheckoutWindow {
  closed: boolean
  /** Set to null before the provider's page loads: it gets no handle on the app's page */
  opener: unknown
  location: { href: string }
  close(): void
}

export interface OnrampContext {
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    onramp: StoreApi<OnrampState>
  }
  onramp(): Promise<OnrampApi>
  /** Fresh balances and activity once the purchase arrived */
  refreshPortfolio(): Promise<void>
  toast: ToastController
  track(event: AppKitEventName, properties?: Record<string, unknown>): void
  log(message: string, detail?: unknown): void
  /** The visitor's IANA timezone (restricted regions are refused by the provider) */
  timezone?: () => string | undefined
}

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? (error.reason ?? error.message) : (error as Error).message

export function createOnrampController(ctx: OnrampContext) {
  const { account, chain, onramp } = ctx.stores
  let quoteRun = 0
  let debounce: ReturnType<typeof setTimeout> | undefined
  let polling: ReturnType<typeof setTimeout> | undefined
  const network = () => chain.getState().activeCaipNetwork.caipNetworkId

  const limitsOf = (method: string) =>
    onramp.getState().options?.paymentMethods.find((m) => m.id === method)?.limits ??
    (method === 'bank' ? ONRAMP_FALLBACK_LIMITS.bankAccount : ONRAMP_FALLBACK_LIMITS.card)

  const assetOf = (symbol: string | undefined) =>
    onramp.getState().options?.purchaseCurrencies.find((a) => a.symbol === symbol)

  /**
   * The amount's problem, or undefined when the method takes it. An amount in crypto is checked
   * against the limits by the provider's quote: its price in fiat is the provider's to say.
   */
  function amountError(state: OnrampState): string | undefined {
    const { amount, method, amountIn } = state
    if (amountIn === 'crypto') {
      const asset = assetOf(state.asset)
      const [, whole = '', fraction = ''] = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim()) ?? []
      const positive = /[1-9]/.test(whole + fraction)
      return asset && positive && fraction.length <= asset.decimals
        ? undefined
        : OnrampText.cryptoAmount(state.asset ?? '', asset?.decimals ?? 0)
    }
    const { min, max } = limitsOf(method)
    const value = Number(amount)
    const plain = /^\d+(\.\d{1,2})?$/.test(amount.trim())
    return plain && value >= min && value <= max
      ? undefined
      : OnrampText.amount(min, max, state.currency)
  }

  async function load() {
    const caipNetworkId = network()
    const state = onramp.getState()
    if (state.network === caipNetworkId && (state.options || state.optionsLoading)) return
    // The currency chosen stays across networks.
    const { currency } = state
    onramp.setState(
      { ...initialOnrampState(), network: caipNetworkId, optionsLoading: true, currency },
      true,
    )
    try {
      const options = await (await ctx.onramp()).options()
      if (onramp.getState().network !== caipNetworkId) return
      const assets = options.purchaseCurrencies.filter((a) => a.network === caipNetworkId)
      onramp.setState({
        options: { ...options, purchaseCurrencies: assets },
        optionsLoading: false,
        asset: assets[0]?.symbol,
        currency: options.paymentCurrencies.includes(currency)
          ? currency
          : (options.paymentCurrencies[0] ?? currency),
        error: assets.length === 0 ? OnrampText.notOffered : undefined,
      })
    } catch (error) {
      ctx.log('onramp options failed', error)
      onramp.setState({ optionsLoading: false, error: reasonOf(error) })
    }
  }

  async function refreshQuote(): Promise<void> {
    clearTimeout(debounce)
    const run = ++quoteRun
    const state = onramp.getState()
    const { asset, amount, method, status } = state
    if (!asset || status === 'buying') return
    const invalid = amountError(state)
    if (invalid) {
      onramp.setState({
        quote: undefined,
        quoteLoading: false,
        error: amount.trim() ? invalid : undefined,
      })
      return
    }
    onramp.setState({ quoteLoading: true, error: undefined })
    try {
      const quote = await (await ctx.onramp()).quote({
        purchaseCurrency: asset,
        paymentCurrency: state.currency,
        ...(state.amountIn === 'crypto'
          ? { purchaseAmount: amount.trim() }
          : { amount: amount.trim() }),
        network: network(),
        paymentMethod: method,
      })
      if (run === quoteRun) onramp.setState({ quote, quoteLoading: false })
    } catch (error) {
      if (run === quoteRun) {
        onramp.setState({ quote: undefined, quoteLoading: false, error: reasonOf(error) })
      }
    }
  }

  function edit(next: Partial<OnrampState>, delay: number) {
    onramp.setState({ ...next, status: 'editing', error: undefined })
    clearTimeout(debounce)
    debounce = setTimeout(() => void refreshQuote(), delay)
  }

  function stopPolling() {
    clearTimeout(polling)
    polling = undefined
  }

  /** Reads the order until it ends; a window closed before paying ends the wait. */
  function poll(api: OnrampApi, id: string, popup: CheckoutWindow) {
    polling = setTimeout(async () => {
      const closed = popup.closed
      try {
        const order = await api.order(id)
        if (onramp.getState().order?.id !== id) return
        onramp.setState({ order })
        if (order.status === 'completed') return finish(order.purchaseAmount ?? '')
        if (order.status === 'failed') return fail(order.failure ?? OnrampText.failed)
        if (closed && order.status === 'created') return fail(OnrampText.popupClosed)
      } catch (error) {
        ctx.log('onramp order poll failed', error)
      }
      if (polling !== undefined) poll(api, id, popup)
    }, ONRAMP_POLL_MS)
  }

  /** The popup stays: it shows the provider's receipt (and a window the app let go of, having
   * cut its opener, cannot be closed by the app anyway). */
  function finish(amount: string) {
    stopPolling()
    const { asset = '' } = onramp.getState()
    onramp.setState({ status: 'completed', error: undefined })
    ctx.toast.showSuccess(OnrampText.bought(amount, asset))
    ctx.track('ONRAMP_SUCCESS', { network: network(), asset })
    void ctx.refreshPortfolio().catch(() => undefined)
  }

  function fail(reason: string) {
    stopPolling()
    onramp.setState({ status: 'failed', error: reason })
    ctx.track('ONRAMP_ERROR', { network: network(), reason })
  }

  return {
    load,
    refreshQuote,
    selectAsset: (symbol: string) => edit({ asset: symbol, quote: undefined }, 0),
    selectMethod: (method: string) => edit({ method, quote: undefined }, 0),
    selectCurrency: (currency: string) => edit({ currency, quote: undefined }, 0),
    setAmount: (amount: string) => edit({ amount }, ONRAMP_QUOTE_DEBOUNCE_MS),
    /**
     * Counts the amount in the asset instead of fiat, or back; the amount becomes the other side
     * of the quote shown (what it buys, or what it costs).
     */
    toggleAmountIn() {
      const { amountIn, quote } = onramp.getState()
      const next = amountIn === 'fiat' ? 'crypto' : 'fiat'
      const amount = !quote ? '' : next === 'crypto' ? quote.purchaseAmount : quote.paymentTotal
      edit({ amountIn: next, amount, quote: undefined }, 0)
    },

    /**
     * Opens the provider's checkout in `popup` (opened in the visitor's click: a window opened
     * later is blocked) and follows the order. Resolves false when it could not start.
     */
    async buy(popup: CheckoutWindow | null): Promise<boolean> {
      const state = onramp.getState()
      const { asset, amount, method, status, amountIn } = state
      const address = account.getState().address
      if (!asset || !address || status === 'buying') {
        popup?.close()
        return false
      }
      const invalid = amountError(state)
      if (invalid || !popup) {
        popup?.close()
        onramp.setState({ error: invalid ?? OnrampText.popupBlocked })
        return false
      }
      onramp.setState({ status: 'buying', error: undefined, order: undefined })
      ctx.track('ONRAMP_INITIATED', { network: network(), asset })
      try {
        const api = await ctx.onramp()
        const { url, orderId } = await api.checkoutUrl({
          destinationWallets: [{ address, blockchains: [network()], assets: [asset] }],
          defaultNetwork: network(),
          partnerUserId: address,
          defaultExperience: 'buy',
          ...(amountIn === 'crypto'
            ? { presetCryptoAmount: Number(amount) }
            : { presetFiatAmount: Number(amount) }),
          defaultPaymentMethod: method,
          fiatCurrency: state.currency,
          timezone: ctx.timezone?.(),
        })
        popup.opener = null
        popup.location.href = url
        onramp.setState({
          order: {
            id: orderId,
            status: 'created',
            purchaseAmount: null,
            txHash: null,
            failure: null,
          },
        })
        stopPolling()
        poll(api, orderId, popup)
        return true
      } catch (error) {
        popup.close()
        onramp.setState({ status: 'editing', error: reasonOf(error) })
        return false
      }
    },

    /** Back to the form (Try again), or away from it: stops following the order. */
    reset() {
      stopPolling()
      clearTimeout(debounce)
      onramp.setState({ status: 'editing', order: undefined, error: undefined })
    },
  }
}

export type OnrampController = ReturnType<typeof createOnrampController>
