'use client'

import { AppKitProvider, useAppKitNetwork } from '@latchkey/react'
import { localChain, networks, otherChain, projectId } from '../../config'

function Name() {
  const { caipNetworkId } = useAppKitNetwork()
  return <p data-testid="provider-network">{caipNetworkId}</p>
}

export function NetworkName({ other }: { other: boolean }) {
  return (
    <AppKitProvider
      networks={networks}
      defaultNetwork={other ? otherChain : localChain}
      projectId={projectId}
    >
      <Name />
    </AppKitProvider>
  )
}
