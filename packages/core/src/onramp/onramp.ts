// Buying crypto (§1 onramp): the provider's options for the active network, a quote as the
// visitor types, then the provider's checkout in a popup, followed until the purchase ends.
import { ApiError } from '../api/api.ts'
import type { OnrampApi, OnrampAsset, OnrampProvider } from '../api/onramp.ts'
import { ONRAMP_FALLBACK_LIMITS, ONRAMP_QUOTE_DEBOUNCE_MS } from '../constants/onramp.ts'
import { toLatinDigits } from '../i18n/digits.ts'
import { formatUnits } from '../send/sendAmount.ts'
import { balanceOfAsset } from './assetBalance.ts'
import { type Following, followBalance, followOrder } from './follow.ts'
import { amountProblem } from './onrampAmount.ts'
import { type CheckoutWindow, type OnrampContext, OnrampText } from './onrampContext.ts'
import { initialOnrampState, type OnrampState } from './onrampState.ts'

const reasonOf = (error: unknown) =>
  error instanceof ApiError ? (error.reason ?? error.message) : (error as Error).message

export function createOnrampController(ctx: OnrampContext) {
  const { account, chain, onramp } = ctx.stores
  let quoteRun = 0
  let debounce: ReturnType<typeof setTimeout> | undefined
  let following: Following | undefined
  const network = () => chain.getState().activeCaipNetwork.caipNetworkId

  const limitsOf = (method: string) =>
    onramp.getState().options?.paymentMethods.find((m) => m.id === method)?.limits ??
    (method === 'bank' ? ONRAMP_FALLBACK_LIMITS.bankAccount : ONRAMP_FALLBACK_LIMITS.card)

  const assetOf = (symbol: string | undefined) =>
    onramp.getState().options?.purchaseCurrencies.find((a) => a.symbol === symbol)
  /** The provider that quotes (the sandbox), when the network has it */
  const quoting = () => onramp.getState().options?.providers.find((p) => p.quotes)

  const amountError = (state: OnrampState) =>
    amountProblem(state, limitsOf(state.method), assetOf(state.asset))

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
      const providers = options.providers.filter(
        (p) => p.networks === null || p.networks.includes(caipNetworkId),
      )
      onramp.setState({
        options: { ...options, providers, purchaseCurrencies: assets },
        optionsLoading: false,
        asset: assets[0]?.symbol,
        currency: options.paymentCurrencies.includes(currency)
          ? currency
          : (options.paymentCurrencies[0] ?? currency),
        error: assets.length === 0 || providers.length === 0 ? OnrampText.notOffered : undefined,
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
    if (!quoting()) {
      onramp.setState({ quote: undefined, quoteLoading: false, error: undefined })
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

  function stopFollowing() {
    following?.stop()
    following = undefined
  }

  /** The sandbox's order, read until it ends */
  function followSandbox(api: OnrampApi, id: string, popup: CheckoutWindow) {
    following = followOrder(api, id, popup, {
      order(order, closedBefore) {
        if (onramp.getState().order?.id !== id) return true
        onramp.setState({ order })
        if (order.status === 'completed') finish(order.purchaseAmount ?? '')
        else if (order.status === 'failed') fail(order.failure ?? OnrampText.failed)
        else if (closedBefore && order.status === 'created') fail(OnrampText.popupClosed)
        else return false
        return true
      },
      error: (error) => ctx.log('onramp order poll failed', error),
    })
  }

  /** A hosted checkout reports no order: the wallet's balance says when the purchase arrived. */
  function followHosted(
    address: string,
    asset: OnrampAsset,
    before: bigint,
    popup: CheckoutWindow,
  ) {
    const net = network()
    following = followBalance(
      () => ctx.balances(address, net).then((all) => balanceOfAsset(all, asset)),
      before,
      popup,
      {
        arrived: (rise) => finish(formatUnits(rise, asset.decimals)),
        closed: () => onramp.setState({ windowClosed: true }),
        error: (error) => ctx.log('onramp balance read failed', error),
      },
    )
  }

  /** The popup stays: it shows the provider's receipt (and a window the app let go of, having
   * cut its opener, cannot be closed by the app anyway). */
  function finish(amount: string) {
    stopFollowing()
    const { asset = '' } = onramp.getState()
    onramp.setState({ status: 'completed', error: undefined, purchased: amount })
    ctx.toast.showSuccess(OnrampText.bought(amount, asset))
    ctx.track('ONRAMP_SUCCESS', { network: network(), asset })
    void ctx.refreshPortfolio().catch(() => undefined)
  }

  function fail(reason: string) {
    stopFollowing()
    onramp.setState({ status: 'failed', error: reason })
    ctx.track('ONRAMP_ERROR', { network: network(), reason })
  }

  return {
    load,
    refreshQuote,
    selectAsset: (symbol: string) => edit({ asset: symbol, quote: undefined }, 0),
    selectMethod: (method: string) => edit({ method, quote: undefined }, 0),
    selectCurrency: (currency: string) => edit({ currency, quote: undefined }, 0),
    /** The amount typed, in any script's digits (kept as Latin ones: README "Languages"). */
    setAmount: (amount: string) =>
      edit({ amount: toLatinDigits(amount) }, ONRAMP_QUOTE_DEBOUNCE_MS),
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
     * later is blocked) and follows the purchase: the sandbox's order, or a hosted checkout by the
     * balance. `providerId`: one of the options' providers, default the one that quotes. Resolves
     * false when it could not start.
     */
    async buy(popup: CheckoutWindow | null, providerId?: string): Promise<boolean> {
      const state = onramp.getState()
      const { amount, method, status, amountIn } = state
      const asset = assetOf(state.asset)
      const address = account.getState().address
      const provider: OnrampProvider | undefined = providerId
        ? state.options?.providers.find((p) => p.id === providerId)
        : quoting()
      if (!asset || !address || !provider || status === 'buying') {
        popup?.close()
        return false
      }
      const invalid = amountError(state)
      if (invalid || !popup) {
        popup?.close()
        onramp.setState({ error: invalid ?? OnrampText.popupBlocked })
        return false
      }
      onramp.setState({
        status: 'buying',
        error: undefined,
        order: undefined,
        provider: provider.id,
        purchased: undefined,
        windowClosed: false,
      })
      ctx.track('ONRAMP_INITIATED', {
        network: network(),
        asset: asset.symbol,
        provider: provider.id,
      })
      try {
        const api = await ctx.onramp()
        // Read before the checkout opens: what arrives after it is the purchase.
        const before = provider.quotes
          ? 0n
          : balanceOfAsset(await ctx.balances(address, network()), asset)
        const { url, orderId } = await api.checkoutUrl({
          provider: provider.id,
          destinationWallets: [{ address, blockchains: [network()], assets: [asset.symbol] }],
          defaultNetwork: network(),
          partnerUserId: address,
          defaultExperience: 'buy',
          ...(amountIn === 'crypto'
            ? { presetCryptoAmount: Number(amount) }
            : { presetFiatAmount: Number(amount) }),
          ...(provider.quotes && { defaultPaymentMethod: method }),
          fiatCurrency: state.currency,
          timezone: ctx.timezone?.(),
        })
        popup.opener = null
        popup.location.href = url
        stopFollowing()
        if (orderId === undefined) {
          followHosted(address, asset, before, popup)
          return true
        }
        onramp.setState({
          order: {
            id: orderId,
            status: 'created',
            purchaseAmount: null,
            txHash: null,
            failure: null,
          },
        })
        followSandbox(api, orderId, popup)
        return true
      } catch (error) {
        popup.close()
        onramp.setState({ status: 'editing', error: reasonOf(error) })
        return false
      }
    },

    /** Back to the form (Try again), or away from it: stops following the purchase. */
    reset() {
      stopFollowing()
      clearTimeout(debounce)
      onramp.setState({
        status: 'editing',
        order: undefined,
        error: undefined,
        windowClosed: false,
      })
    },
  }
}

export type OnrampController = ReturnType<typeof createOnrampController>
