import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale } from '../../useMessages.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { PickList } from './PickList.tsx'

/** The currency's name in the locale ("Euro"), or its code where the browser has no name for it */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Buy crypto: picks the currency paid, of those the provider takes. */
export default function OnRampFiatSelect() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const { locale } = useLocale()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  const items = (onramp.options?.paymentCurrencies ?? []).map((currency) => ({
    id: currency,
    name: currencyName(currency, locale),
    code: currency,
    testId: `onramp-currency-${currency}`,
  }))
  return (
    <PickList
      view="OnRampFiatSelect"
      label={messages.selectCurrency}
      items={items}
      current={onramp.currency}
      onPick={(currency) => void core.onramp.selectCurrency(currency)}
    />
  )
}
