import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppKitOptions } from './appkit/options.ts'
import { createAppKitCore } from './appkit.ts'
import type { CaipNetworkId, ChainNamespace } from './caip.ts'
import type { AccountSnapshot } from './connection/adapter.ts'
import type { AppKitEvent } from './events.ts'
import { type CaipNetwork, defineNetwork, localChainA, localChainB } from './networks.ts'
import { LocalSIWX } from './siwx/siwxLocal.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'
import { type KeyValueStorage, StorageKeys } from './storage/storageKeys.ts'
import { scriptedAdapter as fakeAdapterFor } from './testing/scriptedAdapter.ts'

const ACTIVE_NETWORK_KEY = '@latchkey/active_caip_network_id'

function setup(overrides: Partial<AppKitOptions> = {}) {
  const storage = overrides.storage ?? new MemoryStorage()
  const kit = createAppKitCore({
    networks: [localChainA, localChainB],
    projectId: 'test',
    storage,
    ...overrides,
  })
  return {
    kit,
    storage,
    views: () => kit.stores.router.getState().history.map((route) => route.view),
  }
}

function withCaipNetworkId(network: CaipNetwork, caipNetworkId: string): CaipNetwork {
  return { ...network, caipNetworkId: caipNetworkId as CaipNetworkId }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('createAppKitCore', () => {
  it('uses the storage key the storage module defines', () => {
    expect(StorageKeys.activeCaipNetworkId).toBe(ACTIVE_NETWORK_KEY)
  })

  it('starts closed, at Connect, on the first network', () => {
    const { kit, views } = setup()
    expect(kit.stores.modal.getState()).toEqual({
      open: false,
      shake: false,
      loading: {},
      initialized: false,
    })
    expect(views()).toEqual(['Connect'])
    expect(kit.stores.chain.getState().activeCaipNetwork).toEqual(localChainA)
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it("an app without siwx that asks for a sign-in gets 'SIWX is not enabled'", async () => {
    const { kit } = setup()
    expect(kit.siwx.required()).toBe(false)
    await expect(kit.siwx.signIn()).rejects.toThrow('SIWX is not enabled')
    await expect(kit.siwx.captureEmail('ada@example.com')).rejects.toThrow('SIWX is not enabled')
  })

  it('start() does nothing without a window', () => {
    const { kit } = setup()
    expect(() => kit.start()).not.toThrow()
    expect(kit.stores.connectors.getState().list).toEqual([])
  })

  it("takes AppKit's remoteFeatures and w3mThemeVariables beside features and themeVariables", () => {
    const { kit } = setup({
      features: { email: true, swaps: false },
      remoteFeatures: { email: false, emailCapture: true },
      w3mThemeVariables: { '--w3m-accent': '#ff0000', '--w3m-z-index': 9 },
      themeVariables: { '--w3m-accent': '#00ff00' },
    })
    expect(kit.stores.features.getState().features).toMatchObject({
      email: false,
      emailCapture: true,
      swaps: false,
    })
    expect(kit.stores.theme.getState().themeVariables).toEqual({
      '--w3m-accent': '#00ff00',
      '--w3m-z-index': 9,
    })
  })

  describe('getState', () => {
    it('returns open, loading, activeChain and selectedNetworkId', () => {
      const { kit } = setup()
      expect(kit.getState()).toEqual({
        open: false,
        loading: false,
        activeChain: 'eip155',
        selectedNetworkId: 'eip155:31337',
      })
      kit.open()
      expect(kit.getState()).toEqual({
        open: true,
        loading: false,
        activeChain: 'eip155',
        selectedNetworkId: 'eip155:31337',
      })
    })

    it('reports loading when a namespace is loading', () => {
      const { kit } = setup()
      kit.stores.modal.setState({ loading: { eip155: true } })
      expect(kit.getState().loading).toBe(true)
      kit.stores.modal.setState({ loading: { eip155: false } })
      expect(kit.getState().loading).toBe(false)
    })
  })

  describe('open', () => {
    it('opens on ConnectingWalletConnectBasic with no adapters on desktop', () => {
      const { kit, views } = setup()
      kit.open()
      expect(kit.stores.modal.getState().open).toBe(true)
      expect(views()).toEqual(['ConnectingWalletConnectBasic'])
    })

    it('opens on AllWallets with no adapters on mobile', () => {
      vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })
      const { kit, views } = setup()
      kit.open()
      expect(views()).toEqual(['AllWallets'])
    })

    it('opens on the requested view', () => {
      const { kit, views } = setup()
      kit.open({ view: 'Networks' })
      expect(kit.stores.modal.getState().open).toBe(true)
      expect(views()).toEqual(['Networks'])
    })

    it('opens on a requested view with params', () => {
      const { kit } = setup()
      kit.open({ view: { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:31338' } } })
      expect(kit.router.current()).toEqual({
        view: 'SwitchNetwork',
        params: { caipNetworkId: 'eip155:31338' },
      })
    })

    it('resets the history to the opening view', () => {
      const { kit, views } = setup()
      kit.router.push('AllWallets')
      kit.open({ view: 'Networks' })
      expect(views()).toEqual(['Networks'])
    })
  })

  describe('close', () => {
    it('sets open false and resets history to [Connect]', () => {
      const { kit, views } = setup()
      kit.open({ view: 'Networks' })
      kit.router.push('AllWallets')
      kit.close()
      expect(kit.stores.modal.getState().open).toBe(false)
      expect(kit.stores.router.getState().history).toEqual([{ view: 'Connect', params: undefined }])
      expect(views()).toEqual(['Connect'])
    })

    it('with enableEmbedded gives Connect when not connected', () => {
      const { kit, views } = setup({ enableEmbedded: true })
      kit.open({ view: 'Networks' })
      kit.close()
      expect(kit.getState().open).toBe(false)
      expect(views()).toEqual(['Connect'])
    })

    it('router goBack from the only view closes the modal', () => {
      const { kit, views } = setup()
      kit.open({ view: 'Networks' })
      kit.router.goBack()
      expect(kit.getState().open).toBe(false)
      expect(views()).toEqual(['Connect'])
    })
  })

  describe('shake', () => {
    it('sets shake true for exactly 500 ms', () => {
      vi.useFakeTimers()
      const { kit } = setup()
      kit.shake()
      expect(kit.stores.modal.getState().shake).toBe(true)
      vi.advanceTimersByTime(499)
      expect(kit.stores.modal.getState().shake).toBe(true)
      vi.advanceTimersByTime(1)
      expect(kit.stores.modal.getState().shake).toBe(false)
    })

    it('a second shake lasts 500 ms from itself', () => {
      vi.useFakeTimers()
      const { kit } = setup()
      kit.shake()
      vi.advanceTimersByTime(300)
      kit.shake()
      vi.advanceTimersByTime(499)
      expect(kit.stores.modal.getState().shake).toBe(true)
      vi.advanceTimersByTime(1)
      expect(kit.stores.modal.getState().shake).toBe(false)
    })

    it('does not open or close the modal', () => {
      vi.useFakeTimers()
      const { kit } = setup()
      kit.shake()
      expect(kit.getState().open).toBe(false)
      vi.advanceTimersByTime(500)
      expect(kit.getState().open).toBe(false)
    })
  })

  describe('subscribeEvents', () => {
    it('receives MODAL_OPEN and MODAL_CLOSE', () => {
      const { kit } = setup()
      const events: AppKitEvent[] = []
      kit.subscribeEvents((event) => events.push(event))
      kit.open()
      kit.close()
      expect(events.map((e) => e.data.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
      for (const event of events) {
        expect(event.data.type).toBe('track')
        expect(typeof event.timestamp).toBe('number')
        expect(event.data.properties).toEqual({ connected: false })
      }
    })

    it('tracks the views a visitor goes to that are events of their own, not the others', () => {
      const { kit } = setup()
      const events: string[] = []
      kit.subscribeEvents((event) => events.push(event.data.event))
      kit.open()
      kit.router.push('AllWallets')
      kit.router.goBack()
      kit.router.push('EmailLogin')
      kit.router.push('Networks')
      kit.router.push('Account')
      // Opened there (not pushed by the visitor): no click
      kit.open({ view: 'Networks' })
      expect(events).toEqual([
        'MODAL_OPEN',
        'CLICK_ALL_WALLETS',
        'EMAIL_LOGIN_SELECTED',
        'CLICK_NETWORKS',
        'MODAL_OPEN',
      ])
    })

    it('stops after unsubscribing', () => {
      const { kit } = setup()
      const listener = vi.fn()
      const unsubscribe = kit.subscribeEvents(listener)
      kit.open()
      unsubscribe()
      kit.close()
      expect(listener).toHaveBeenCalledTimes(1)
    })
  })

  describe('active network in storage', () => {
    it('is restored by a second instance', async () => {
      const storage = new MemoryStorage()
      const first = setup({ storage }).kit
      await first.switchNetwork(localChainB)
      expect(storage.getItem(ACTIVE_NETWORK_KEY)).toBe('eip155:31338')

      const second = setup({ storage }).kit
      expect(second.getState().selectedNetworkId).toBe('eip155:31338')
      expect(second.stores.chain.getState().activeCaipNetwork).toEqual(localChainB)
    })

    it('is restored when written to storage directly', () => {
      const storage = new MemoryStorage()
      storage.setItem(ACTIVE_NETWORK_KEY, 'eip155:31338')
      expect(setup({ storage }).kit.getState().selectedNetworkId).toBe('eip155:31338')
    })

    it('wins over defaultNetwork', () => {
      const storage = new MemoryStorage()
      storage.setItem(ACTIVE_NETWORK_KEY, 'eip155:31337')
      const { kit } = setup({ storage, defaultNetwork: localChainB })
      expect(kit.getState().selectedNetworkId).toBe('eip155:31337')
    })

    it('defaultNetwork is used when nothing is stored', () => {
      const { kit } = setup({ defaultNetwork: localChainB })
      expect(kit.getState().selectedNetworkId).toBe('eip155:31338')
    })

    for (const stored of [
      'garbage',
      '',
      'eip155',
      'eip155:',
      ':31338',
      'eip155:31338:0xabc',
      'unknown:31338',
      'eip155: 31338',
      '"eip155:31338"',
      '{"id":31338}',
    ]) {
      it(`ignores a malformed stored id ${JSON.stringify(stored)}`, () => {
        const storage = new MemoryStorage()
        storage.setItem(ACTIVE_NETWORK_KEY, stored)
        let kit: ReturnType<typeof createAppKitCore> | undefined
        expect(() => {
          kit = setup({ storage }).kit
        }).not.toThrow()
        expect(kit?.getState().selectedNetworkId).toBe('eip155:31337')
      })
    }

    it('ignores a stored id that is not among the app networks', () => {
      const storage = new MemoryStorage()
      storage.setItem(ACTIVE_NETWORK_KEY, 'eip155:1')
      const { kit } = setup({ storage })
      expect(kit.getState()).toMatchObject({
        activeChain: 'eip155',
        selectedNetworkId: 'eip155:31337',
      })
    })

    it('survives a storage that throws', () => {
      const storage: KeyValueStorage = {
        getItem: () => {
          throw new Error('denied')
        },
        setItem: () => {
          throw new Error('denied')
        },
        removeItem: () => {
          throw new Error('denied')
        },
      }
      const { kit } = setup({ storage })
      expect(kit.getState().selectedNetworkId).toBe('eip155:31337')
      return expect(kit.switchNetwork(localChainB)).resolves.toBeUndefined()
    })
  })

  describe('instances', () => {
    it('never share state', () => {
      vi.useFakeTimers()
      const a = setup().kit
      const b = setup().kit
      a.open({ view: 'Networks' })
      expect(a.getState().open).toBe(true)
      expect(b.getState().open).toBe(false)
      expect(b.stores.router.getState().history.map((r) => r.view)).toEqual(['Connect'])

      a.shake()
      expect(b.stores.modal.getState().shake).toBe(false)

      a.stores.modal.setState({ loading: { eip155: true } })
      expect(b.getState().loading).toBe(false)

      b.open()
      b.close()
      expect(a.getState().open).toBe(true)
      expect(a.stores.router.getState().history.map((r) => r.view)).toEqual(['Networks'])
    })

    it('have their own stores', () => {
      const a = setup().kit
      const b = setup().kit
      for (const name of Object.keys(a.stores) as (keyof typeof a.stores)[]) {
        expect(a.stores[name]).not.toBe(b.stores[name])
        expect(a.stores[name].getState()).not.toBe(b.stores[name].getState())
      }
    })

    it('do not share state even with one storage', async () => {
      const storage = new MemoryStorage()
      const a = setup({ storage }).kit
      const b = setup({ storage }).kit
      await a.switchNetwork(localChainB)
      expect(a.getState().selectedNetworkId).toBe('eip155:31338')
      expect(b.getState().selectedNetworkId).toBe('eip155:31337')
    })

    it('do not share events', () => {
      const a = setup().kit
      const b = setup().kit
      const listener = vi.fn()
      b.subscribeEvents(listener)
      a.open()
      a.close()
      expect(listener).not.toHaveBeenCalled()
    })
  })

  describe('networks option', () => {
    it('drops networks with a malformed caipNetworkId', () => {
      const bad = withCaipNetworkId(localChainA, 'not-a-caip-id')
      const { kit } = setup({ networks: [bad, localChainB] })
      expect(kit.stores.chain.getState().networks).toEqual([localChainB])
      expect(kit.getState().selectedNetworkId).toBe('eip155:31338')
    })

    for (const id of ['eip155', 'eip155:1:2', 'foo:1', 'eip155:', ':1', ' eip155:1']) {
      it(`drops a network whose caipNetworkId is ${JSON.stringify(id)}`, () => {
        const bad = withCaipNetworkId(localChainA, id)
        const { kit } = setup({ networks: [localChainB, bad] })
        expect(kit.stores.chain.getState().networks).toEqual([localChainB])
      })
    }

    it('falls back to eip155:1 with APKT001 when no network is valid, or none is given', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      for (const networks of [
        [
          withCaipNetworkId(localChainA, 'bad'),
          withCaipNetworkId(localChainB, 'eip155:31338:extra'),
        ],
        [],
      ]) {
        const { kit } = setup({ networks: networks as unknown as AppKitOptions['networks'] })
        expect(kit.getState().selectedNetworkId).toBe('eip155:1')
        expect(kit.stores.chain.getState().networks.map((n) => n.caipNetworkId)).toEqual([
          'eip155:1',
        ])
        expect(kit.stores.alerts.getState().alerts.map((a) => a.code)).toEqual(['APKT001'])
      }
      expect(error).toHaveBeenCalledWith(expect.stringContaining('APKT001 Network Not Found'))
      error.mockRestore()
    })

    it('a stored id of a dropped network is ignored', () => {
      const storage = new MemoryStorage()
      storage.setItem(ACTIVE_NETWORK_KEY, 'eip155:31337')
      const { kit } = setup({
        storage,
        networks: [localChainB, withCaipNetworkId(localChainA, 'eip155:31337:x')],
      })
      expect(kit.getState().selectedNetworkId).toBe('eip155:31338')
    })
  })

  describe('switchNetwork', () => {
    it('ignores an unknown network object without throwing', async () => {
      const storage = new MemoryStorage()
      const { kit } = setup({ storage })
      const unknown = defineNetwork({
        id: 999,
        name: 'Unknown',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:9999'] } },
      })
      await expect(kit.switchNetwork(unknown)).resolves.toBeUndefined()
      expect(kit.getState().selectedNetworkId).toBe('eip155:31337')
      expect(storage.getItem(ACTIVE_NETWORK_KEY)).toBeNull()
    })

    it('ignores a malformed network object without throwing', async () => {
      const { kit } = setup()
      await expect(kit.switchNetwork({} as CaipNetwork)).resolves.toBeUndefined()
      await expect(
        kit.switchNetwork(withCaipNetworkId(localChainB, 'garbage')),
      ).resolves.toBeUndefined()
      expect(kit.getState().selectedNetworkId).toBe('eip155:31337')
    })

    it('while disconnected changes the active network and stores it', async () => {
      const storage = new MemoryStorage()
      const { kit } = setup({ storage })
      await kit.switchNetwork(localChainB)
      expect(kit.getState()).toEqual({
        open: false,
        loading: false,
        activeChain: 'eip155',
        selectedNetworkId: 'eip155:31338',
      })
      expect(kit.stores.chain.getState().activeCaipNetwork).toEqual(localChainB)
      expect(storage.getItem(ACTIVE_NETWORK_KEY)).toBe('eip155:31338')
    })

    it("takes a viem Chain (no CAIP fields) for the app's network of that id", async () => {
      const { kit } = setup()
      await kit.switchNetwork({ id: 31338, name: 'Anvil B, as viem/chains names it' })
      expect(kit.stores.chain.getState().activeCaipNetwork).toBe(
        kit.stores.chain.getState().networks[1],
      )
    })

    it('uses the app network when given an equal copy', async () => {
      const { kit } = setup()
      await kit.switchNetwork(withCaipNetworkId({ ...localChainB, name: 'Copy' }, 'eip155:31338'))
      expect(kit.stores.chain.getState().activeCaipNetwork).toBe(
        kit.stores.chain.getState().networks[1],
      )
      expect(kit.stores.chain.getState().activeCaipNetwork.name).toBe(localChainB.name)
    })
  })
})

describe('createAppKitCore with a fake adapter', () => {
  const fakeAdapter = (snapshot: AccountSnapshot, namespace: ChainNamespace = 'eip155') =>
    fakeAdapterFor(snapshot, namespace)

  const address = '0x1111111111111111111111111111111111111111'

  it('opens on Connect when not connected on desktop', () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter] })
    kit.open()
    expect(views()).toEqual(['Connect'])
  })

  it('opens on ConnectingWalletConnectBasic under manual control', () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter], manualWCControl: true })
    kit.open()
    expect(views()).toEqual(['ConnectingWalletConnectBasic'])
  })

  it('opens on Account once connected, and closing resets to Connect', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter] })
    await kit.connect('injected')
    expect(kit.stores.account.getState().status).toBe('connected')
    kit.open()
    expect(views()).toEqual(['Account'])
    kit.close()
    expect(views()).toEqual(['Connect'])
  })

  it('closes once a wallet connects from the open modal, as AppKit does', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter] })
    kit.open()
    await kit.connect('injected')
    expect(kit.stores.account.getState().status).toBe('connected')
    expect(kit.getState().open).toBe(false)
    kit.open()
    expect(views()).toEqual(['Account'])
  })

  it('stays open when the wallet is on a chain the app does not list', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 1 })
    const { kit, views } = setup({ adapters: [adapter] })
    kit.open()
    await kit.connect('injected')
    expect(kit.getState().open).toBe(true)
    expect(views()).toEqual(['UnsupportedChain'])
  })

  it('stays open on Account when sign-in (SIWX) follows the connection', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit } = setup({ adapters: [adapter], siwx: new LocalSIWX() })
    kit.open()
    await kit.connect('injected')
    expect(kit.getState().open).toBe(true)
  })

  it('in embedded mode closing shows Account when connected', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter], enableEmbedded: true })
    await kit.connect('injected')
    kit.open({ view: 'Networks' })
    kit.close()
    expect(kit.getState().open).toBe(false)
    expect(views()).toEqual(['Account'])
  })

  it('opens on UnsupportedChain when the wallet is on a chain the app does not list', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 1 })
    const { kit, views } = setup({ adapters: [adapter] })
    await kit.connect('injected')
    kit.open()
    expect(views()).toEqual(['UnsupportedChain'])
  })

  it('going back onto Connect while connected shows Account', async () => {
    const { adapter } = fakeAdapter({ status: 'connected', address, chainId: 31337 })
    const { kit, views } = setup({ adapters: [adapter] })
    await kit.connect('injected')
    kit.open({ view: 'Connect' })
    kit.router.push('Networks')
    kit.router.goBack()
    expect(views()).toEqual(['Account'])
    expect(kit.getState().open).toBe(true)
  })
})

describe('several namespaces (EVM and Solana)', () => {
  const evmAddress = '0x1111111111111111111111111111111111111111'
  const solAddress = 'CiDwVBFgWV9E5MvXWoLgnEgn2hK7rJikbvfWavzAQz3'
  const localSol = defineNetwork({
    id: 'LatchkeyLocaL1111111111111111111',
    chainNamespace: 'solana',
    name: 'Local Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  })

  function twoNamespaces(storage = new MemoryStorage()) {
    const evm = fakeAdapterFor(
      { status: 'connected', address: evmAddress, chainId: 31337 },
      'eip155',
    )
    const sol = fakeAdapterFor(
      { status: 'connected', address: solAddress, chainId: localSol.id },
      'solana',
    )
    const { kit, views } = setup({
      adapters: [evm.adapter, sol.adapter],
      networks: [localChainA, localChainB, localSol],
      storage,
    })
    kit.stores.connectors.setState({
      list: [
        { id: 'evm-wallet', name: 'EVM Wallet', type: 'ANNOUNCED', chain: 'eip155' },
        { id: 'sol-wallet', name: 'Sol Wallet', type: 'ANNOUNCED', chain: 'solana' },
      ],
    })
    return { kit, views, evm, sol, storage }
  }

  it('picking a network of a namespace with no wallet raises APKTW001 and shows SwitchActiveChain', async () => {
    const { kit, views } = twoNamespaces()
    await kit.connect('evm-wallet')
    kit.open()
    await kit.switchNetwork(localSol)
    expect(views()).toEqual(['Account', 'SwitchActiveChain'])
    expect(kit.stores.router.getState().history.at(-1)).toEqual({
      view: 'SwitchActiveChain',
      params: { caipNetworkId: localSol.caipNetworkId },
    })
    expect(kit.stores.alerts.getState().alerts.map((a) => a.code)).toContain('APKTW001')
    expect(kit.stores.chain.getState().activeNamespace).toBe('eip155')
  })

  it('connecting the second namespace makes it active; both stay connected and stored', async () => {
    const { kit, storage } = twoNamespaces()
    await kit.connect('evm-wallet')
    await kit.connect('sol-wallet', localSol)
    const account = kit.stores.account.getState()
    expect(account.namespace).toBe('solana')
    expect(account.caipAddress).toBe(`${localSol.caipNetworkId}:${solAddress}`)
    expect(Object.keys(account.connections ?? {}).sort()).toEqual(['eip155', 'solana'])
    expect(kit.stores.chain.getState().activeCaipNetwork.caipNetworkId).toBe(localSol.caipNetworkId)
    expect(storage.getItem(StorageKeys.activeNamespace)).toBe('solana')
    expect(storage.getItem(StorageKeys.connectedNamespaces)).toBe('eip155,solana')
    expect(storage.getItem(StorageKeys.connectedConnectorId('solana'))).toBe('sol-wallet')
    expect(storage.getItem(StorageKeys.connectedConnectorId('eip155'))).toBe('evm-wallet')
  })

  it('switching back to a connected namespace needs no wallet', async () => {
    const { kit, evm } = twoNamespaces()
    await kit.connect('evm-wallet')
    await kit.connect('sol-wallet', localSol)
    await kit.switchNetwork(localChainA)
    expect(kit.stores.account.getState().caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(kit.stores.chain.getState().activeNamespace).toBe('eip155')
    expect(evm.engine.switchNetwork).not.toHaveBeenCalled()
    await kit.switchNetwork(localChainB)
    expect(evm.engine.switchNetwork).toHaveBeenCalledTimes(1)
  })

  it('disconnect ends every namespace', async () => {
    const { kit, evm, sol, storage } = twoNamespaces()
    await kit.connect('evm-wallet')
    await kit.connect('sol-wallet', localSol)
    await kit.disconnect()
    expect(evm.engine.disconnect).toHaveBeenCalled()
    expect(sol.engine.disconnect).toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(storage.getItem(StorageKeys.connectedNamespaces)).toBeNull()
  })

  it('disconnect({ namespace }) or ({ id }) ends only that wallet', async () => {
    const { kit, evm, sol } = twoNamespaces()
    await kit.connect('evm-wallet')
    await kit.connect('sol-wallet', localSol)
    await kit.disconnect({ namespace: 'eip155' })
    expect(evm.engine.disconnect).toHaveBeenCalled()
    expect(sol.engine.disconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
    })
    await kit.disconnect({ id: 'no-such-wallet' })
    expect(kit.stores.account.getState().status).toBe('connected')
    await kit.disconnect({ id: 'sol-wallet' })
    expect(sol.engine.disconnect).toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it('a wallet of the inactive namespace disconnecting leaves the active one alone', async () => {
    const { kit, evm } = twoNamespaces()
    let emit: ((s: AccountSnapshot) => void) | undefined
    evm.engine.watchAccount = vi.fn((onChange) => {
      emit = onChange
      return () => {}
    })
    await kit.connect('evm-wallet')
    await kit.connect('sol-wallet', localSol)
    emit?.({ status: 'disconnected' })
    const account = kit.stores.account.getState()
    expect(account.status).toBe('connected')
    expect(account.namespace).toBe('solana')
    expect(Object.keys(account.connections ?? {})).toEqual(['solana'])
  })
})
