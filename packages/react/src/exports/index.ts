export type { Account, AccountKind } from '@latchkey/core/accounts'
export type { ConnectorInfo } from '@latchkey/core/adapter'
export type { CaipAddress, CaipNetworkId, ChainNamespace } from '@latchkey/core/caip'
export type { ConnectorStatus } from '@latchkey/core/connectorStatus'
export type { AppKitNetwork, CaipNetwork } from '@latchkey/core/networks'
export type { SIWXMessageData } from '@latchkey/core/siwxMessage'
export {
  AppKitAccountButton,
  AppKitButton,
  AppKitNetworkButton,
  ConnectButton,
} from '../buttons/Buttons'
export { AppKitProvider } from '../context'
export { type AppKit, type CreateAppKitOptions, createAppKit } from '../createAppKit'
export {
  type FetchBalanceResult,
  useAppKit,
  useAppKitAccount,
  useAppKitActivity,
  useAppKitBalance,
  useAppKitConnectors,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useAppKitTokens,
  useDisconnect,
  useWalletInfo,
} from '../hooks'
export { en as englishMessages, type Messages } from '../messages'
