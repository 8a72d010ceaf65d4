export {
  AppKitAccountButton,
  AppKitButton,
  AppKitNetworkButton,
  ConnectButton,
} from '../buttons/Buttons'
export { AppKitProvider } from '../context'
export { type AppKit, type CreateAppKitOptions, createAppKit } from '../createAppKit'
export {
  useAppKit,
  useAppKitAccount,
  useAppKitActivity,
  useAppKitBalance,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
  useWalletInfo,
} from '../hooks'
export { en as englishMessages, type Messages } from '../messages'
