'use client'

import { useAppKitAccount, useAppKitNetwork } from '@latchkey/react'
import { useAccount } from 'wagmi'

export default function Home() {
  const { address, isConnected } = useAccount()
  const { status } = useAppKitAccount()
  const { caipNetworkId } = useAppKitNetwork()
  return (
    <main>
      <appkit-button />
      <p data-testid="wagmi-address">{isConnected ? address : 'disconnected'}</p>
      <p data-testid="appkit-status">{status}</p>
      <p data-testid="network">{caipNetworkId}</p>
    </main>
  )
}
