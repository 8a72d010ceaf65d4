import { coreText } from '../coreTexts.ts'
import { useAppKitInstance } from '../instance.ts'
import { useStore } from '../store.ts'
import { useMessages } from '../useMessages.ts'

/** §4 Toast: one message at a time, announced politely (errors assertively). */
export function Toast() {
  const { core } = useAppKitInstance()
  const toast = useStore(core.stores.toast)
  const messages = useMessages()
  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-live={toast.variant === 'error' ? 'assertive' : 'polite'}
    >
      {toast.open && toast.message ? (
        <div className="lk-toast" data-variant={toast.variant} data-testid="toast">
          {coreText(toast.message, messages)}
        </div>
      ) : null}
    </div>
  )
}
