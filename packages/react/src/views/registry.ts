import type { ViewName } from '@latchkey/core/router'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type View = LazyExoticComponent<ComponentType>

/** The views built so far, each a lazy chunk. */
export const views: Partial<Record<ViewName, View>> = {
  Connect: lazy(() => import('./Connect')),
  ConnectingExternal: lazy(() => import('./ConnectingExternal')),
  Account: lazy(() => import('./Account')),
  Networks: lazy(() => import('./Networks')),
  SwitchNetwork: lazy(() => import('./SwitchNetwork')),
  UnsupportedChain: lazy(() => import('./UnsupportedChain')),
}

/** Fetches every view chunk so the first open shows without waiting. */
export function preloadViews() {
  return Promise.all([
    import('./Connect'),
    import('./ConnectingExternal'),
    import('./Account'),
    import('./Networks'),
    import('./SwitchNetwork'),
    import('./UnsupportedChain'),
  ])
}
