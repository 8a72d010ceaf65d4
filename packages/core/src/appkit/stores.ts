// The instance's state: one store per part, made once per instance (nothing at module level).
import { createStore, type StoreApi } from 'zustand/vanilla'
import { type CodeFeatures, type FeaturesState, initialFeaturesState } from '../api/features.ts'
import type { AccountState, ChainState, ThemeState } from '../appkitState.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import { DEFAULT_NAME_ZONE } from '../constants/names.ts'
import { DEFAULT_LOCALE, DEFAULT_THEME_MODE } from '../constants.ts'
import { type DirectoryState, initialDirectoryState } from '../directory/directoryState.ts'
import { type EmbeddedState, initialEmbeddedState } from '../embedded/embeddedState.ts'
import { initialNamesState, type NamesState } from '../names/namesState.ts'
import type { CaipNetwork } from '../networks.ts'
import { initialOnrampState, type OnrampState } from '../onramp/onrampState.ts'
import { initialPortfolioState, type PortfolioState } from '../portfolio/portfolioState.ts'
import { initialModalState, type ModalState } from '../router/modal.ts'
import { initialRouterState, type RouterState } from '../router/router.ts'
import { initialSendState, type SendState } from '../send/sendState.ts'
import { initialSIWXState, type SIWXState } from '../siwx/siwx.ts'
import type { RecentWallet } from '../storage/storageEntries.ts'
import { initialSwapState, type SwapState } from '../swap/swapState.ts'
import {
  initialWalletConnectState,
  type WalletConnectState,
} from '../walletConnect/walletConnectState.ts'
import type { AppKitOptions } from './options.ts'

export function createInstanceStores(
  options: AppKitOptions,
  networks: readonly CaipNetwork[],
  initialNetwork: CaipNetwork,
  codeFeatures: CodeFeatures | undefined,
) {
  return {
    modal: createStore<ModalState>(initialModalState),
    router: createStore<RouterState>(initialRouterState) as StoreApi<RouterState>,
    account: createStore<AccountState>(() => ({ status: 'disconnected', balanceLoading: false })),
    chain: createStore<ChainState>(() => ({
      networks,
      activeCaipNetwork: initialNetwork,
      activeNamespace: initialNetwork.chainNamespace,
      unsupported: false,
    })),
    connectors: createStore<{ list: ConnectorInfo[] }>(() => ({ list: [] })),
    /** §3 recent wallets (max 2), filled once the storage has loaded */
    recent: createStore<{ wallets: RecentWallet[] }>(() => ({ wallets: [] })),
    features: createStore<FeaturesState>(() => initialFeaturesState(codeFeatures)),
    directory: createStore<DirectoryState>(initialDirectoryState),
    portfolio: createStore<PortfolioState>(initialPortfolioState),
    walletConnect: createStore<WalletConnectState>(initialWalletConnectState),
    send: createStore<SendState>(initialSendState),
    swap: createStore<SwapState>(initialSwapState),
    onramp: createStore<OnrampState>(initialOnrampState),
    names: createStore<NamesState>(() => initialNamesState(DEFAULT_NAME_ZONE)),
    siwx: createStore<SIWXState>(initialSIWXState),
    embedded: createStore<EmbeddedState>(initialEmbeddedState),
    theme: createStore<ThemeState>(() => ({
      themeMode: options.themeMode ?? DEFAULT_THEME_MODE,
      themeVariables: { ...options.w3mThemeVariables, ...options.themeVariables },
    })),
    /** The language the modal shows (the UI sets it once its texts are in); the frame follows it */
    locale: createStore<{ locale: string }>(() => ({ locale: DEFAULT_LOCALE })),
  }
}

export type InstanceStores = ReturnType<typeof createInstanceStores>

/** AppKit's `basic`: wallets only, no email or social sign-in. */
export function codeFeaturesOf(options: AppKitOptions): CodeFeatures | undefined {
  if (!options.features && !options.remoteFeatures && !options.basic) return undefined
  return {
    ...options.features,
    ...options.remoteFeatures,
    ...(options.basic && { email: false, socials: false as const }),
  }
}
