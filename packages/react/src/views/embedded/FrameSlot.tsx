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
    const place = () => {
      const rect = slot.current?.getBoundingClientRect()
      if (frame && rect) frame.show(rect)
    }
    slot.current?.scrollIntoView?.({ block: 'nearest' })
    void core.embedded.frame().then((client) => {
      if (stopped) return
      frame = client
      place()
      // Keyboard users continue inside the frame, where its card has focus.
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
  }, [core])
  return <div ref={slot} className={className} data-testid={testId} />
}
