import {
  formatPercent,
  formatUnits,
  minimumReceived,
  SWAP_SLIPPAGE,
  swapNetworkFee,
} from '@latchkey/core/internal'
import { useEffect } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useLocale } from '../../useMessages.ts'
import { swapCss } from './styles.ts'
import { useSwapMessages } from './swapMessages.ts'
import {
  fiatValue,
  ImpactWarning,
  localAmount,
  rateOf,
  readableAmount,
  SwapError,
  useSwapTokens,
} from './swapParts.tsx'

/** Swap: the quote in full (refreshed on each block), then approve when needed and swap. */
export default function SwapPreview() {
  const { core } = useAppKitInstance()
  const messages = useSwapMessages()
  const { locale } = useLocale()
  const { swap, sell, buy } = useSwapTokens()
  const native = useStore(core.stores.chain, (s) => s.activeCaipNetwork.nativeCurrency)

  useEffect(() => core.swap.watchBlocks(), [core])

  const { quote, status } = swap
  const busy = status === 'approving' || status === 'swapping'
  if (!quote || !sell || !buy) {
    return (
      <div data-view="SwapPreview" className="lk-stack lk-wide">
        <p className="lk-muted">
          {swap.error ? coreText(swap.error, messages) : messages.gettingQuote}
        </p>
      </div>
    )
  }
  const received = readableAmount(quote.toAmount, buy.decimals)
  const fee = swap.gasPrice ? swapNetworkFee(swap.gasPrice.standard, quote.path.length) : undefined
  return (
    <div data-view="SwapPreview" className="lk-stack lk-wide">
      <style>{swapCss}</style>
      <p className="lk-total" data-testid="swap-preview-sell" dir="ltr">
        {`${swap.amount} ${sell.symbol}`}
      </p>
      <p className="lk-muted" dir="ltr">
        {fiatValue(swap.amount, sell, locale) ?? ''}
      </p>
      <p className="lk-total" data-testid="swap-preview-buy" dir="ltr">
        {`≈ ${localAmount(quote.toAmount, buy.decimals, locale)} ${buy.symbol}`}
      </p>
      <p className="lk-muted" dir="ltr">
        {fiatValue(received, buy, locale) ?? ''}
      </p>
      <dl className="lk-summary">
        <dt>{messages.swapRate}</dt>
        <dd dir="ltr">{rateOf(quote, sell, buy, locale)}</dd>
        <dt>{messages.priceImpact}</dt>
        <dd data-testid="swap-preview-impact" dir="ltr">
          {formatPercent(quote.priceImpact, locale)}
        </dd>
        <dt>{messages.poolFee}</dt>
        <dd dir="ltr">{`${localAmount(quote.fee.amount, sell.decimals, locale)} ${sell.symbol} (${formatPercent(quote.fee.percent, locale)})`}</dd>
        {fee !== undefined ? (
          <>
            <dt>{messages.networkFee}</dt>
            <dd
              data-testid="swap-preview-fee"
              dir="ltr"
            >{`≈ ${localAmount(fee, native.decimals, locale)} ${native.symbol}`}</dd>
          </>
        ) : null}
        <dt>{messages.minimumReceived}</dt>
        <dd data-testid="swap-preview-minimum" dir="ltr">
          {`${localAmount(minimumReceived(quote.toAmount, SWAP_SLIPPAGE), buy.decimals, locale)} ${buy.symbol}`}
        </dd>
        <dt>{messages.slippageTolerance}</dt>
        <dd dir="ltr">{formatPercent(SWAP_SLIPPAGE, locale)}</dd>
      </dl>
      <ImpactWarning quote={quote} />
      {busy ? (
        <p className="lk-muted" aria-live="polite" data-testid="swap-status">
          {status === 'approving'
            ? format(messages.approving, { amount: swap.amount, symbol: sell.symbol })
            : messages.swapping}
        </p>
      ) : null}
      <SwapError error={swap.error} />
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid="swap-confirm"
        disabled={busy}
        aria-busy={busy}
        onClick={() =>
          void core.swap.swap().then((ok) => {
            if (ok) core.router.reset('Account')
          })
        }
      >
        {messages.swapNow}
      </button>
      <span hidden data-testid="swap-quote-block">
        {formatUnits(quote.block, 0)}
      </span>
    </div>
  )
}
