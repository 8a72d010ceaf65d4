// The same app as AppKit's framework-free @reown/appkit setup: no React code of its own.
import { WagmiAdapter } from '@latchkey/evm'
import { createAppKit } from '@latchkey/react'
import { networks, projectId } from './chain'

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
