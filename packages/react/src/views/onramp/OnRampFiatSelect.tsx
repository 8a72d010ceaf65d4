import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { PickList } from './PickList.tsx'

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
  const items = (onramp.options?.paymentCurrencies ?? []).map((currency) => ({
    id: currency,
    name: currencyName(currency),
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
