// The same app with the eager adapter: wagmi core and viem are in the first load.

import { WagmiAdapter } from '@latchkey/evm'
import { AppKitButton, createAppKit } from '@latchkey/react'
import { localChainA, localChainB } from '@latchkey/react/networks'
import { createRoot } from 'react-dom/client'

const networks = [localChainA, localChainB] as const
const projectId = 'bench'

createAppKit({ adapters: [new WagmiAdapter({ networks, projectId })], networks, projectId })

const root = document.getElementById('root')
if (root) createRoot(root).render(<AppKitButton />)
