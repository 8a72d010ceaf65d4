// @vitest-environment jsdom
// After a reload both namespaces' wallets reconnect, reporting back in any order; a wallet may
// blink 'disconnected' while its library rehydrates. The namespace active before the reload must
// be active again once they are all back.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppKitCore } from './appkit.ts'
import type { ChainNamespace } from './caip.ts'
import type { AccountSnapshot, AdapterEngine, ChainAdapter } from './connection/adapter.ts'
import { defineNetwork, localChainA } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'
import { createAppKitStorage } from './storage/storage.ts'

const localSol = defineNetwork({
  id: 'local',
  chainNamespace: 'solana',
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})
const EVM = '0x1111111111111111111111111111111111111111'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function adapter(
  namespace: ChainNamespace,
  reconnect: (emit: (s: AccountSnapshot) => void) => Promise<boolean>,
) {
  let emit: (s: AccountSnapshot) => void = () => {}
  const engine = {
    connect: vi.fn(),
    reconnect: vi.fn(() => reconnect((s) => emit(s))),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
    getBalance: vi.fn(async () => ({ value: 0n, decimals: 18, symbol: 'ETH' })),
    watchAccount: vi.fn((onChange: (s: AccountSnapshot) => void) => {
      emit = onChange
      return () => {}
    }),
    getProvider: vi.fn(() => undefined),
    sendTransfer: vi.fn(),
    signMessage: vi.fn(),
  } as unknown as AdapterEngine
  return { namespace, watchConnectors: () => () => {}, load: async () => engine } as ChainAdapter
}

const cores: ReturnType<typeof createAppKitCore>[] = []
afterEach(() => {
  for (const core of cores.splice(0)) core.destroy()
})
vi.spyOn(console, 'error').mockImplementation(() => {})

/** What the page stored before the reload: both wallets connected, EVM the active one. */
function storedConnections() {
  const backend = new MemoryStorage()
  const stored = createAppKitStorage(backend, () => {})
  stored.setConnectedConnectorId('eip155', 'evm-wallet')
  stored.setConnectedConnectorId('solana', 'sol-wallet')
  stored.setActiveNamespace('eip155')
  return backend
}

/** The page after the reload: a new instance over that storage, started. */
function startAfterReload(backend: MemoryStorage, adapters: ChainAdapter[]) {
  const core = createAppKitCore({
    networks: [localChainA, localSol],
    projectId: 'p',
    storage: backend,
    apiUrl: 'http://127.0.0.1:1',
    adapters,
  })
  cores.push(core)
  core.start()
  return core
}

describe('the active namespace after a reload', () => {
  it('is the one active before, even when its wallet blinked disconnected while the other came back', async () => {
    const backend = storedConnections()
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
    let evmReconnected = false
    const evm = adapter('eip155', async (emit) => {
      emit({ status: 'connected', address: EVM, chainId: 31337 })
      await tick()
      emit({ status: 'disconnected' })
      await tick()
      await tick()
      emit({ status: 'connected', address: EVM, chainId: 31337 })
      evmReconnected = true
      return true
    })
    const sol = adapter('solana', async (emit) => {
      await tick()
      await tick()
      emit({ status: 'connected', address: SOL, chainId: 'local' })
      return true
    })
    const core = startAfterReload(backend, [evm, sol])
    // Both wallets back, every reconnect settled (the adapters' ticks are 5 ms each).
    await vi.waitFor(
      () =>
        expect(Object.keys(core.stores.account.getState().connections ?? {}).sort()).toEqual([
          'eip155',
          'solana',
        ]),
      { timeout: 5_000 },
    )
    await vi.waitFor(() => expect(evmReconnected).toBe(true), { timeout: 5_000 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(core.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      address: EVM,
    })
  })

  it('takes the lead again when its wallet blinks after every reconnect settled and the other reports in meanwhile', async () => {
    const backend = storedConnections()
    const emits: Partial<Record<ChainNamespace, (s: AccountSnapshot) => void>> = {}
    const evm = adapter('eip155', async (emit) => {
      emits.eip155 = emit
      emit({ status: 'connected', address: EVM, chainId: 31337 })
      return true
    })
    // The embedded Solana account reports in later than its reconnect settles.
    const sol = adapter('solana', async (emit) => {
      emits.solana = emit
      return true
    })
    const core = startAfterReload(backend, [evm, sol])
    await vi.waitFor(() => expect(core.stores.account.getState().namespace).toBe('eip155'), {
      timeout: 5_000,
    })
    await vi.waitFor(() => expect(emits.solana).toBeDefined(), { timeout: 5_000 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The app's WagmiProvider reconnects on mount: the EVM wallet blinks, Solana reports in.
    emits.eip155?.({ status: 'disconnected' })
    emits.solana?.({ status: 'connected', address: SOL, chainId: 'local' })
    emits.eip155?.({ status: 'connected', address: EVM, chainId: 31337 })
    expect(core.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      address: EVM,
    })
  })
})
