import { createContext, type ReactNode, useContext } from 'react'
import { type AppKit, getDefaultAppKit } from './createAppKit.ts'

const AppKitContext = createContext<AppKit | undefined>(undefined)

/** Gives a subtree its instance; needed for SSR and for two instances on one page. */
export function AppKitProvider({ instance, children }: { instance: AppKit; children: ReactNode }) {
  return <AppKitContext.Provider value={instance}>{children}</AppKitContext.Provider>
}

export function useAppKitInstance(): AppKit {
  const instance = useContext(AppKitContext) ?? getDefaultAppKit()
  if (!instance) {
    throw new Error(
      'No AppKit instance: call createAppKit() first or wrap the tree in <AppKitProvider>',
    )
  }
  return instance
}
