import type { DEFAULT_WALLET_FEATURE_ORDER } from '@latchkey/core/constants'
import type { ViewName } from '@latchkey/core/router'

export type WalletFeature = (typeof DEFAULT_WALLET_FEATURE_ORDER)[number]

/** The views this release renders; `open({ view })` with another one is refused and logged. */
export const BUILT_VIEWS: readonly ViewName[] = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'Account',
  'Networks',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'Receive',
  'SIWXSignMessage',
  'DataCapture',
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletSendResult',
]

/** §1 Wallet features this release has a view for; the others are not shown yet. */
export const BUILT_WALLET_FEATURES: readonly WalletFeature[] = ['receive', 'send']
