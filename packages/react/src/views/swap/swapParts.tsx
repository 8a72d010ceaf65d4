import type { SwapQuote, SwapToken } from '@latchkey/core/internal'
import {
  formatDecimal,
  formatFiat,
  formatNumber,
  formatPercent,
  formatUnits,
  heldAmount,
  isHighPriceImpact,
} from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useCoreText, useLocale } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'
import { useSwapMessages } from './swapMessages.ts'

/** The swap form's tokens, with the visitor's balance of each side. */
export function useSwapTokens() {
  const { core } = useAppKitInstance()
  const swap = useStore(core.stores.swap)
  const balances = useStore(core.stores.portfolio, (s) => s.tokens)
  const caipNetworkId = useStore(core.stores.chain, (s) => s.activeCaipNetwork.caipNetworkId)
  const sell = swap.tokens.find((t) => t.address === swap.sell)
  const buy = swap.tokens.find((t) => t.address === swap.buy)
  const balanceOf = (token: SwapToken | undefined) =>
    token ? formatUnits(heldAmount(token, balances, caipNetworkId), token.decimals) : undefined
  return { swap, sell, buy, balanceOf, balances, caipNetworkId }
}

export function SwapTokenIcon({ token }: { token: SwapToken }) {
  return <Logo name={token.symbol} src={token.logoUri} className="lk-token-icon" />
}

/** A base-unit amount for reading: at most 6 decimals, never rounded up. */
export function readableAmount(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.')
  const kept = fraction.slice(0, 6).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : (whole as string)
}

/** readableAmount in the locale's digits and decimal separator */
export function localAmount(value: bigint, decimals: number, locale: string): string {
  return formatDecimal(readableAmount(value, decimals), locale)
}

/** The fiat value of a decimal amount of a token, when its price is known. */
export function fiatValue(
  amount: string,
  token: SwapToken | undefined,
  locale?: string,
): string | undefined {
  const value = Number(amount.replace(',', '.'))
  if (!token?.price || !amount.trim() || !Number.isFinite(value)) return undefined
  return formatFiat(value * token.price, locale)
}

/** "1 ETH = 2,990.1 lUSD", from the quote's amounts */
export function rateOf(quote: SwapQuote, sell: SwapToken, buy: SwapToken, locale?: string): string {
  const sold = Number(formatUnits(quote.fromAmount, sell.decimals))
  const bought = Number(formatUnits(quote.toAmount, buy.decimals))
  const rate = sold > 0 ? bought / sold : 0
  const shown = formatNumber(rate, locale, { maximumSignificantDigits: 6 })
  return `1 ${sell.symbol} = ${shown} ${buy.symbol}`
}

/** A price impact above 5 %, said before the visitor swaps */
export function ImpactWarning({ quote }: { quote: SwapQuote }) {
  const messages = useSwapMessages()
  const { locale } = useLocale()
  if (!isHighPriceImpact(quote)) return null
  return (
    <p className="lk-warning" role="alert" data-testid="swap-impact-warning">
      {format(messages.highPriceImpact, { percent: formatPercent(quote.priceImpact, locale) })}
    </p>
  )
}

export function SwapError({ error }: { error: string | undefined }) {
  const coreText = useCoreText()
  return error ? (
    <p className="lk-error-text" role="alert" data-testid="swap-error">
      {coreText(error)}
    </p>
  ) : null
}
