// @vitest-environment jsdom
// The connection controller after a reload: the stored wallet reconnects (or does not). An
// instance starts only in a browser, hence jsdom. Scripted wallet as in connection.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from './memoryStorage.ts'
import { createAppKitStorage } from './storage.ts'
import { ADDRESS, destroyKits, METAMASK, setup } from './testing/connectionSetup.ts'

// No services run here: the setup alerts their absence raises are expected.
vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(destroyKits)

describe('after a reload', () => {
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
    s.kit.start()
    return s
  }

  it('the stored wallet comes back: reconnecting, then the account', async () => {
    const { kit, engine } = reloaded({ reconnects: true })
    // The button says "Reconnecting…" from the first render on.
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'reconnecting',
      namespace: 'eip155',
    })
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(engine.reconnect).toHaveBeenCalledWith(METAMASK.id)
    expect(kit.stores.account.getState()).toMatchObject({
      address: ADDRESS,
      connectorId: METAMASK.id,
    })
  })

  it('a wallet that no longer knows the site: disconnected, and remembered as such', async () => {
    const { kit, engine, stored } = reloaded({ reconnects: false })
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalled())
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('disconnected'))
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })

  it('enableReconnect: false leaves the visitor disconnected without asking the wallet', async () => {
    const { kit, engine } = reloaded({ enableReconnect: false, reconnects: true })
    // The engine still loads after first paint (warmed), and is watched: nothing reconnects.
    await vi.waitFor(() => expect(engine.watchAccount).toHaveBeenCalled())
    await Promise.resolve()
    expect(engine.reconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })
})
