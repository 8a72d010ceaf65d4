// The instance's state shapes (stores.account, stores.chain, stores.theme) and the app's
// metadata: types only, so controllers import them without importing the instance (appkit.ts).

import type { CaipAddress, ChainNamespace } from './caip.ts'
import type { AccountStatus } from './connection/adapter.ts'
import type { CaipNetwork } from './networks.ts'

export type ThemeMode = 'dark' | 'light'
export type ThemeVariables = Record<string, string | number>

export interface AppMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

export interface Balance {
  formatted: string
  symbol: string
  caipAddress: CaipAddress
  fetchedAt: number
}

/** §3 A namespace's connection: its wallet, account and chain. */
export interface NamespaceConnection {
  address: string
  chainId: number | string
  connectorId?: string
  /** A WalletConnect wallet's own name and icon */
  peerWallet?: { name: string; icon?: string }
}

export interface AccountState {
  status: AccountStatus
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  namespace?: ChainNamespace
  /** §3 Every connected namespace's connection (the active one is the account above) */
  connections?: Partial<Record<ChainNamespace, NamespaceConnection>>
  /** The wallet at the other end of a WalletConnect session, as it describes itself */
  peerWallet?: { name: string; icon?: string }
  balance?: Balance
  balanceLoading: boolean
  balanceError?: string
  /** Set when the last connect attempt failed; the connecting view shows it with a retry. */
  connectError?: { rejected: boolean; message: string }
  switchError?: string
}

export interface ChainState {
  networks: readonly CaipNetwork[]
  activeCaipNetwork: CaipNetwork
  activeNamespace: ChainNamespace
  /** The wallet is on a chain the app does not list. */
  unsupported: boolean
}

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}
