// minimal-lazy with WalletConnect pointed at a relay (`?relay=ws://…/relay`, else the local
// stack's): its first load must equal minimal-lazy's; the sign client loads on demand.

import { LazyWagmiAdapter } from '@latchkey/evm/lazy'
import { AppKitButton, createAppKit } from '@latchkey/react'
import { localChainA, localChainB } from '@latchkey/react/networks'
import { createRoot } from 'react-dom/client'

const networks = [localChainA, localChainB] as const
const params = new URLSearchParams(location.search)
const projectId = params.get('projectId') ?? 'bench'
const relayUrl = params.get('relay') ?? 'ws://127.0.0.1:8787/relay'

createAppKit({
  adapters: [new LazyWagmiAdapter({ networks, projectId })],
  networks,
  projectId,
  relayUrl,
  apiUrl: params.get('api') ?? undefined,
})

const root = document.getElementById('root')
if (root) createRoot(root).render(<AppKitButton />)
