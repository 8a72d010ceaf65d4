// The smallest Latchkey app: one button, wagmi and viem loaded after first paint.
import { localChainA, localChainB } from '@latchkey/core/networks'
import { LazyWagmiAdapter } from '@latchkey/evm/lazy'
import { AppKitButton, createAppKit } from '@latchkey/react'
import { createRoot } from 'react-dom/client'

const networks = [localChainA, localChainB] as const
const projectId = 'bench'

createAppKit({ adapters: [new LazyWagmiAdapter({ networks, projectId })], networks, projectId })

const root = document.getElementById('root')
if (root) createRoot(root).render(<AppKitButton />)
