import { createRoot } from 'react-dom/client'
import { AppKitProvider } from '../context.tsx'
import type { AppKit } from '../createAppKit.ts'
import { Modal } from './Modal.tsx'

/** Renders the modal into an open shadow root on <body>, once per instance. */
export function mountModal(appKit: AppKit) {
  const host = document.createElement('div')
  host.setAttribute('data-latchkey-modal', '')
  document.body.appendChild(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  root.render(
    <AppKitProvider instance={appKit}>
      <Modal />
    </AppKitProvider>,
  )
  return {
    host,
    unmount() {
      root.unmount()
      host.remove()
    },
  }
}
