import { useLayoutEffect, useRef } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { embeddedCss } from './styles.ts'

/**
 * §2 ApproveTransaction: the frame itself is laid over this view, so the visitor approves
 * inside our origin and the host page cannot approve for them. The view only reserves the room.
 */
export default function ApproveTransaction() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const slot = useRef<HTMLDivElement>(null)
  // Approved, while the flow that asked finishes (§4 name registration's transaction entry)
  const approving = useStore(core.stores.embedded, (s) => s.approving)
  useLayoutEffect(() => {
    if (!approving) return
    let frame: Awaited<ReturnType<typeof core.embedded.frame>> | undefined
    let stopped = false
    const place = () => {
      const rect = slot.current?.getBoundingClientRect()
      if (frame && rect) frame.show(rect)
    }
    void core.embedded.frame().then((client) => {
      if (stopped) return
      frame = client
      place()
      // Keyboard users continue inside the frame, where its Reject button has focus.
      client.iframe.focus()
    })
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place)
    if (slot.current) observer?.observe(slot.current)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      stopped = true
      observer?.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      frame?.hide()
    }
  }, [core, approving])
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
      <div ref={slot} className="lk-frame-slot" data-testid="approve-frame-slot" />
    </div>
  )
}
