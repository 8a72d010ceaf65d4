// The same app as AppKit's framework-free @reown/appkit setup: no React code of its own.
import { WagmiAdapter } from '@latchkey/evm'
import { createAppKit } from '@latchkey/react'
import { toHex } from 'viem'
import { MESSAGE, networks, projectId } from './chain'

const modal = createAppKit({
  adapters: [new WagmiAdapter({ networks, projectId })],
  networks,
  projectId,
  enableEmbedded: true,
})

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const address = byTestId('wagmi-address')
const sign = byTestId('sign') as HTMLButtonElement | null
const signature = byTestId('signature')

modal.subscribeAccount((account) => {
  if (address) address.textContent = account.isConnected ? (account.address ?? '') : 'disconnected'
})

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
}

// AppKit's way without React: the wallet's own EIP-1193 provider, signed through directly.
modal.subscribeProviders((providers) => {
  if (sign) sign.disabled = !providers.eip155
})
sign?.addEventListener('click', async () => {
  const provider = modal.getWalletProvider() as Eip1193 | undefined
  const from = modal.getAddress()
  if (!provider || !from || !signature) return
  const message = toHex(MESSAGE)
  signature.textContent = String(
    await provider.request({ method: 'personal_sign', params: [message, from] }),
  )
  signature.dataset.provider = modal.getWalletProviderType() ?? ''
})
