import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { leave } from './leave.ts'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** The focused element, looking inside open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

interface DialogProps {
  labelledBy: string
  /** The language of its texts, and the way they run (right to left: Arabic, Hebrew, Persian) */
  lang?: string
  dir?: 'ltr' | 'rtl'
  onClose: () => void
  /** §4 closing is disabled in some views: Esc and the backdrop then shake instead. */
  closable: boolean
  onBlockedClose: () => void
  shake: boolean
  /** AppKit's enableMobileFullScreen: the whole screen on a phone-sized viewport */
  fullScreen?: boolean
  /** In the page's flow (`<appkit-modal>` with enableEmbedded): not modal, no focus trap */
  inline?: boolean
  children: ReactNode
}

/** One accessible dialog: role, aria-modal, label, focus trapped and restored, Esc. */
export function Dialog({
  labelledBy,
  lang,
  dir,
  onClose,
  closable,
  onBlockedClose,
  shake,
  fullScreen,
  inline,
  children,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null)
  const overlay = useRef<HTMLDivElement>(null)

  // Closing fades out a copy of the dialog once React has taken it away (see leave.ts); a
  // dialog still on the page after the cleanup (StrictMode's rehearsal) was not closed.
  useLayoutEffect(() => {
    const node = overlay.current
    const parent = node?.parentElement
    if (!node || !parent || inline) return
    return () => {
      queueMicrotask(() => {
        if (!node.isConnected && parent.isConnected) leave(node, parent)
      })
    }
  }, [inline])

  // Captured during the first render, before any child effect moves focus into the dialog.
  const [opener] = useState(deepActiveElement)
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus()
    },
    [opener],
  )

  const focusables = () => [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
  const requestClose = () => (closable ? onClose() : onBlockedClose())

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      requestClose()
      return
    }
    if (e.key !== 'Tab' || inline) return
    const items = focusables()
    const first = items[0]
    const last = items.at(-1)
    const active = deepActiveElement()
    if (e.shiftKey && (active === first || !panel.current?.contains(active))) {
      e.preventDefault()
      last?.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first?.focus()
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboards close with Esc
    <div
      ref={overlay}
      className="lk-overlay"
      data-fullscreen={fullScreen || undefined}
      data-inline={inline || undefined}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !inline) requestClose()
      }}
    >
      <div
        ref={panel}
        className={shake ? 'lk-dialog lk-shake' : 'lk-dialog'}
        role="dialog"
        aria-modal={!inline}
        aria-labelledby={labelledBy}
        lang={lang}
        dir={dir}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  )
}

/**
 * Rendered after a view inside its Suspense boundary, so it mounts once the view's chunk has
 * arrived: moves focus to the view's [data-autofocus] control, else its first control.
 */
export function FocusView() {
  const marker = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const dialog = marker.current?.closest('[role="dialog"]')
    if (!dialog) return
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(`[data-view] :is(${FOCUSABLE})`) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE)
    target?.focus()
  }, [])
  return <span ref={marker} hidden />
}
