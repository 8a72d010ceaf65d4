// Test support only: nothing in the library imports this module.
import { vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AppKitEventName } from '../events.ts'
import { type CaipNetwork, localChainA, localChainB } from '../networks.ts'
import { initialRouterState } from '../router/router.ts'
import { createRouterController } from '../router/routerController.ts'
import { createToastController } from '../router/toast.ts'
import { initialSIWXState, type SIWXConfig } from '../siwx/siwx.ts'
import { createSIWXFlow } from '../siwx/siwxFlow.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'

export const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * The SIWX flow with the real stores, router, toast and storage, and a wallet engine that signs
 * with `signMessage` (or whatever `loadEngine` gives).
 */
export function siwxSetup(
  siwx: SIWXConfig,
  network: CaipNetwork = localChainA,
  loadEngine?: () => Promise<unknown>,
  storage: KeyValueStorage = new MemoryStorage(),
) {
  vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address,
    caipAddress: `${network.caipNetworkId}:${address}`,
    namespace: 'eip155',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [localChainA, localChainB],
    activeCaipNetwork: network,
    activeNamespace: 'eip155',
    unsupported: false,
  }))
  const siwxStore = createStore(initialSIWXState)
  const router = createRouterController(createStore(initialRouterState), {
    isConnected: () => true,
    close: () => {},
  })
  const events: AppKitEventName[] = []
  const tracked: [AppKitEventName, unknown][] = []
  const toast = createToastController()
  const signMessage = vi.fn(async (message: string) => `signed:${message.length}`)
  const log = vi.fn()
  const deps = {
    emailCapture: vi.fn(() => false),
    saveEmail: vi.fn(async (_email: string, _caipAddress: string) => {}),
    open: vi.fn(),
    close: vi.fn(),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async (_network: CaipNetwork) => {}),
  }
  const flow = createSIWXFlow({
    siwx,
    stores: { account, chain, siwx: siwxStore },
    router,
    storage,
    loadEngine: (() => (loadEngine ? loadEngine() : Promise.resolve({ signMessage }))) as never,
    toast,
    track: (event: AppKitEventName, properties?: Record<string, unknown>) => {
      events.push(event)
      tracked.push([event, properties])
    },
    log,
    ...deps,
  })
  return {
    flow,
    deps,
    events,
    tracked,
    signMessage,
    siwxStore,
    storage,
    toast,
    chain,
    log,
    account,
    router,
  }
}
