export type {
  Account,
  AccountKind,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectorInfo,
  ConnectorStatus,
  SIWXMessageData,
  TokenBalance,
  Transaction,
  TransactionTransfer,
} from '@latchkey/core/internal'
export type { AppKitNetwork, CaipNetwork } from '@latchkey/core/networks'
export { useAppKitSIWX, useAppKitUpdateEmail } from '../accountHooks.ts'
export {
  AppKitAccountButton,
  type AppKitAccountButtonProps,
  AppKitButton,
  type AppKitButtonProps,
  AppKitConnectButton,
  type AppKitConnectButtonProps,
  AppKitNetworkButton,
  type AppKitNetworkButtonProps,
  type ButtonSize,
  ConnectButton,
} from '../buttons/Buttons.tsx'
export type {
  AppKitAccountButtonAttributes,
  AppKitButtonAttributes,
  AppKitConnectButtonAttributes,
  AppKitNetworkButtonAttributes,
} from '../buttons/elementTypes.ts'
export {
  type Connection,
  type ConnectionChange,
  useAppKitConnection,
  useAppKitConnections,
} from '../connectionHooks.ts'
export { AppKitProvider, type AppKitProviderProps } from '../context.tsx'
export { type AppKit, type CreateAppKitOptions, createAppKit } from '../createAppKit.ts'
export { englishMessages } from '../englishMessages.ts'
export {
  type FetchBalanceResult,
  useAppKit,
  useAppKitAccount,
  useAppKitActivity,
  useAppKitBalance,
  useAppKitConnectors,
  useAppKitEvents,
  useAppKitLocale,
  useAppKitNetwork,
  useAppKitNetworkCore,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useAppKitTokens,
  useDisconnect,
  useWalletInfo,
} from '../hooks.ts'
export type { Messages } from '../messages.ts'
export {
  localeName,
  SUPPORTED_LOCALES,
  type SupportedLocale,
} from '../supportedLocales.ts'
export type { WalletProviders } from '../walletProviders.ts'
export type { WalletProviderType } from '../walletProviderType.ts'
export { type FetchWalletsOptions, useAppKitWallets, type WalletItem } from '../walletsHooks.ts'
