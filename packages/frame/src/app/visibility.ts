// Whether the approval card has been on screen, unmoved, long enough to be clicked on purpose.
// The host page styles our iframe (opacity, overlays, transforms) and could put a click on
// Approve that the visitor meant for its own page. Where the browser has IntersectionObserver v2
// (Chromium), `isVisible` vouches that nothing covers, fades or distorts the card; elsewhere only
// that it intersects the viewport, and approval.ts asks for a second, deliberate step.
import { APPROVE_DELAY_MS, VISIBILITY_DELAY_MS } from './config.ts'

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The parts of an IntersectionObserverEntry we read (tests make their own). */
export interface VisibilityEntry {
  isIntersecting: boolean
  /** IntersectionObserver v2; absent where the browser does not track visibility */
  isVisible?: boolean
  boundingClientRect: Box
  intersectionRect: Box
}

export interface Observer {
  observe(target: Element): void
  disconnect(): void
}

export type ObserverFactory = (
  callback: (entries: readonly VisibilityEntry[]) => void,
  options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
) => Observer

export interface VisibilityGuardOptions {
  /** Builds the observer; the browser's IntersectionObserver by default, none without it */
  observer?: ObserverFactory | undefined
  /** Whether entries carry a trustworthy `isVisible` (IntersectionObserver v2) */
  tracksVisibility?: boolean
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** How long the card must stay visible and still; APPROVE_DELAY_MS by default */
  requiredMs?: number
  /** Called whenever readiness flips */
  onChange?: (ready: boolean) => void
}

export interface VisibilityGuard {
  /** Whether visibility is vouched for by the browser (v2), not only assumed */
  readonly tracksVisibility: boolean
  /** Observes the card; the clock starts once it is seen */
  watch(target: Element): void
  /** A new request is shown: the clock starts again */
  restart(): void
  /** The document was hidden or shown (visibilitychange) */
  pageVisible(visible: boolean): void
  ready(): boolean
  stop(): void
}

/** IntersectionObserver v2 is there: entries have `isVisible` and the constructor reads `trackVisibility`. */
export function browserTracksVisibility(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

function browserObserver(): ObserverFactory | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined
  return (callback, options) => new IntersectionObserver(callback, options)
}

/**
 * Where a box is in the frame's document: the visitor scrolling the frame to reach Approve is not
 * a move, the layout changing (the host resizing the frame) is.
 */
function key(box: Box, target: Element | undefined): string {
  const view = target?.ownerDocument?.defaultView
  return `${box.x + (view?.scrollX ?? 0)},${box.y + (view?.scrollY ?? 0)},${box.width},${box.height}`
}

export function createVisibilityGuard(options: VisibilityGuardOptions = {}): VisibilityGuard {
  const factory = 'observer' in options ? options.observer : browserObserver()
  const tracksVisibility =
    Boolean(factory) && (options.tracksVisibility ?? browserTracksVisibility())
  const now = options.now ?? (() => performance.now())
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const requiredMs = options.requiredMs ?? APPROVE_DELAY_MS
  /** When the card was last seen to become visible and still; null while it is not. */
  let since: number | null = null
  let seen = !factory
  let pageShown = true
  let place: string | undefined
  let timer: unknown
  let observer: Observer | undefined
  let target: Element | undefined
  /** Where the card was when the clock started, in the frame's own coordinates */
  let startedAt = ''
  let wasReady = false

  const here = () => (target ? key(target.getBoundingClientRect(), target) : '')
  function ready(): boolean {
    if (since === null) return false
    // A card that moved since the clock started (the IntersectionObserver does not report every
    // move) starts it again.
    if (here() !== startedAt) {
      clock()
      return false
    }
    return now() - since >= requiredMs
  }

  function report() {
    const current = ready()
    if (current !== wasReady) {
      wasReady = current
      options.onChange?.(current)
    }
  }

  function clock() {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
    since = seen && pageShown ? now() : null
    startedAt = here()
    if (since !== null) wake(requiredMs)
    report()
  }

  function wake(ms: number) {
    timer = setTimer(() => {
      timer = undefined
      // Timers may fire a little early by the clock: then wait out the rest.
      const left = since === null ? 0 : since + requiredMs - now()
      if (left > 0) wake(left)
      else report()
    }, ms)
  }

  function onEntries(entries: readonly VisibilityEntry[]) {
    const entry = entries[entries.length - 1]
    if (!entry) return
    const visible = tracksVisibility ? entry.isVisible === true : entry.isIntersecting
    const where = key(entry.boundingClientRect, target)
    const moved = where !== place
    place = where
    if (visible === seen && !moved) return
    seen = visible
    clock()
  }

  return {
    tracksVisibility,
    watch(element) {
      observer?.disconnect()
      target = element
      if (!factory) return clock()
      observer = factory(onEntries, {
        threshold: [0, 0.25, 0.5, 0.75, 1],
        ...(tracksVisibility && { trackVisibility: true, delay: VISIBILITY_DELAY_MS }),
      })
      observer.observe(element)
    },
    restart: clock,
    pageVisible(visible) {
      pageShown = visible
      clock()
    },
    ready,
    stop() {
      observer?.disconnect()
      observer = undefined
      if (timer !== undefined) clearTimer(timer)
      timer = undefined
      since = null
      report()
    },
  }
}
