import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import {
  type AppKit,
  type CreateAppKitOptions,
  createIdleAppKit,
  getDefaultAppKit,
  serverRenderInstance,
} from './createAppKit.ts'

const AppKitContext = createContext<AppKit | undefined>(undefined)

/** An instance made with createAppKit(), or createAppKit's options (AppKit's provider). */
export type AppKitProviderProps =
  | { instance: AppKit; children: ReactNode }
  | (CreateAppKitOptions & { instance?: undefined; children: ReactNode })

/**
 * Gives a subtree its instance; needed for SSR and for two instances on one page. Given options
 * instead of an instance, it creates one on its first render and keeps it: later changes to the
 * options are not applied (as with AppKit's provider).
 */
export function AppKitProvider(props: AppKitProviderProps) {
  const [instance] = useState<AppKit>(() => {
    if (props.instance) return props.instance
    const { children: _children, instance: _none, ...options } = props
    return createIdleAppKit(options)
  })
  // Started after render: under StrictMode React renders twice and keeps one instance.
  useEffect(() => instance.start(), [instance])
  return (
    <AppKitContext.Provider value={props.instance ?? instance}>
      {props.children}
    </AppKitContext.Provider>
  )
}

export function useAppKitInstance(): AppKit {
  const context = useContext(AppKitContext)
  // Server rendering without a provider (AppKit's usual setup): a fresh inert instance per
  // component, from the app's options: the initial state, never another request's.
  const [serverInstance] = useState(() =>
    context || typeof window !== 'undefined' ? undefined : serverRenderInstance(),
  )
  const instance = context ?? getDefaultAppKit() ?? serverInstance
  if (!instance) {
    throw new Error(
      'No AppKit instance: call createAppKit() first or wrap the tree in <AppKitProvider>',
    )
  }
  return instance
}
