import { type ReactNode, useLayoutEffect, useRef } from 'react'

/** Longer than the CSS transition: the height is let go even if no transitionend arrives. */
const SETTLE_MS = 400

/**
 * The dialog's content, whose height follows a change of view (or of what a view shows) by
 * animating from the old height to the new one instead of jumping. At rest the height is auto;
 * a move sets it in pixels, from the last height to the new one, and lets go once it ends. The
 * CSS decides whether it moves (no transition under prefers-reduced-motion); without
 * ResizeObserver (old browsers, jsdom) the height simply jumps.
 */
export function Morph({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const box = outer.current
    const content = inner.current
    if (!box || !content || typeof ResizeObserver === 'undefined') return
    let last = content.offsetHeight
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = () => {
      clearTimeout(timer)
      box.removeAttribute('data-moving')
      box.style.height = ''
    }
    const onEnd = (event: TransitionEvent) => {
      if (event.target === box && event.propertyName === 'height') settle()
    }
    const observer = new ResizeObserver(() => {
      const next = content.offsetHeight
      if (next === last) return
      // Mid-move, from where it stands now; at rest, from the height it had.
      const from = box.hasAttribute('data-moving') ? box.offsetHeight : last
      last = next
      box.setAttribute('data-moving', '')
      box.style.height = `${from}px`
      if (!moves(box)) {
        settle()
        return
      }
      void box.offsetHeight // the start of the move is laid out before its end is set
      box.style.height = `${next}px`
      clearTimeout(timer)
      timer = setTimeout(settle, SETTLE_MS)
    })
    observer.observe(content)
    box.addEventListener('transitionend', onEnd)
    box.addEventListener('transitioncancel', onEnd)
    return () => {
      observer.disconnect()
      box.removeEventListener('transitionend', onEnd)
      box.removeEventListener('transitioncancel', onEnd)
      clearTimeout(timer)
    }
  }, [])

  return (
    <div ref={outer} className="lk-morph">
      <div ref={inner}>{children}</div>
    </div>
  )
}

/** Whether the CSS gives the box a transition (none with prefers-reduced-motion: reduce). */
function moves(box: HTMLElement): boolean {
  const durations = getComputedStyle(box).transitionDuration.split(',')
  return durations.some((duration) => Number.parseFloat(duration) > 0)
}
