// An app written against AppKit's documented React API, with only its imports changed to
// @latchkey/*. It shows its own wagmi state, so a test sees what the app sees.
import { WagmiAdapter } from '@latchkey/evm'
import { createAppKit } from '@latchkey/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { useAccount, useSignMessage, WagmiProvider } from 'wagmi'
import { MESSAGE, networks, projectId } from './chain'

const wagmiAdapter = new WagmiAdapter({ networks, projectId })
const queryClient = new QueryClient()

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: {
    name: 'Consumer app',
    description: 'An AppKit app on Latchkey',
    url: window.location.origin,
    icons: [],
  },
  features: { analytics: false },
})

function App() {
  const { address, isConnected } = useAccount()
  const { signMessageAsync } = useSignMessage()
  const [signature, setSignature] = useState('')
  const sign = () =>
    signMessageAsync({ message: MESSAGE }).then(setSignature, (error: Error) =>
      setSignature(`error: ${error.message}`),
    )
  return (
    <main>
      <appkit-button />
      <p data-testid="wagmi-address">{isConnected ? address : 'disconnected'}</p>
      <button type="button" data-testid="sign" disabled={!isConnected} onClick={sign}>
        Sign a message
      </button>
      <p data-testid="signature">{signature}</p>
    </main>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <WagmiProvider config={wagmiAdapter.wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
}
