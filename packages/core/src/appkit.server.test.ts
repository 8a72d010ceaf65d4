import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatAlert } from './alerts.ts'
import { resolveFeatures } from './api/features.ts'
import type { AppKitOptions } from './appkit/options.ts'
import { createAppKitCore } from './appkit.ts'
import type { AccountSnapshot, AdapterEngine, ChainAdapter } from './connection/adapter.ts'
import { SetupAlerts } from './errors.ts'
import { localChainA, localChainB } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'
import { DEMO_PROJECT_ID, startRealServer } from './testing/realServer.ts'

// The instance's start(): remote config, origin check and the directory's first load against
// the real server, in a page whose origin the test sets.

let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer()
})

afterAll(async () => {
  await server?.close()
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function startInPage(origin: string, overrides: Partial<AppKitOptions> = {}) {
  vi.stubGlobal('window', { location: { origin } })
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const kit = createAppKitCore({
    networks: [localChainA, localChainB],
    projectId: DEMO_PROJECT_ID,
    apiUrl: server.url,
    storage: new MemoryStorage(),
    ...overrides,
  })
  kit.start()
  return { kit, consoleError }
}

const alertCodes = (kit: ReturnType<typeof createAppKitCore>) =>
  kit.stores.alerts.getState().alerts.map((a) => a.code)

describe('start()', () => {
  it('loads the directory and the remote config; opening never waits for them', async () => {
    const { kit } = startInPage('http://127.0.0.1:5173', {
      // Both add any EVM network, so the demo's local chains keep them.
      featuredWalletIds: ['rainbow', 'coinbase'],
      features: { swaps: false },
    })
    kit.open({ view: 'AllWallets' })
    // Open at once, with nothing loaded yet: the view shows skeletons.
    expect(kit.getState().open).toBe(true)
    expect(kit.stores.directory.getState().pages).toEqual([])
    expect(kit.stores.features.getState().remote).toBe('pending')

    // The demo's local chains: the wallets that add any EVM network (fewer than a page).
    await vi.waitFor(() => expect(kit.stores.directory.getState().count).toBeGreaterThan(0))
    const { count, pages, nextPage } = kit.stores.directory.getState()
    expect(pages).toHaveLength(Math.min(count, 40))
    expect(nextPage).toBe(count > 40 ? 2 : null)
    await vi.waitFor(() => expect(kit.stores.features.getState().remote).toBe('loaded'))
    await vi.waitFor(() => expect(kit.stores.directory.getState().featured).toHaveLength(2))
    expect(kit.stores.directory.getState().featured.map((w) => w.id)).toEqual([
      'rainbow',
      'coinbase',
    ])
    // Code wins over the remote config; the remote config turns off what the server lacks
    // (this one runs no onramp).
    expect(kit.stores.features.getState().features.swaps).toBe(false)
    expect(kit.stores.features.getState().features.onramp).toBe(false)
    expect(kit.stores.features.getState().features.email).toBe(true)

    await kit.directory.setSearch('rain')
    await vi.waitFor(() =>
      expect(kit.stores.directory.getState().search.results[0]?.name).toBe('Rainbow'),
    )
    // Give the origin check time to answer: an allowed origin raises nothing.
    await (await kit.api()).getOrigins()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(alertCodes(kit)).toEqual([])
    kit.destroy()
  })

  it('raises APKT002 when the page origin is not allowed', async () => {
    const { kit, consoleError } = startInPage('https://not-the-demo.example')
    await vi.waitFor(() => expect(alertCodes(kit)).toContain('APKT002'))
    expect(consoleError).toHaveBeenCalledWith(formatAlert(SetupAlerts.APKT002))
    kit.destroy()
  })

  it('raises APKT007 for an unknown project and keeps code + default features', async () => {
    const { kit } = startInPage('http://127.0.0.1:5173', {
      projectId: 'f'.repeat(32),
      features: { email: false },
    })
    await vi.waitFor(() => expect(kit.stores.features.getState().remote).toBe('failed'))
    expect(alertCodes(kit)).toContain('APKT007')
    expect(kit.stores.features.getState().features).toEqual(
      resolveFeatures({ email: false }, undefined),
    )
    kit.destroy()
  })

  it('raises APKT008 for an empty project ID without any request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { kit } = startInPage('http://127.0.0.1:5173', { projectId: '' })
    await vi.waitFor(() => expect(kit.stores.features.getState().remote).toBe('failed'))
    await vi.waitFor(() => expect(kit.stores.directory.getState().error).toBe('Project ID Missing'))
    expect(alertCodes(kit)).toEqual(['APKT008'])
    expect(fetchSpy).not.toHaveBeenCalled()
    kit.destroy()
  })

  it('two instances keep their own directory, features and alerts', async () => {
    const a = startInPage('https://not-the-demo.example').kit
    const b = createAppKitCore({
      networks: [localChainA],
      projectId: DEMO_PROJECT_ID,
      apiUrl: server.url,
      storage: new MemoryStorage(),
    })
    await vi.waitFor(() => expect(alertCodes(a)).toContain('APKT002'))
    await vi.waitFor(() => expect(a.stores.directory.getState().pages.length).toBeGreaterThan(0))
    expect(alertCodes(b)).toEqual([])
    expect(b.stores.directory.getState().pages).toEqual([])
    a.destroy()
  })
})

describe('a returning visitor (stored connection)', () => {
  const address = '0x1111111111111111111111111111111111111111'

  /** An adapter whose reconnect answers when the test says, reporting the account as wallets do. */
  function slowReconnectingAdapter() {
    let report: (snapshot: AccountSnapshot) => void = () => {}
    let finish: (ok: boolean) => void = () => {}
    const engine = {
      connect: async () => ({ status: 'connected', address, chainId: 31337 }) as AccountSnapshot,
      reconnect: () => new Promise<boolean>((resolve) => (finish = resolve)),
      disconnect: async () => {},
      switchNetwork: async () => {},
      getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
      watchAccount: (onChange: (snapshot: AccountSnapshot) => void) => {
        report = onChange
        return () => {}
      },
      getProvider: () => undefined,
      sendTransfer: async () => '0xhash',
      signMessage: async () => '0xsignature',
    } satisfies AdapterEngine
    const adapter: ChainAdapter = {
      namespace: 'eip155',
      watchConnectors: () => () => {},
      load: async () => engine,
    }
    const comeBack = () => {
      report({ status: 'connected', address, chainId: 31337 })
      finish(true)
    }
    return { adapter, comeBack, failed: () => finish(false) }
  }

  it('clicked while reconnecting: Connect, then Account once the connection is back', async () => {
    const storage = new MemoryStorage()
    const before = createAppKitCore({
      networks: [localChainA, localChainB],
      projectId: DEMO_PROJECT_ID,
      apiUrl: server.url,
      storage,
      adapters: [slowReconnectingAdapter().adapter],
    })
    await before.connect('injected')
    expect(before.stores.account.getState().status).toBe('connected')

    const wallet = slowReconnectingAdapter()
    const { kit } = startInPage('http://127.0.0.1:5173', { storage, adapters: [wallet.adapter] })
    expect(kit.stores.account.getState().status).toBe('reconnecting')
    kit.open()
    expect(kit.stores.router.getState().history.map((r) => r.view)).toEqual(['Connect'])
    await vi.waitFor(() => expect(kit.stores.account.getState().connectorId).toBe('injected'))
    wallet.comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(kit.stores.router.getState().history.map((r) => r.view)).toEqual(['Account'])
    expect(kit.getState().open).toBe(true)
    kit.destroy()
  })

  it('a visitor who went on to connect another way is not moved', async () => {
    const storage = new MemoryStorage()
    const first = slowReconnectingAdapter()
    const before = createAppKitCore({
      networks: [localChainA],
      projectId: DEMO_PROJECT_ID,
      apiUrl: server.url,
      storage,
      adapters: [first.adapter],
    })
    await before.connect('injected')
    const wallet = slowReconnectingAdapter()
    const { kit } = startInPage('http://127.0.0.1:5173', { storage, adapters: [wallet.adapter] })
    kit.open()
    kit.router.push('EmailLogin')
    await vi.waitFor(() => expect(kit.stores.account.getState().connectorId).toBe('injected'))
    wallet.comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(kit.stores.router.getState().history.at(-1)?.view).toBe('EmailLogin')
    kit.destroy()
  })
})
