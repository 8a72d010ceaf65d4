import { formatDecimal, type OnrampState } from '@latchkey/core/internal'
import type { ReactNode } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useLocale } from '../../useMessages.ts'
import { fill } from '../parts.tsx'
import { useOnrampMessages } from './onrampMessages.ts'
import { onrampCss } from './styles.ts'

/** Buy crypto: the provider's checkout is open in a popup; this view follows the order. */
export default function BuyInProgress() {
  const { core } = useAppKitInstance()
  const messages = useOnrampMessages()
  const { locale } = useLocale()
  const onramp = useStore(core.stores.onramp, (s: OnrampState) => s)
  const asset = onramp.asset ?? ''
  if (onramp.status === 'completed') {
    return (
      <Outcome
        title={messages.boughtTitle}
        action={{ label: messages.buyDone, testId: 'onramp-finish' }}
        onAction={() => core.router.reset('Account')}
      >
        <p role="status" data-testid="onramp-done">
          {fill(messages.bought, {
            amount: (
              <span dir="ltr">
                {onramp.purchased ? formatDecimal(onramp.purchased, locale) : ''}
              </span>
            ),
            asset,
          })}
        </p>
      </Outcome>
    )
  }
  if (onramp.status === 'failed' || (onramp.status === 'editing' && onramp.error)) {
    return (
      <Outcome
        title={messages.buyFailed}
        action={{ label: messages.buyTryAgain, testId: 'onramp-retry' }}
        onAction={() => core.router.goBack()}
      >
        <p className="lk-warning" role="alert" data-testid="onramp-failed">
          {onramp.error && coreText(onramp.error, messages)}
        </p>
      </Outcome>
    )
  }
  // A hosted checkout has no order: the balance is followed, also after its window closed.
  const provider = onramp.options?.providers.find((p) => p.id === onramp.provider)
  const hosted = provider?.quotes === false
  const sending = onramp.order?.status === 'pending'
  const status = hosted
    ? format(onramp.windowClosed ? messages.buyWindowClosed : messages.buyArriving, { asset })
    : sending
      ? format(messages.buySending, { asset })
      : messages.buyWaiting
  return (
    <div data-view="BuyInProgress" className="lk-stack lk-wide" aria-busy="true">
      <style>{onrampCss}</style>
      {onramp.windowClosed ? null : <p>{messages.buyInWindow}</p>}
      <p className="lk-muted" role="status" data-testid="onramp-status">
        {status}
      </p>
      {hosted ? (
        <button
          type="button"
          className="lk-button"
          data-testid="onramp-stop"
          onClick={() => {
            core.onramp.reset()
            core.router.goBack()
          }}
        >
          {messages.buyStopWaiting}
        </button>
      ) : null}
    </div>
  )
}

/** How an order ended: a title, what happened, and one way on (the flow is reset first). */
function Outcome(props: {
  title: string
  action: { label: string; testId: string }
  onAction: () => void
  children: ReactNode
}) {
  const { core } = useAppKitInstance()
  return (
    <div data-view="BuyInProgress" className="lk-stack lk-wide">
      <style>{onrampCss}</style>
      <h2 className="lk-onramp-title">{props.title}</h2>
      {props.children}
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid={props.action.testId}
        onClick={() => {
          core.onramp.reset()
          props.onAction()
        }}
      >
        {props.action.label}
      </button>
    </div>
  )
}
