import type { DEFAULT_WALLET_FEATURE_ORDER, ViewName } from '@latchkey/core/internal'

export type WalletFeature = (typeof DEFAULT_WALLET_FEATURE_ORDER)[number]

/**
 * The views this release renders; `open({ view })` with another one is refused and logged. The
 * view registry is typed by this list, so a view with a chunk but no entry (or the reverse)
 * fails the type check.
 */
export const BUILT_VIEWS = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
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
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'ApproveTransaction',
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'OnRampProviders',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'BuyInProgress',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
] as const satisfies readonly ViewName[]

export type BuiltView = (typeof BUILT_VIEWS)[number]

export function isBuiltView(view: ViewName): view is BuiltView {
  return (BUILT_VIEWS as readonly ViewName[]).includes(view)
}

/** §1 Wallet features this release has a view for; the others are not shown yet. */
export const BUILT_WALLET_FEATURES: readonly WalletFeature[] = [
  'onramp',
  'swaps',
  'receive',
  'send',
]
