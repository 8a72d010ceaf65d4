import { type ReactNode, useEffect, useState } from 'react'
import { type AppKit, type CreateAppKitOptions, createIdleAppKit } from './createAppKit.ts'
import { AppKitContext } from './instance.ts'

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
