import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { PickList } from './PickList.tsx'

/** Buy crypto: picks the asset bought, of those the provider sells on this network. */
export default function OnRampTokenSelect() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  const items = (onramp.options?.purchaseCurrencies ?? []).map((asset) => ({
    id: asset.symbol,
    name: asset.name,
    code: asset.symbol,
    testId: `onramp-asset-${asset.symbol}`,
  }))
  return (
    <PickList
      view="OnRampTokenSelect"
      label={messages.selectToken}
      items={items}
      current={onramp.asset}
      onPick={(symbol) => void core.onramp.selectAsset(symbol)}
    />
  )
}
