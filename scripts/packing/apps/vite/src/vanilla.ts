// The same app as AppKit's framework-free @reown/appkit setup: no React code of its own.
import { WagmiAdapter } from '@latchkey/evm'
import { createAppKit } from '@latchkey/react'
import { type AppKitNetwork, defineChain } from '@latchkey/react/networks'

const localChain = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL] } },
})
const networks: [AppKitNetwork, ...AppKitNetwork[]] = [localChain]
const projectId = import.meta.env.VITE_PROJECT_ID

const modal = createAppKit({
  adapters: [new WagmiAdapter({ networks, projectId })],
  networks,
  projectId,
  enableEmbedded: true,
})

const address = document.querySelector('[data-testid="wagmi-address"]')
modal.subscribeAccount((account) => {
  if (address) address.textContent = account.isConnected ? (account.address ?? '') : 'disconnected'
})
