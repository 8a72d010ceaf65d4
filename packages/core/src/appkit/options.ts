// The options createAppKit takes (AppKit's names, and Latchkey's own), and which networks of
// them are usable.

import type { CodeFeatures } from '../api/features.ts'
import type { AppKitCompatOptions } from '../appkitOptions.ts'
import type { AppMetadata, ThemeMode, ThemeVariables } from '../appkitState.ts'
import { parseCaipNetworkId } from '../caip.ts'
import type { ChainAdapter } from '../connection/adapter.ts'
import type { CoinbasePreference } from '../connection/coinbasePreference.ts'
import type { DefaultAccountTypes } from '../embedded/accountTypes.ts'
import type { CaipNetwork } from '../networks.ts'
import type { SIWXConfig } from '../siwx/siwx.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'

export interface AppKitOptions extends AppKitCompatOptions {
  adapters?: ChainAdapter[]
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork?: CaipNetwork
  projectId: string
  metadata?: AppMetadata
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** §3 AppKit's name for the `--w3m-*` theme variables; `themeVariables` wins where both set one */
  w3mThemeVariables?: ThemeVariables
  /** §2 The modal sits in the page: closing shows Account when connected. */
  enableEmbedded?: boolean
  /** §2 The app controls WalletConnect itself: opening shows ConnectingWalletConnectBasic. */
  manualWCControl?: boolean
  sdkType?: string
  sdkVersion?: string
  /** Where the instance keeps §3 storage entries; localStorage in a browser, nothing on a server. */
  storage?: KeyValueStorage
  /** §7 Wallet/config service; DEFAULT_API_URL (the local stack's server) when unset. */
  apiUrl?: string
  /** §2 Shown first on Connect, in this order (at most FEATURED_WALLETS_COUNT). */
  featuredWalletIds?: string[]
  /** §2 When set, the wallet directory shows only these wallets. */
  includeWalletIds?: string[]
  /** §2 Never shown by the wallet directory. */
  excludeWalletIds?: string[]
  /** §4 Sign-In with X: a storage provider (LocalSIWX, ServerSIWX or the app's own) */
  siwx?: SIWXConfig
  /** Features set in code; they win over the remote config (see resolveFeatures). */
  features?: CodeFeatures
  /**
   * §3 AppKit's split of the same settings (email, socials, emailCapture, swaps, onramp,
   * activity): set in code, they win over the remote config like `features`, and over `features`.
   */
  remoteFeatures?: CodeFeatures
  /**
   * §3 The account type an email or social wallet starts with, per namespace:
   * `{ eip155?: 'eoa' | 'smartAccount', solana?: 'eoa' }`. The visitor's stored choice wins over
   * it; without either it is 'eoa'. There are no smart accounts yet: 'smartAccount' logs a
   * warning once and the wallet uses its EOA.
   */
  defaultAccountTypes?: DefaultAccountTypes
  /**
   * §3 Which Coinbase wallets are offered: 'all' (default), 'eoaOnly', or 'smartWalletOnly'
   * (Coinbase's cloud smart wallet, not part of Latchkey: the extension is then not listed).
   */
  coinbasePreference?: CoinbasePreference
  relayUrl?: string
  /** The embedded wallet's frame site (its own origin); DEFAULT_FRAME_URL (the local stack's) when unset */
  frameUrl?: string
  analyticsUrl?: string
  debug?: boolean
}

/** The networks whose CAIP id parses; each other one is logged and left out. */
export function validNetworks(networks: readonly CaipNetwork[], log: (m: string) => void) {
  return networks.filter((network) => {
    try {
      parseCaipNetworkId(network.caipNetworkId)
      return true
    } catch (error) {
      log((error as Error).message)
      return false
    }
  })
}
