import type { ViewName } from '@latchkey/core/internal'
import { type ComponentType, lazy } from 'react'
import type { BuiltView } from '../builtViews.ts'

type ViewModule = { default: ComponentType }

/** The views built so far, each its own chunk. */
type Loader = () => Promise<ViewModule>
const builtLoaders = {
  Connect: () => import('./connect/Connect.tsx'),
  AllWallets: () => import('./connect/AllWallets.tsx'),
  ConnectingExternal: () => import('./connect/ConnectingExternal.tsx'),
  ConnectingWalletConnect: () => import('./connect/ConnectingWalletConnect.tsx'),
  ConnectingWalletConnectBasic: () => import('./connect/ConnectingWalletConnectBasic.tsx'),
  ConnectingFarcaster: () => import('./connect/ConnectingFarcaster.tsx'),
  Account: () => import('./account/Account.tsx'),
  Networks: () => import('./networks/Networks.tsx'),
  SwitchNetwork: () => import('./networks/SwitchNetwork.tsx'),
  SwitchActiveChain: () => import('./networks/SwitchActiveChain.tsx'),
  UnsupportedChain: () => import('./networks/UnsupportedChain.tsx'),
  Receive: () => import('./account/Receive.tsx'),
  SIWXSignMessage: () => import('./siwx/SIWXSignMessage.tsx'),
  DataCapture: () => import('./embedded/DataCapture.tsx'),
  EmailLogin: () => import('./embedded/EmailLogin.tsx'),
  UpdateEmailWallet: () => import('./embedded/UpdateEmailWallet.tsx'),
  ProfileWallets: () => import('./account/ProfileWallets.tsx'),
  ApproveTransaction: () => import('./embedded/ApproveTransaction.tsx'),
  WalletSend: () => import('./send/WalletSend.tsx'),
  WalletSendSelectToken: () => import('./send/WalletSendSelectToken.tsx'),
  WalletSendPreview: () => import('./send/WalletSendPreview.tsx'),
  WalletSendResult: () => import('./send/WalletSendResult.tsx'),
  Swap: () => import('./swap/Swap.tsx'),
  SwapSelectToken: () => import('./swap/SwapSelectToken.tsx'),
  SwapPreview: () => import('./swap/SwapPreview.tsx'),
  OnRampProviders: () => import('./onramp/OnRampProviders.tsx'),
  OnRampTokenSelect: () => import('./onramp/OnRampTokenSelect.tsx'),
  OnRampFiatSelect: () => import('./onramp/OnRampFiatSelect.tsx'),
  BuyInProgress: () => import('./onramp/BuyInProgress.tsx'),
  RegisterAccountName: () => import('./names/RegisterAccountName.tsx'),
  RegisterAccountNameSuccess: () => import('./names/RegisterAccountNameSuccess.tsx'),
} satisfies Record<BuiltView, Loader>
const loaders: Partial<Record<ViewName, Loader>> = builtLoaders

// Loaded code, not state: the same for every instance, like the module cache it mirrors.
const loaded = new Map<ViewName, ComponentType>()
const lazyViews = new Map<ViewName, ComponentType>()

function load(name: ViewName, loader: () => Promise<ViewModule>) {
  return loader().then((module) => {
    loaded.set(name, module.default)
    return module
  })
}

/**
 * A preloaded view renders at once; React would otherwise show the Suspense fallback for at
 * least 300 ms even when the chunk is already in the module cache.
 */
export function viewComponent(name: ViewName): ComponentType | undefined {
  // A view that first rendered through its lazy wrapper keeps it: were the loaded component
  // returned on the next render (a theme or language change), React would see another type and
  // mount the view anew, losing what it held (a passkey sign-in under way, a form's input).
  const ready = lazyViews.get(name) ?? loaded.get(name)
  if (ready) return ready
  const loader = loaders[name]
  if (!loader) return undefined
  const view = lazy(() => load(name, loader))
  lazyViews.set(name, view)
  return view
}

/**
 * Fetches every view chunk so the first open shows without waiting. A chunk that fails to
 * preload is not an error: rendering the view loads it again through React.lazy.
 */
export function preloadViews() {
  return Promise.all(
    Object.entries(loaders).map(([name, loader]) =>
      load(name as ViewName, loader).catch(() => undefined),
    ),
  )
}
