import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { onrampCss } from './styles.ts'

/** The currency's name in English ("Euro"), or its code where the browser has no name for it */
function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Buy crypto: picks the currency paid, of those the provider takes. */
export default function OnRampFiatSelect() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  return (
    <div data-view="OnRampFiatSelect" className="lk-stack lk-wide">
      <style>{onrampCss}</style>
      <ul className="lk-list" aria-label={messages.selectCurrency}>
        {(onramp.options?.paymentCurrencies ?? []).map((currency) => (
          <li key={currency}>
            <button
              type="button"
              className="lk-item"
              data-testid={`onramp-currency-${currency}`}
              aria-current={currency === onramp.currency || undefined}
              onClick={() => {
                void core.onramp.selectCurrency(currency)
                core.router.goBack()
              }}
            >
              <span className="lk-item-name">{currencyName(currency)}</span>
              <span className="lk-row-end">{currency}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
