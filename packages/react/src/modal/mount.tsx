import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { AppKit } from '../createAppKit.ts'
import { AppKitContext } from '../instance.ts'
import { Modal } from './Modal.tsx'

/** AppKit's element for where the modal sits in the page (its legacy name too). */
const PLACED_HOST = 'appkit-modal, w3m-modal'

/**
 * Renders the modal into an open shadow root, once per instance: in the page's `<appkit-modal>`
 * when it has one (inline there with `enableEmbedded`), else on <body>.
 */
export function mountModal(appKit: AppKit) {
  const placed = document.querySelector<HTMLElement>(PLACED_HOST)
  const host = placed?.shadowRoot ? undefined : placed
  const own = host ? undefined : document.createElement('div')
  if (own) {
    own.setAttribute('data-latchkey-modal', '')
    document.body.appendChild(own)
  }
  const target = (host ?? own) as HTMLElement
  // The embedded wallet's cards speak the language shown: core sends it to the frame. Here, in
  // the modal's chunk (mounted soon after start), not in the first load.
  const { localeStore, core } = appKit
  const followLocale = () => core.stores.locale.setState({ locale: localeStore.getState().locale })
  followLocale()
  const stopLocale = localeStore.subscribe(followLocale)
  const root = createRoot(target.attachShadow({ mode: 'open' }))
  // At once (this runs when the page is idle or on open), so no render of it is left pending
  // for `unmount()` to race.
  flushSync(() =>
    root.render(
      <AppKitContext.Provider value={appKit}>
        <Modal inline={Boolean(host) && appKit.core.options.enableEmbedded === true} />
      </AppKitContext.Provider>,
    ),
  )
  return {
    host: target,
    unmount() {
      stopLocale()
      root.unmount()
      own?.remove()
    },
  }
}
