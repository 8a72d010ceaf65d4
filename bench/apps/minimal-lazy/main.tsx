// The smallest Latchkey app: one button, wagmi and viem loaded after first paint.

import { LazyWagmiAdapter } from '@latchkey/evm/lazy'
import { AppKitButton, createAppKit } from '@latchkey/react'
import { localChainA, localChainB } from '@latchkey/react/networks'
import { createRoot } from 'react-dom/client'

const networks = [localChainA, localChainB] as const
const projectId = 'bench'

createAppKit({ adapters: [new LazyWagmiAdapter({ networks, projectId })], networks, projectId })

const root = document.getElementById('root')
if (root) createRoot(root).render(<AppKitButton />)
