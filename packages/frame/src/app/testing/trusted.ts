// Test support: events as the browser makes them for the person's own click or key press.
// Script-made events are untrusted (dispatchEvent clears the flag, in jsdom as in browsers), so
// this dispatches through jsdom's own internal path, the one it uses for events it fires itself.

interface Impl {
  isTrusted: boolean
  _dispatch(event: Impl): boolean
}

function impl(wrapper: object): Impl {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl')
  if (!symbol) throw new Error('not a jsdom object')
  return (wrapper as Record<symbol, Impl>)[symbol] as Impl
}

/** Dispatches `event` at `target` with `isTrusted` true. */
export function dispatchTrusted(target: EventTarget, event: Event): void {
  const eventImpl = impl(event)
  eventImpl.isTrusted = true
  impl(target)._dispatch(eventImpl)
}

/** A trusted click, as the visitor's own */
export const trustedClick = (target: EventTarget | null | undefined) => {
  if (!target) throw new Error('nothing to click')
  dispatchTrusted(target, new MouseEvent('click', { bubbles: true, cancelable: true }))
}

/** A trusted key press on the document */
export const trustedKey = (doc: Document, key: string) =>
  dispatchTrusted(doc, new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
