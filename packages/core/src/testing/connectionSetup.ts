// Test support only: an instance with one scripted EVM wallet (see scriptedAdapter.ts), the
// connector list showing MetaMask, and no data API, for the connection controller's tests.

import type { AppKitOptions } from '../appkit/options.ts'
import { createAppKitCore } from '../appkit.ts'
import type { AccountSnapshot } from '../connection/adapter.ts'
import type { AppKitEvent } from '../events.ts'
import { localChainA, localChainB } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { scriptedAdapter } from './scriptedAdapter.ts'

type ScriptedEngine = ReturnType<typeof scriptedAdapter>['engine']

export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const OTHER = '0x2222222222222222222222222222222222222222'
export const METAMASK = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED' as const,
  chain: 'eip155' as const,
  rdns: 'io.metamask',
  imageUrl: 'data:image/svg+xml,<svg/>',
}

export const PHANTOM = {
  id: 'phantom',
  name: 'Phantom',
  type: 'ANNOUNCED' as const,
  chain: 'solana' as const,
  imageUrl: 'data:image/svg+xml,<svg/>',
}

const kits: ReturnType<typeof createAppKitCore>[] = []
/** Ends every instance setup() made (call it after each test). */
export function destroyKits() {
  for (const kit of kits.splice(0)) kit.destroy()
}

/** Reports a scripted wallet's account change to whoever watches its engine. */
export const walletReportsOf =
  (engine: ScriptedEngine) =>
  (snapshot: AccountSnapshot): void => {
    for (const [listener] of engine.watchAccount.mock.calls) listener(snapshot)
  }

export function setup(
  snapshot: AccountSnapshot = { status: 'connected', address: ADDRESS, chainId: 31337 },
  options: Partial<AppKitOptions> = {},
) {
  const backend = (options.storage as MemoryStorage | undefined) ?? new MemoryStorage()
  const { adapter, engine } = scriptedAdapter(snapshot)
  const kit = createAppKitCore({
    networks: [localChainA, localChainB],
    projectId: 'test',
    storage: backend,
    // No data API here: the portfolio falls back to the chain for the native balance.
    apiUrl: 'http://127.0.0.1:1',
    adapters: [adapter],
    ...options,
  })
  kits.push(kit)
  kit.stores.connectors.setState({ list: [METAMASK] })
  const events: AppKitEvent['data'][] = []
  kit.subscribeEvents((event) => events.push(event.data))
  return {
    kit,
    adapter,
    engine,
    /** The wallet's own account changes, as its library reports them (EIP-1193 events). */
    walletReports: walletReportsOf(engine),
    events,
    stored: createAppKitStorage(backend, () => undefined),
    views: () => kit.stores.router.getState().history.map((route) => route.view),
  }
}

/** An instance already connected to the scripted MetaMask, its events from here on. */
export async function connected(options?: Partial<AppKitOptions>) {
  const s = setup(undefined, options)
  await s.kit.connect(METAMASK.id)
  s.events.length = 0
  return s
}

/** The wallet's refusal (EIP-1193 4001). */
export const userRejection = () =>
  Object.assign(new Error('User rejected the request.'), { code: 4001 })
