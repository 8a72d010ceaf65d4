import type { OnrampState } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useOnrampMessages } from './onrampMessages.ts'
import { onrampCss } from './styles.ts'

/** Buy crypto: the provider's checkout is open in a popup; this view follows the order. */
export default function BuyInProgress() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  const asset = onramp.asset ?? ''
  if (onramp.status === 'completed') {
    return (
      <div data-view="BuyInProgress" className="lk-stack lk-wide">
        <style>{onrampCss}</style>
        <h2 className="lk-onramp-title">{messages.boughtTitle}</h2>
        <p role="status" data-testid="onramp-done">
          {format(messages.bought, { amount: onramp.order?.purchaseAmount ?? '', asset })}
        </p>
        <button
          type="button"
          className="lk-button lk-button-primary"
          data-testid="onramp-finish"
          onClick={() => {
            core.onramp.reset()
            core.router.reset('Account')
          }}
        >
          {messages.buyDone}
        </button>
      </div>
    )
  }
  if (onramp.status === 'failed' || (onramp.status === 'editing' && onramp.error)) {
    return (
      <div data-view="BuyInProgress" className="lk-stack lk-wide">
        <style>{onrampCss}</style>
        <h2 className="lk-onramp-title">{messages.buyFailed}</h2>
        <p className="lk-warning" role="alert" data-testid="onramp-failed">
          {onramp.error}
        </p>
        <button
          type="button"
          className="lk-button lk-button-primary"
          data-testid="onramp-retry"
          onClick={() => {
            core.onramp.reset()
            core.router.goBack()
          }}
        >
          {messages.buyTryAgain}
        </button>
      </div>
    )
  }
  const sending = onramp.order?.status === 'pending'
  return (
    <div data-view="BuyInProgress" className="lk-stack lk-wide" aria-busy="true">
      <style>{onrampCss}</style>
      <p>{messages.buyInWindow}</p>
      <p className="lk-muted" role="status" data-testid="onramp-status">
        {sending ? format(messages.buySending, { asset }) : messages.buyWaiting}
      </p>
    </div>
  )
}
