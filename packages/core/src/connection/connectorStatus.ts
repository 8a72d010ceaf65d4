import type { AccountState } from '../appkitState.ts'

/** §3 Connector status; 'connecting' while the visitor is being connected through it */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected' | 'connecting'

/**
 * 'active': the connector of the active namespace's connection; 'connected': it holds the
 * connection of another namespace; 'connecting' while the modal connects through it.
 */
export function connectorStatus(connectorId: string, account: AccountState): ConnectorStatus {
  if (account.connectorId === connectorId) {
    if (account.status === 'connected') return 'active'
    if (account.status === 'connecting' || account.status === 'reconnecting') return 'connecting'
  }
  const holds = Object.entries(account.connections ?? {}).some(
    ([namespace, connection]) =>
      namespace !== account.namespace && connection?.connectorId === connectorId,
  )
  return holds && account.status === 'connected' ? 'connected' : 'disconnected'
}
