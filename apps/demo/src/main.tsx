import { createAppKit } from '@latchkey/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import {
  apiUrl,
  bitcoinAdapter,
  excludeWalletIds,
  featuredWalletIds,
  frameUrl,
  legalFromQuery,
  networks,
  projectId,
  relayUrl,
  siwxFromQuery,
  solanaAdapter,
  wagmiAdapter,
} from './config'

const appKit = createAppKit({
  adapters: [wagmiAdapter, solanaAdapter, bitcoinAdapter],
  networks,
  projectId,
  apiUrl,
  relayUrl,
  frameUrl,
  siwx: siwxFromQuery(location.search),
  featuredWalletIds,
  excludeWalletIds,
  metadata: { name: 'Latchkey demo', url: location.origin, description: 'Latchkey local demo' },
  debug: true,
  ...legalFromQuery(location.search),
})

// Handy for poking at the instance from the console and from e2e tests.
;(window as unknown as { appKit: typeof appKit }).appKit = appKit

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
