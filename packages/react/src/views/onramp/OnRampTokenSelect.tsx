import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { onrampCss } from './styles.ts'

/** Buy crypto: picks the asset bought, of those the provider sells on this network. */
export default function OnRampTokenSelect() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  return (
    <div data-view="OnRampTokenSelect" className="lk-stack lk-wide">
      <style>{onrampCss}</style>
      <ul className="lk-list" aria-label={messages.selectToken}>
        {(onramp.options?.purchaseCurrencies ?? []).map((asset) => (
          <li key={asset.symbol}>
            <button
              type="button"
              className="lk-item"
              data-testid={`onramp-asset-${asset.symbol}`}
              aria-current={asset.symbol === onramp.asset || undefined}
              onClick={() => {
                void core.onramp.selectAsset(asset.symbol)
                core.router.goBack()
              }}
            >
              <span className="lk-item-name">{asset.name}</span>
              <span className="lk-row-end">{asset.symbol}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
