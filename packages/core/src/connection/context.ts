import type { StoreApi } from 'zustand/vanilla'
import type { AccountState, AppMetadata, ChainState } from '../appkitState.ts'
import type { DefaultAccountTypes } from '../embedded/accountTypes.ts'
import type { EmbeddedState } from '../embedded/embeddedState.ts'
import type { SetupAlertCode } from '../errors.ts'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import type { ModalState } from '../router/modal.ts'
import type { RouterController } from '../router/routerController.ts'
import type { ToastController } from '../router/toast.ts'
import type { SIWXConfig } from '../siwx/siwx.ts'
import type { AppKitStorage } from '../storage/storage.ts'
import type { RecentWallet } from '../storage/storageEntries.ts'
import type { WalletConnectState } from '../walletConnect/walletConnectState.ts'
import type { ChainAdapter, ConnectorInfo } from './adapter.ts'

/** What the connection controller is given by the instance (appkit.ts). */
export interface ConnectionContext {
  adapters: readonly ChainAdapter[]
  networks: readonly CaipNetwork[]
  projectId: string
  relayUrl?: string
  /** The embedded wallet's frame site */
  frameUrl: string
  sdkVersion: string
  sdkType: string
  metadata?: AppMetadata
  /** §7 APP_SYNC_THEME: the frame's cards follow the modal's theme, and its language (ours) */
  theme(): {
    themeMode: 'dark' | 'light'
    themeVariables: Record<string, string | number>
    locale?: string
  }
  /** §4 With sign-in on, WalletConnect pairings sign in too (one-click auth) */
  siwx?: SIWXConfig
  /** §3 defaultAccountTypes option (see accountTypes.ts) */
  defaultAccountTypes?: DefaultAccountTypes
  /** AppKit's option: a wallet on a network the app does not list is not sent to UnsupportedChain */
  allowUnsupportedChain?: boolean
  /** AppKit's option: false leaves a returning visitor disconnected (nothing reconnects) */
  enableReconnect?: boolean
  debug?: boolean
  isMobile(): boolean
  stores: {
    modal: StoreApi<ModalState>
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    connectors: StoreApi<{ list: ConnectorInfo[] }>
    recent: StoreApi<{ wallets: RecentWallet[] }>
    walletConnect: StoreApi<WalletConnectState>
    embedded: StoreApi<EmbeddedState>
  }
  /** §2 ApproveTransaction: the frame asks the visitor; the modal shows it, then hides it */
  approval: { start(): void; end(): void }
  storage: AppKitStorage
  router: RouterController
  toast: ToastController
  track: Track
  log(message: string, detail?: unknown): void
  /** §8 setup alerts and warnings */
  raise(code: SetupAlertCode): void
  /** Whether the page's origin check (origins.ts) found it not allowed */
  originRefused?(): Promise<boolean>
  /** Closes the modal (after a connection, when no sign-in follows) */
  close(): void
}
