import {
  formatDecimal,
  formatFiat,
  formatPercent,
  type OnrampState,
  toLocalDigits,
} from '@latchkey/core/internal'
import { useEffect, useId } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useLocale } from '../../useMessages.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { onrampCss } from './styles.ts'

/** Buy crypto: the amount in USD, the asset, how to pay, the provider's quote, then its checkout. */
export default function OnRampProviders() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const { locale } = useLocale()
  const fiat = (value: string | number, currency: string) =>
    formatFiat(Number(value), locale, currency)
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  const amountId = useId()
  useEffect(() => {
    void core.onramp.load()
  }, [core])
  // Back from the asset list: the quote of the form as it stands.
  useEffect(() => {
    if (onramp.asset && core.stores.onramp.getState().amount) void core.onramp.refreshQuote()
  }, [core, onramp.asset])

  const asset = onramp.options?.purchaseCurrencies.find((a) => a.symbol === onramp.asset)
  const { quote } = onramp
  const canBuy = Boolean(quote && !onramp.error && !onramp.quoteLoading)
  const inCrypto = onramp.amountIn === 'crypto'
  const { currency } = onramp
  const currencies = onramp.options?.paymentCurrencies ?? []
  const providers = onramp.options?.providers ?? []
  const quoting = providers.find((p) => p.quotes)
  const hosted = providers.filter((p) => !p.quotes)
  // A hosted checkout shows its own price: the amount only has to be one it may take.
  const canOpenHosted = Boolean(
    asset && onramp.amount.trim() && !onramp.error && !onramp.quoteLoading,
  )
  const buy = (providerId?: string) => {
    // The popup opens in this click; the view follows the purchase.
    core.router.push('BuyInProgress')
    void core.onramp.buy(providerId)
  }
  return (
    <form
      data-view="OnRampProviders"
      className="lk-stack lk-wide"
      noValidate
      aria-busy={onramp.optionsLoading}
      onSubmit={(event) => {
        event.preventDefault()
        if (quoting ? canBuy : canOpenHosted) buy(quoting?.id ?? hosted[0]?.id)
      }}
    >
      <style>{onrampCss}</style>
      {onramp.optionsLoading ? <p className="lk-muted">{messages.loadingOptions}</p> : null}
      <div className="lk-swap-panel">
        <div className="lk-onramp-amount-head">
          <label className="lk-section-title" htmlFor={amountId}>
            {inCrypto
              ? format(messages.buyAmountIn, { asset: asset?.symbol ?? '' })
              : format(messages.buyAmount, { currency })}
          </label>
          {currencies.length > 1 && !inCrypto ? (
            <button
              type="button"
              className="lk-onramp-unit"
              data-testid="onramp-currency"
              onClick={() => core.router.push('OnRampFiatSelect')}
            >
              {messages.changeCurrency}
            </button>
          ) : null}
          <button
            type="button"
            className="lk-onramp-unit"
            data-testid="onramp-amount-in"
            disabled={!asset}
            onClick={() => core.onramp.toggleAmountIn()}
          >
            {format(messages.amountInUnit, { unit: inCrypto ? currency : (asset?.symbol ?? '') })}
          </button>
        </div>
        <div className="lk-swap-row">
          <input
            id={amountId}
            className="lk-swap-amount"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            placeholder="0"
            data-testid="onramp-amount"
            value={toLocalDigits(onramp.amount, locale)}
            disabled={!asset}
            onChange={(event) => void core.onramp.setAmount(event.target.value)}
          />
          <button
            type="button"
            className="lk-button lk-swap-token"
            data-testid="onramp-asset"
            aria-label={`${messages.buyAsset}: ${asset?.symbol ?? messages.selectToken}`}
            disabled={!onramp.options}
            onClick={() => core.router.push('OnRampTokenSelect')}
          >
            {asset?.symbol ?? messages.selectToken}
          </button>
        </div>
      </div>
      {quoting ? (
        <fieldset className="lk-stack lk-onramp-methods">
          <legend className="lk-section-title">{messages.payWith}</legend>
          {(onramp.options?.paymentMethods ?? []).map((method) => (
            <label key={method.id} className="lk-onramp-method">
              <input
                type="radio"
                name="onramp-method"
                value={method.id}
                data-testid={`onramp-method-${method.id}`}
                checked={onramp.method === method.id}
                onChange={() => void core.onramp.selectMethod(method.id)}
              />
              <span>{method.name}</span>
              <span className="lk-muted" dir="ltr">
                {formatPercent(method.feePercent, locale)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {quote && asset ? (
        <dl className="lk-summary" data-testid="onramp-quote">
          {inCrypto ? (
            <>
              <dt>{messages.youPay}</dt>
              <dd data-testid="onramp-pay" dir="ltr">
                {fiat(quote.paymentTotal, currency)}
              </dd>
            </>
          ) : null}
          <dt>{messages.youReceive}</dt>
          <dd data-testid="onramp-receive" dir="ltr">
            {formatDecimal(quote.purchaseAmount, locale)} {asset.symbol}
          </dd>
          <dt>{messages.providerFee}</dt>
          <dd data-testid="onramp-fee" dir="ltr">
            {fiat(quote.fee, currency)}
          </dd>
          <dt>{messages.buyRate}</dt>
          <dd dir="ltr">
            1 {asset.symbol} = {fiat(quote.rate, currency)}
          </dd>
        </dl>
      ) : null}
      {onramp.error ? (
        <p className="lk-warning" role="alert" data-testid="onramp-error">
          {coreText(onramp.error, messages)}
        </p>
      ) : null}
      {quoting ? (
        <button
          type="submit"
          className="lk-button lk-button-primary"
          data-testid="onramp-buy"
          disabled={!canBuy}
        >
          {format(messages.buyWith, { provider: quoting.name })}
        </button>
      ) : null}
      {hosted.length > 0 ? (
        <div className="lk-stack" data-testid="onramp-hosted">
          {hosted.map((provider, index) => (
            <button
              key={provider.id}
              type="button"
              className={`lk-button${!quoting && index === 0 ? ' lk-button-primary' : ''}`}
              data-testid={`onramp-buy-${provider.id}`}
              disabled={!canOpenHosted}
              onClick={() => buy(provider.id)}
            >
              {format(messages.buyWith, { provider: provider.name })}
            </button>
          ))}
          <p className="lk-muted">{messages.hostedPrice}</p>
        </div>
      ) : null}
    </form>
  )
}
