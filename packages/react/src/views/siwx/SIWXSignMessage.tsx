import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'

/** §4 Sign-In: the visitor signs a message with the connected wallet to prove it is theirs. */
export default function SIWXSignMessage() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const signing = useStore(core.stores.siwx, (s) => s.signing)
  const app = core.options.metadata?.name ?? messages.thisApp
  return (
    <div data-view="SIWXSignMessage" className="lk-center">
      <p>
        <strong data-testid="siwx-title">{format(messages.siwxTitle, { app })}</strong>
      </p>
      <p className="lk-muted">{messages.siwxText}</p>
      <div className="lk-input-row lk-wide">
        <button
          type="button"
          className="lk-button lk-wide"
          data-testid="siwx-cancel"
          disabled={signing}
          onClick={() => void core.siwx.cancel()}
        >
          {messages.cancel}
        </button>
        <button
          type="button"
          className="lk-button lk-button-primary lk-wide"
          data-testid="siwx-sign"
          data-autofocus
          disabled={signing}
          aria-busy={signing}
          onClick={() => void core.siwx.signIn()}
        >
          {signing ? messages.siwxSigning : messages.siwxSign}
        </button>
      </div>
    </div>
  )
}
