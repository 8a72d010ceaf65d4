// Which instance a component or hook uses: the one its AppKitProvider (or the modal) gives,
// else the page's default instance (the last createAppKit() in this window), else on a server
// a fresh inert one from the app's options. Views import this module, never createAppKit.ts:
// that one loads the modal and its views lazily, and must not be reached back from them.
import { createContext, useContext, useState } from 'react'
import type { AppKit } from './createAppKit.ts'

export const AppKitContext = createContext<AppKit | undefined>(undefined)

const DEFAULT_INSTANCE = Symbol.for('latchkey.appkit.default')

type WindowWithDefault = Window & { [DEFAULT_INSTANCE]?: AppKit }

/**
 * The instance created last in this window: what hooks outside an AppKitProvider and the
 * `<appkit-*>` elements use. It lives on the window, never at module level, so SSR requests
 * and two copies of the library never share it.
 */
export function getDefaultAppKit(): AppKit | undefined {
  return typeof window === 'undefined' ? undefined : (window as WindowWithDefault)[DEFAULT_INSTANCE]
}

export function setDefaultAppKit(appKit: AppKit) {
  ;(window as WindowWithDefault)[DEFAULT_INSTANCE] = appKit
}

/** The page forgets `appKit` as its default instance (if it still is). */
export function forgetDefaultAppKit(appKit: AppKit) {
  if (getDefaultAppKit() === appKit) delete (window as WindowWithDefault)[DEFAULT_INSTANCE]
}

/**
 * On a server: how to make an instance from the options of the last createAppKit() call,
 * configuration only. A hook rendered there outside an AppKitProvider gets a fresh,
 * never-started instance from it, so no visitor's state is ever shared between requests.
 */
let serverInstanceFactory: (() => AppKit) | undefined

export function setServerInstanceFactory(make: () => AppKit) {
  serverInstanceFactory = make
}

export function useAppKitInstance(): AppKit {
  const context = useContext(AppKitContext)
  // Server rendering without a provider (AppKit's usual setup): a fresh inert instance per
  // component, from the app's options: the initial state, never another request's.
  const [serverInstance] = useState(() =>
    context || typeof window !== 'undefined' ? undefined : serverInstanceFactory?.(),
  )
  const instance = context ?? getDefaultAppKit() ?? serverInstance
  if (!instance) {
    throw new Error(
      'No AppKit instance: call createAppKit() first or wrap the tree in <AppKitProvider>',
    )
  }
  return instance
}
