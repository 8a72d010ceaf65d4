import type { StoreApi } from 'zustand/vanilla'
import type { ConvertApi, SwapToken } from '../api/convert.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AdapterEngine } from '../connection/adapter.ts'
import type { WalletFlowContext } from '../connection/walletFlow.ts'
import { SWAP_QUOTE_DEBOUNCE_MS, SWAP_QUOTE_REFRESH_MS, SWAP_SLIPPAGE } from '../constants/swap.ts'
import { PENDING_TRANSACTIONS_LIMIT } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { formatAmount } from '../format.ts'
import { toLatinDigits } from '../i18n/digits.ts'
import type { PortfolioState } from '../portfolio/portfolioState.ts'
import { formatUnits, parseAmount } from '../send/sendAmount.ts'
import { pendingSwap } from './pendingSwap.ts'
import { checkSwapAmount, heldAmount, isNativeToken, maxSwappable, SwapText } from './swapForm.ts'
import { initialSwapState, type SwapState } from './swapState.ts'
import { isSwapSupported, swapErrorText } from './swapSupport.ts'

export interface SwapContext extends WalletFlowContext {
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    portfolio: StoreApi<PortfolioState>
    swap: StoreApi<SwapState>
  }
  convert(): Promise<ConvertApi>
}

/** Swap: the tokens, the amount, live quotes, then approve (when short) and swap via the wallet. */
export function createSwapController(ctx: SwapContext) {
  const { account, chain, portfolio, swap } = ctx.stores
  let quoteRun = 0
  let debounce: ReturnType<typeof setTimeout> | undefined

  const network = () => chain.getState().activeCaipNetwork
  const tokenOf = (address: string | undefined) =>
    swap.getState().tokens.find((token) => token.address === address)
  const balanceOf = (token: SwapToken) =>
    heldAmount(token, portfolio.getState().tokens, network().caipNetworkId)
  const busy = () => ['approving', 'swapping'].includes(swap.getState().status)

  async function load() {
    const { caipNetworkId } = network()
    const state = swap.getState()
    if (state.network === caipNetworkId && (state.tokens.length > 0 || state.tokensLoading)) return
    ctx.track('OPEN_SWAP', { network: caipNetworkId })
    // An app may open Swap on any network: only the swap-supported ones are asked.
    if (!isSwapSupported(caipNetworkId)) {
      const error = ErrorText.swapsNetworkNotSupported
      swap.setState({ ...initialSwapState(), network: caipNetworkId, error }, true)
      return
    }
    swap.setState({ ...initialSwapState(), network: caipNetworkId, tokensLoading: true }, true)
    try {
      const api = await ctx.convert()
      const [tokens, gasPrice] = await Promise.all([
        api.tokens(caipNetworkId),
        // Without a gas price the swap still works; only Max and the fee estimate need it.
        api.gasPrice(caipNetworkId).catch((error: unknown) => {
          ctx.log(swapErrorText(error), error)
          return undefined
        }),
      ])
      if (swap.getState().network !== caipNetworkId) return
      const sell = tokens.find((t) => isNativeToken(t.address)) ?? tokens[0]
      const buy = tokens.find((t) => t !== sell)
      swap.setState({
        tokens,
        tokensLoading: false,
        gasPrice,
        sell: sell?.address,
        buy: buy?.address,
      })
    } catch (error) {
      if (swap.getState().network !== caipNetworkId) return
      ctx.log('swap tokens failed', error)
      swap.setState({ tokensLoading: false, error: swapErrorText(error) })
    }
  }

  function scheduleQuote(delay: number) {
    clearTimeout(debounce)
    debounce = setTimeout(() => void refreshQuote(), delay)
  }

  /** Asks for a quote of the form as it stands; an answer to an older form is dropped. */
  async function refreshQuote(): Promise<void> {
    clearTimeout(debounce)
    if (busy()) return
    const run = ++quoteRun
    const state = swap.getState()
    const sell = tokenOf(state.sell)
    const buy = tokenOf(state.buy)
    const userAddress = account.getState().address
    if (!sell || !buy || !userAddress) return
    let amount: bigint
    try {
      amount = parseAmount(state.amount, sell.decimals)
    } catch (error) {
      const typed = state.amount.trim() !== ''
      swap.setState({
        quote: undefined,
        quoteLoading: false,
        error: typed ? (error as Error).message : undefined,
      })
      return
    }
    const checked = checkSwapAmount(state.amount, sell, balanceOf(sell))
    if (amount === 0n) {
      swap.setState({ quote: undefined, quoteLoading: false, error: undefined })
      return
    }
    swap.setState({ quoteLoading: true })
    try {
      const api = await ctx.convert()
      const quote = await api.quote({ from: sell.address, to: buy.address, amount, userAddress })
      if (run !== quoteRun) return
      swap.setState({
        quote,
        quoteLoading: false,
        error: 'error' in checked ? checked.error : undefined,
      })
    } catch (error) {
      if (run !== quoteRun) return
      ctx.log('swap quote failed', error)
      swap.setState({ quote: undefined, quoteLoading: false, error: swapErrorText(error) })
    }
  }

  function edit(next: Partial<SwapState>, delay: number) {
    swap.setState({ ...next, error: undefined, status: 'editing' })
    scheduleQuote(delay)
  }

  /** Sends one built transaction and waits for the chain; throws `failed` when it reverted. */
  async function sendAndWait(
    engine: AdapterEngine,
    tx: { to: `0x${string}`; data: `0x${string}`; value: bigint },
    failed: string,
    onSent?: (hash: string) => void,
  ): Promise<string> {
    if (!engine.sendTransaction || !engine.waitForTransaction) {
      throw new Error(SwapText.walletCannotSwap)
    }
    const hash = await engine.sendTransaction({ network: network(), ...tx })
    onSent?.(hash)
    if ((await engine.waitForTransaction(network(), hash)) !== 'success') throw new Error(failed)
    return hash
  }

  return {
    load,
    refreshQuote,
    /** Picks a token for one side; picking the other side's token swaps the two. */
    selectToken(side: 'sell' | 'buy', address: string) {
      const { sell, buy } = swap.getState()
      const next =
        side === 'sell'
          ? { sell: address, buy: buy === address ? sell : buy }
          : { buy: address, sell: sell === address ? buy : sell }
      edit({ ...next, quote: undefined }, 0)
    },
    /** Sells what was bought: the quoted amount becomes the amount sold. */
    flip() {
      const { sell, buy, quote, amount } = swap.getState()
      const bought = tokenOf(buy)
      const next = quote && bought ? formatUnits(quote.toAmount, bought.decimals) : amount
      edit({ sell: buy, buy: sell, amount: next, quote: undefined }, 0)
    },
    /** The amount typed, in any script's digits (kept as Latin ones: README "Languages"). */
    setAmount(amount: string) {
      edit({ amount: toLatinDigits(amount) }, SWAP_QUOTE_DEBOUNCE_MS)
    },
    /** Max: the whole balance; of the native coin, less the gas a swap may take. */
    setMax() {
      const sell = tokenOf(swap.getState().sell)
      if (!sell) return
      const fast = swap.getState().gasPrice?.fast
      const max = maxSwappable(balanceOf(sell), isNativeToken(sell.address), fast)
      edit({ amount: formatUnits(max, sell.decimals) }, 0)
    },
    /** While the form is open: a fresh quote every 15 s. Returns the stop. */
    watch(): () => void {
      const timer = setInterval(() => void refreshQuote(), SWAP_QUOTE_REFRESH_MS)
      return () => {
        clearInterval(timer)
        clearTimeout(debounce)
      }
    },
    /** While previewing: a fresh quote on each new block of the network. Returns the stop. */
    watchBlocks(): () => void {
      let stop: (() => void) | undefined
      let stopped = false
      const { chainNamespace } = network()
      void ctx
        .loadEngine(chainNamespace)
        .then((engine) => {
          if (!stopped) stop = engine.watchBlocks?.(network(), () => void refreshQuote())
        })
        .catch((error: unknown) => ctx.log('swap block watch failed', error))
      return () => {
        stopped = true
        stop?.()
      }
    },
    /** Approves exactly the amount when the allowance is short, then swaps at 1 % slippage. */
    async swap(): Promise<boolean> {
      const state = swap.getState()
      const sell = tokenOf(state.sell)
      const buy = tokenOf(state.buy)
      const userAddress = account.getState().address
      const { quote } = state
      if (!sell || !buy || !userAddress || !quote || busy()) return false
      const checked = checkSwapAmount(state.amount, sell, balanceOf(sell))
      if ('error' in checked) {
        swap.setState({ error: checked.error })
        return false
      }
      const trade = { from: sell.address, to: buy.address, amount: checked.amount, userAddress }
      const caipNetworkId = network().caipNetworkId
      const details = {
        network: caipNetworkId,
        swapFromToken: sell.symbol,
        swapToToken: buy.symbol,
      }
      ctx.track('INITIATE_SWAP', details)
      try {
        const [api, engine] = await Promise.all([
          ctx.convert(),
          ctx.loadEngine(network().chainNamespace),
        ])
        if (!isNativeToken(sell.address)) {
          const allowance = await api.allowance(sell.address, userAddress)
          if (allowance < checked.amount) {
            swap.setState({ status: 'approving', error: undefined })
            await sendAndWait(engine, await api.buildApprove(trade), SwapText.approvalFailed)
            ctx.track('SWAP_APPROVAL_SUCCESS', details)
          }
        }
        swap.setState({ status: 'swapping', error: undefined })
        const tx = await api.buildTransaction({ ...trade, slippage: SWAP_SLIPPAGE })
        const sold = { token: sell, amount: formatUnits(checked.amount, sell.decimals) }
        const bought = { token: buy, amount: formatUnits(quote.toAmount, buy.decimals) }
        const hash = await sendAndWait(engine, tx, SwapText.failedOnChain, (sent) => {
          const entry = pendingSwap({
            hash: sent,
            from: userAddress,
            to: tx.to,
            chain: caipNetworkId,
            sold,
            bought,
          })
          // §9 At most 99 pending entries are kept: the oldest goes first.
          portfolio.setState((s) => ({
            pending: [entry, ...s.pending].slice(0, PENDING_TRANSACTIONS_LIMIT),
            transactions: [entry, ...s.transactions],
          }))
        })
        swap.setState({ status: 'swapped', hash, amount: '', quote: undefined })
        ctx.toast.showSuccess(
          // Shown as balances are (3 decimals, floored), not with the token's 18.
          SwapText.swapped(
            `${formatAmount(checked.amount, sell.decimals)} ${sell.symbol}`,
            `${formatAmount(quote.toAmount, buy.decimals)} ${buy.symbol}`,
          ),
        )
        ctx.track('SWAP_SUCCESS', details)
        void ctx.refreshPortfolio().catch(() => undefined)
        return true
      } catch (error) {
        const message = swapErrorText(error)
        ctx.log('swap failed', error)
        swap.setState({ status: 'editing', error: message })
        ctx.toast.showError(message)
        ctx.track('SWAP_ERROR', { ...details, message })
        return false
      }
    },
    reset() {
      clearTimeout(debounce)
      quoteRun++
      swap.setState(initialSwapState(), true)
    },
  }
}

export type SwapController = ReturnType<typeof createSwapController>
