import type { ViewName } from '@latchkey/core/router'
import { type ComponentType, lazy } from 'react'
import type { BuiltView } from '../builtViews'

type ViewModule = { default: ComponentType }

/** The views built so far, each its own chunk. */
type Loader = () => Promise<ViewModule>
const builtLoaders = {
  Connect: () => import('./Connect'),
  AllWallets: () => import('./AllWallets'),
  ConnectingExternal: () => import('./ConnectingExternal'),
  ConnectingWalletConnect: () => import('./ConnectingWalletConnect'),
  ConnectingWalletConnectBasic: () => import('./ConnectingWalletConnectBasic'),
  Account: () => import('./Account'),
  Networks: () => import('./Networks'),
  SwitchNetwork: () => import('./SwitchNetwork'),
  SwitchActiveChain: () => import('./SwitchActiveChain'),
  UnsupportedChain: () => import('./UnsupportedChain'),
  Receive: () => import('./Receive'),
  SIWXSignMessage: () => import('./SIWXSignMessage'),
  DataCapture: () => import('./DataCapture'),
  EmailLogin: () => import('./EmailLogin'),
  UpdateEmailWallet: () => import('./UpdateEmailWallet'),
  ProfileWallets: () => import('./ProfileWallets'),
  ApproveTransaction: () => import('./ApproveTransaction'),
  WalletSend: () => import('./WalletSend'),
  WalletSendSelectToken: () => import('./WalletSendSelectToken'),
  WalletSendPreview: () => import('./WalletSendPreview'),
  WalletSendResult: () => import('./WalletSendResult'),
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
  const ready = loaded.get(name)
  if (ready) return ready
  const loader = loaders[name]
  if (!loader) return undefined
  let view = lazyViews.get(name)
  if (!view) {
    view = lazy(() => load(name, loader))
    lazyViews.set(name, view)
  }
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
