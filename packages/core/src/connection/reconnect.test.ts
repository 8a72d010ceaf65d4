// @vitest-environment jsdom
// The connection controller after a reload: the stored wallet reconnects (or does not). An
// instance starts only in a browser, hence jsdom. Scripted wallet as in connection.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localChainA, localSolana } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { ADDRESS, destroyKits, METAMASK, setup } from '../testing/connectionSetup.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'

// No services run here: the setup alerts their absence raises are expected.
vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(destroyKits)

describe('after a reload', () => {
  /** The stored wallet answers when the test says so. */
  function slowlyReloaded() {
    let comeBack: () => void = () => {}
    const s = reloaded()
    s.engine.reconnect.mockImplementation(
      () =>
        new Promise<boolean>((resolve) => {
          comeBack = () => {
            s.walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
            resolve(true)
          }
        }),
    )
    s.kit.start()
    return { ...s, comeBack: () => comeBack() }
  }

  function reloaded(options: { enableReconnect?: boolean; reconnects?: boolean } = {}) {
    const backend = new MemoryStorage()
    const stored = createAppKitStorage(backend, () => undefined)
    stored.setConnectedConnectorId('eip155', METAMASK.id)
    stored.addConnectedNamespace('eip155')
    const s = setup(undefined, { storage: backend, enableReconnect: options.enableReconnect })
    s.engine.reconnect.mockImplementation(async () => {
      if (!options.reconnects) return false
      s.walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
      return true
    })
    return s
  }

  const started = (options: Parameters<typeof reloaded>[0]) => {
    const s = reloaded(options)
    s.kit.start()
    return s
  }

  it('the stored wallet comes back: reconnecting, then the account', async () => {
    const { kit, engine, adapter } = started({ reconnects: true })
    // The button says "Reconnecting…" from the first render on.
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'reconnecting',
      namespace: 'eip155',
    })
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(engine.reconnect).toHaveBeenCalledWith(METAMASK.id)
    // An extension wallet coming back starts nothing of WalletConnect.
    const deps = vi.mocked(adapter.load).mock.calls[0]?.[0]
    expect(deps?.started?.walletConnect()).toBe(false)
    expect(kit.stores.account.getState()).toMatchObject({
      address: ADDRESS,
      connectorId: METAMASK.id,
    })
  })

  it('a wallet that no longer knows the site: disconnected, and remembered as such', async () => {
    const { kit, engine, stored } = started({ reconnects: false })
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalled())
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('disconnected'))
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })

  it('enableReconnect: false leaves the visitor disconnected without asking the wallet', async () => {
    const { kit, engine } = started({ enableReconnect: false, reconnects: true })
    // The engine still loads after first paint (warmed), and is watched: nothing reconnects.
    await vi.waitFor(() => expect(engine.watchAccount).toHaveBeenCalled())
    await Promise.resolve()
    expect(engine.reconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it('a wallet another tab disconnected while this one loaded: not left reconnecting', async () => {
    const { kit, engine, stored } = reloaded({ reconnects: true })
    kit.start()
    expect(kit.stores.account.getState().status).toBe('reconnecting')
    stored.removeConnectedConnectorId('eip155')
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('disconnected'))
    expect(engine.reconnect).not.toHaveBeenCalled()
  })

  it('opened while reconnecting: Connect, then Account once the wallet is back', async () => {
    const { kit, engine, comeBack, views } = slowlyReloaded()
    kit.open()
    expect(views()).toEqual(['Connect'])
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalled())
    comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(views()).toEqual(['Account'])
    expect(kit.getState().open).toBe(true)
  })

  it("disconnect by the reconnecting wallet's id: the wallet is told, nothing comes back", async () => {
    const { kit, engine, stored, comeBack } = slowlyReloaded()
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalled())
    await kit.disconnect({ id: METAMASK.id })
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(kit.stores.account.getState().status).toBe('disconnected')
    // The wallet comes back anyway: it is told again, and the visitor stays disconnected.
    comeBack()
    await vi.waitFor(() => expect(engine.disconnect).toHaveBeenCalledTimes(2))
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })

  it('a visitor who went on to connect another way meanwhile is not moved', async () => {
    const { kit, engine, comeBack, views } = slowlyReloaded()
    kit.open()
    kit.router.push('EmailLogin')
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalled())
    comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(views().at(-1)).toBe('EmailLogin')
  })
})

describe('after a reload, two namespaces', () => {
  const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'

  /** EVM and Solana were connected, Solana shown; each wallet comes back when the test says. */
  function reloadedBoth(options: { evmThrows?: boolean } = {}) {
    const backend = new MemoryStorage()
    const stored = createAppKitStorage(backend, () => undefined)
    for (const [namespace, id] of [
      ['eip155', METAMASK.id],
      ['solana', 'phantom'],
    ] as const) {
      stored.setConnectedConnectorId(namespace, id)
      stored.addConnectedNamespace(namespace)
    }
    stored.setActiveNamespace('solana')
    const evm = scriptedAdapter({ status: 'connected', address: ADDRESS, chainId: 31337 })
    const solana = scriptedAdapter(
      { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id },
      'solana',
    )
    const back: Record<string, (() => void) | undefined> = {}
    for (const [namespace, { engine }, snapshot] of [
      ['eip155', evm, { status: 'connected', address: ADDRESS, chainId: 31337 }],
      ['solana', solana, { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id }],
    ] as const) {
      engine.reconnect.mockImplementation(
        () =>
          new Promise<boolean>((resolve) => {
            back[namespace] = () => {
              for (const [listener] of engine.watchAccount.mock.calls) listener(snapshot)
              resolve(true)
            }
          }),
      )
    }
    if (options.evmThrows) evm.engine.reconnect.mockRejectedValue(new Error('extension crashed'))
    const s = setup(undefined, {
      storage: backend,
      networks: [localChainA, localSolana],
      adapters: [evm.adapter, solana.adapter],
    })
    s.kit.start()
    return { ...s, back, evm: evm.engine, solana: solana.engine }
  }

  it('the namespace that was shown is shown again, whichever wallet answers last', async () => {
    const { kit, back } = reloadedBoth()
    await vi.waitFor(() => expect(back.solana && back.eip155).toBeDefined())
    back.solana?.()
    await vi.waitFor(() => expect(kit.stores.account.getState().namespace).toBe('solana'))
    back.eip155?.()
    await vi.waitFor(() =>
      expect(Object.keys(kit.stores.account.getState().connections ?? {}).sort()).toEqual([
        'eip155',
        'solana',
      ]),
    )
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
      address: SOL_ADDRESS,
    })
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localSolana)
  })

  it('a visitor who picks a network while the wallets come back keeps it', async () => {
    const { kit, back } = reloadedBoth()
    await vi.waitFor(() => expect(back.solana && back.eip155).toBeDefined())
    back.eip155?.()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(kit.stores.account.getState().namespace).toBe('eip155')
    await kit.switchNetwork(localChainA)
    back.solana?.()
    await vi.waitFor(() =>
      expect(Object.keys(kit.stores.account.getState().connections ?? {})).toHaveLength(2),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(kit.stores.account.getState().namespace).toBe('eip155')
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainA)
  })

  it('the wallet that was shown answers last: it is shown again', async () => {
    const { kit, back } = reloadedBoth()
    await vi.waitFor(() => expect(back.solana && back.eip155).toBeDefined())
    back.eip155?.()
    await vi.waitFor(() => expect(kit.stores.account.getState().namespace).toBe('eip155'))
    back.solana?.()
    await vi.waitFor(() => expect(kit.stores.account.getState().namespace).toBe('solana'))
    expect(kit.stores.account.getState().address).toBe(SOL_ADDRESS)
  })

  it('a reconnect that throws: that namespace is forgotten, the other comes back', async () => {
    const { kit, back, evm, stored } = reloadedBoth({ evmThrows: true })
    await vi.waitFor(() => expect(evm.reconnect).toHaveBeenCalled())
    await vi.waitFor(() => expect(stored.getConnectedConnectorId('eip155')).toBeUndefined())
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
    // Solana is still on its way: the button keeps saying so.
    expect(kit.stores.account.getState().status).toBe('reconnecting')
    await vi.waitFor(() => expect(back.solana).toBeDefined())
    back.solana?.()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(kit.stores.account.getState()).toMatchObject({ namespace: 'solana' })
    expect(Object.keys(kit.stores.account.getState().connections ?? {})).toEqual(['solana'])
    expect(stored.getConnectedConnectorId('solana')).toBe('phantom')
  })
})
