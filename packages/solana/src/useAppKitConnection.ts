import { useAppKitConnections, useAppKitNetworkCore } from '@latchkey/react'
import { createSolanaConnection, type SolanaConnection } from './connection.ts'

const connections = new Map<string, SolanaConnection>()

/** One connection per endpoint, shared by every component (as AppKit's one store connection). */
function connectionTo(endpoint: string): SolanaConnection {
  let connection = connections.get(endpoint)
  if (!connection) {
    connection = createSolanaConnection(endpoint)
    connections.set(endpoint, connection)
  }
  return connection
}

/**
 * AppKit's `useAppKitConnection()` of `@reown/appkit-adapter-solana/react`: a connection to the
 * RPC of the Solana network in use — the active network when it is a Solana one, else the
 * connected Solana wallet's network; undefined when there is neither.
 */
export function useAppKitConnection(): { connection: SolanaConnection | undefined } {
  const { caipNetwork } = useAppKitNetworkCore()
  const { connections: live } = useAppKitConnections('solana')
  const network = caipNetwork.chainNamespace === 'solana' ? caipNetwork : live[0]?.caipNetwork
  const endpoint = network?.rpcUrls.default.http[0]
  return { connection: endpoint ? connectionTo(endpoint) : undefined }
}
