// Everything Latchkey's own packages (react, evm, solana, server) take from core. Not public API:
// it follows the packages' versions, not semver. See docs/packages.md.

export * from '../accounts.ts'
export * from '../accountTypes.ts'
export * from '../adapter.ts'
export * from '../address.ts'
export * from '../alerts.ts'
export * from '../api.ts'
export * from '../appkit/browser.ts'
export * from '../appkit/options.ts'
export * from '../appkit.ts'
export * from '../appkitOptions.ts'
export * from '../appkitState.ts'
export * from '../base58.ts'
export * from '../caip.ts'
export * from '../coinbasePreference.ts'
export * from '../connectLayout.ts'
export * from '../connectorStatus.ts'
export * from '../constants.ts'
export * from '../deepLink.ts'
export * from '../directoryState.ts'
export { ProviderNotFoundError, ProviderRpcError } from '../eip1193.ts'
export * from '../email.ts'
export * from '../embeddedAccounts.ts'
export * from '../embeddedProvider.ts'
export * from '../embeddedSolana.ts'
export * from '../embeddedSolanaHandle.ts'
export * from '../embeddedSolanaRegistration.ts'
export * from '../embeddedState.ts'
export * from '../embeddedWallet.ts'
export * from '../errors.ts'
export * from '../events.ts'
export * from '../features.ts'
export * from '../format.ts'
export * from '../imageOptions.ts'
export * from '../memoryStorage.ts'
export * from '../modal.ts'
export * from '../openOptions.ts'
export * from '../portfolioState.ts'
export * from '../router.ts'
export * from '../send.ts'
export * from '../sendAmount.ts'
export * from '../sendState.ts'
export * from '../serviceUrls.ts'
export * from '../siwx.ts'
export * from '../siwxLocal.ts'
export * from '../siwxMessage.ts'
export * from '../siwxServer.ts'
export * from '../storage.ts'
export type {
  AccountType,
  ConnectionStatus,
  DeepLinkChoice,
  LatestKitVersion,
  RecentWallet,
  SocialProvider,
  StorageLog,
  StoredConnection,
} from '../storageEntries.ts'
export * from '../storageKeys.ts'
export * from '../telegram.ts'
export * from '../toast.ts'
export * from '../walletConnectState.ts'
