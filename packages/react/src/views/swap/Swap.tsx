import { formatDecimal, formatPercent, toLocalDigits } from '@latchkey/core/internal'
import { useEffect, useId } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useLocale } from '../../useMessages.ts'
import { fill } from '../parts.tsx'
import { swapCss } from './styles.ts'
import { useSwapMessages } from './swapMessages.ts'
import {
  fiatValue,
  ImpactWarning,
  rateOf,
  readableAmount,
  SwapError,
  SwapTokenIcon,
  useSwapTokens,
} from './swapParts.tsx'

/** Swap: the token sold with its amount (and Max), the token bought with the live quote. */
export default function Swap() {
  const { core } = useAppKitInstance()
  const messages = useSwapMessages()
  const { locale } = useLocale()
  const { swap, sell, buy, balanceOf } = useSwapTokens()
  const amountId = useId()

  useEffect(() => {
    void core.swap.load()
    void core.portfolio.refresh().catch(() => undefined)
    return core.swap.watch()
  }, [core])
  // Back from the token list or the preview: the quote of the form as it stands.
  const ready = Boolean(sell && buy)
  useEffect(() => {
    if (ready && core.stores.swap.getState().amount) void core.swap.refreshQuote()
  }, [core, ready])

  const { quote } = swap
  const bought = quote && buy ? readableAmount(quote.toAmount, buy.decimals) : ''
  const canReview = Boolean(quote && !swap.error && !swap.quoteLoading)
  return (
    <form
      data-view="Swap"
      className="lk-stack lk-wide"
      noValidate
      aria-busy={swap.tokensLoading}
      onSubmit={(event) => {
        event.preventDefault()
        if (canReview) core.router.push('SwapPreview')
      }}
    >
      <style>{swapCss}</style>
      {swap.tokensLoading ? <p className="lk-muted">{messages.loadingTokens}</p> : null}
      <div className="lk-swap-panel">
        <label className="lk-section-title" htmlFor={amountId}>
          {messages.swapSell}
        </label>
        <div className="lk-swap-row">
          <input
            id={amountId}
            className="lk-swap-amount"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            placeholder="0"
            data-testid="swap-amount"
            value={toLocalDigits(swap.amount, locale)}
            disabled={!sell}
            onChange={(event) => void core.swap.setAmount(event.target.value)}
          />
          <TokenButton side="sell" />
        </div>
        <div className="lk-swap-row lk-swap-meta">
          <span data-testid="swap-sell-fiat" dir="ltr">
            {fiatValue(swap.amount, sell, locale) ?? ''}
          </span>
          {sell ? (
            <span>
              <span data-testid="swap-sell-balance">
                {fill(messages.balanceLabel, {
                  amount: (
                    <span dir="ltr">{`${formatDecimal(balanceOf(sell) ?? '0', locale)} ${sell.symbol}`}</span>
                  ),
                })}
              </span>
              <button
                type="button"
                className="lk-swap-max"
                data-testid="swap-max"
                onClick={() => void core.swap.setMax()}
              >
                {messages.max}
              </button>
            </span>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        className="lk-icon-btn lk-swap-flip"
        aria-label={messages.swapFlip}
        data-testid="swap-flip"
        disabled={!ready}
        onClick={() => void core.swap.flip()}
      >
        ⇅
      </button>
      <div className="lk-swap-panel">
        <span className="lk-section-title">{messages.swapBuy}</span>
        <div className="lk-swap-row">
          <output className="lk-swap-amount" data-testid="swap-quote" aria-live="polite" dir="ltr">
            {swap.quoteLoading && !quote
              ? messages.gettingQuote
              : formatDecimal(bought || '0', locale)}
          </output>
          <TokenButton side="buy" />
        </div>
        <span className="lk-swap-row lk-swap-meta" data-testid="swap-buy-fiat" dir="ltr">
          {fiatValue(bought, buy, locale) ?? ''}
        </span>
      </div>
      {quote && sell && buy ? (
        <dl className="lk-summary">
          <dt>{messages.swapRate}</dt>
          <dd data-testid="swap-rate" dir="ltr">
            {rateOf(quote, sell, buy, locale)}
          </dd>
          <dt>{messages.priceImpact}</dt>
          <dd data-testid="swap-price-impact" dir="ltr">
            {formatPercent(quote.priceImpact, locale)}
          </dd>
        </dl>
      ) : null}
      {quote ? <ImpactWarning quote={quote} /> : null}
      <SwapError error={swap.error} />
      <button
        type="submit"
        className="lk-button lk-button-primary"
        data-testid="swap-review"
        disabled={!canReview}
      >
        {messages.reviewSwap}
      </button>
    </form>
  )
}

function TokenButton({ side }: { side: 'sell' | 'buy' }) {
  const { core } = useAppKitInstance()
  const messages = useSwapMessages()
  const { sell, buy } = useSwapTokens()
  const token = side === 'sell' ? sell : buy
  return (
    <button
      type="button"
      className="lk-button lk-swap-token"
      data-testid={`swap-${side}-token`}
      aria-label={`${side === 'sell' ? messages.swapSell : messages.swapBuy}: ${token?.symbol ?? messages.selectToken}`}
      onClick={() => core.router.push({ view: 'SwapSelectToken', params: { side } })}
    >
      {token ? <SwapTokenIcon token={token} /> : null}
      {token?.symbol ?? messages.selectToken}
    </button>
  )
}
