import {
  AUTH_CONNECTOR_ID,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  WALLETCONNECT_CONNECTOR_ID,
} from '@latchkey/core/internal'

/** AppKit's names for where a wallet's provider comes from. */
export type WalletProviderType = 'WALLET_CONNECT' | 'AUTH' | 'INJECTED' | 'ANNOUNCED'

export function walletProviderTypeOf(
  connectorId: string | undefined,
): WalletProviderType | undefined {
  if (!connectorId) return undefined
  if (connectorId === WALLETCONNECT_CONNECTOR_ID) return 'WALLET_CONNECT'
  if (connectorId === AUTH_CONNECTOR_ID || connectorId === EMBEDDED_SOLANA_CONNECTOR_ID)
    return 'AUTH'
  return connectorId === 'injected' ? 'INJECTED' : 'ANNOUNCED'
}
