import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { FrameSlot } from './FrameSlot.tsx'
import { embeddedCss } from './styles.ts'

/**
 * §2 ApproveTransaction: the frame itself is laid over this view, so the visitor approves
 * inside our origin and the host page cannot approve for them. The view only reserves the room.
 */
export default function ApproveTransaction() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  // Approved, while the flow that asked finishes (§4 name registration's transaction entry)
  const approving = useStore(core.stores.embedded, (s) => s.approving)
  if (!approving) {
    return (
      <div data-view="ApproveTransaction" className="lk-center" aria-busy="true">
        <span className="lk-spinner" />
        <p className="lk-muted" aria-live="polite" data-testid="approve-finishing">
          {messages.finishing}
        </p>
      </div>
    )
  }
  return (
    <div data-view="ApproveTransaction" className="lk-stack lk-wide">
      <style>{embeddedCss}</style>
      <p className="lk-muted">{messages.approveInFrame}</p>
      <FrameSlot className="lk-frame-slot" testId="approve-frame-slot" />
    </div>
  )
}
