import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { sendCss } from './styles.ts'

/** §5 Send: done; the form is already reset and the activity list refreshes. */
export default function WalletSendResult() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const hash = useStore(core.stores.send, (s) => s.hash)
  return (
    <div data-view="WalletSendResult" className="lk-center">
      <style>{sendCss}</style>
      <p className="lk-total">{messages.sentTitle}</p>
      <p className="lk-muted">{messages.sentText}</p>
      {hash ? (
        <p className="lk-break lk-small">
          {messages.transactionHash}:{' '}
          <span data-testid="send-hash" data-tx-hash={hash} dir="ltr">
            {hash}
          </span>
        </p>
      ) : null}
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid="send-done"
        data-autofocus
        onClick={() => core.router.reset('Account')}
      >
        {messages.done}
      </button>
    </div>
  )
}
