// The floor to compare against: React 19 alone, a button that opens a wallet list in a shadow
// root, with the same test hooks as the modal. No Latchkey code.
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { createRoot } from 'react-dom/client'

const host = document.createElement('div')
host.setAttribute('data-latchkey-modal', '')
document.body.appendChild(host)
const shadow = host.attachShadow({ mode: 'open' })

function App() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" data-testid="connect-button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open &&
        createPortal(
          <div role="dialog" aria-modal="true" aria-label="Connect Wallet">
            <button type="button" data-wallet-id="dev.latchkey.bench">
              Bench Wallet
            </button>
          </div>,
          shadow,
        )}
    </>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<App />)
