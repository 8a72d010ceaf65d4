import { useLayoutEffect, useRef } from 'react'
import { useAppKitInstance } from '../../instance.ts'

/**
 * Where passkeys can work: the browser has WebAuthn, and the frame's origin can be a relying
 * party (browsers refuse an IP address as RP ID, as a frame on http://127.0.0.1 would need).
 */
export function passkeysSupported(frameUrl: string | undefined): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function')
    return false
  try {
    const host = frameUrl ? new URL(frameUrl).hostname : ''
    return !/^(\d+\.){3}\d+$/.test(host) && !host.startsWith('[')
  } catch {
    return false
  }
}

/**
 * Room for the frame's own card (a transaction to approve, a passkey's ceremony): while shown,
 * the frame is laid over this slot, so the visitor clicks inside the frame's origin and the host
 * page cannot click for them; hidden again when it goes.
 */
export function FrameSlot({
  testId,
  className = 'lk-passkey-slot',
}: {
  testId: string
  className?: string
}) {
  const { core } = useAppKitInstance()
  const slot = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    let frame: Awaited<ReturnType<typeof core.embedded.frame>> | undefined
    let stopped = false
    let placed = ''
    let tick = 0
    // The slot moves without a scroll or a resize of its own (the modal's height eases, a list
    // above it loads): the frame follows it every frame, moved only when the slot did.
    const follow = () => {
      const rect = slot.current?.getBoundingClientRect()
      const at = rect && `${rect.x},${rect.y},${rect.width},${rect.height}`
      if (frame && rect && at !== placed) {
        placed = at ?? ''
        frame.show(rect)
      }
      tick = requestAnimationFrame(follow)
    }
    slot.current?.scrollIntoView?.({ block: 'nearest' })
    void core.embedded.frame().then((client) => {
      if (stopped) return
      frame = client
      follow()
      // Keyboard users continue inside the frame, where its card has focus.
      client.iframe.focus()
    })
    return () => {
      stopped = true
      cancelAnimationFrame(tick)
      frame?.hide()
    }
  }, [core])
  return <div ref={slot} className={className} data-testid={testId} />
}
