// The reconnect part of the connection controller, driven directly (reconnect.ts): what it asks
// of the wallets, what it logs, and what it leaves of an account it did not reconnect. The
// controller over a real instance's stores and storage (testing/embeddedConnection.ts), with the
// scripted EVM engine; the reloads through a whole instance are in reconnect.test.ts and
// reconnect.walletConnect.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { METAMASK } from '../testing/connectionSetup.ts'
import { EMBEDDED_ADDRESS, embeddedConnection } from '../testing/embeddedConnection.ts'
import type { AccountSnapshot, ChainAdapter } from './adapter.ts'

type AdapterDeps = Parameters<ChainAdapter['load']>[0]

const made: ReturnType<typeof embeddedConnection>[] = []
afterEach(() => {
  for (const s of made.splice(0)) {
    s.controller.destroy()
    s.kit.destroy()
  }
})

/**
 * A controller over a page whose storage says `stored` (namespace → connector id). WalletConnect,
 * when taken, has no relay to reach: nothing here needs a session from it.
 */
function reloaded(
  stored: Partial<Record<'eip155' | 'solana', string>> = {},
  context: { enableReconnect?: boolean } = {},
) {
  const backend = new MemoryStorage()
  const before = createAppKitStorage(backend, () => undefined)
  for (const [namespace, connectorId] of Object.entries(stored) as [
    'eip155' | 'solana',
    string,
  ][]) {
    before.setConnectedConnectorId(namespace, connectorId)
    before.addConnectedNamespace(namespace)
  }
  const s = embeddedConnection({
    storage: backend,
    context: { relayUrl: 'ws://127.0.0.1:1', ...context },
  })
  made.push(s)
  const statuses: string[] = []
  s.kit.stores.account.subscribe((state) => statuses.push(state.status))
  /** The wallet's own account report, as its library makes it (EIP-1193 events) */
  const walletReports = (snapshot: AccountSnapshot) => {
    for (const [listener] of s.engine.watchAccount.mock.calls) listener(snapshot)
  }
  const logged = () => s.logs.map(([message]) => message)
  return { ...s, statuses, walletReports, logged }
}

describe('reconnect, one namespace', () => {
  it('with no wallet stored for it: nothing is asked, the visitor is never shown reconnecting', async () => {
    const s = reloaded()
    await s.controller.reconnect('eip155')
    expect(s.statuses).not.toContain('reconnecting')
    expect(s.engine.reconnect).not.toHaveBeenCalled()
    expect(vi.mocked(s.ctx.adapters[0]?.load ?? vi.fn())).not.toHaveBeenCalled()
    expect(s.kit.stores.account.getState().status).toBe('disconnected')
  })

  it('a wallet that throws while coming back: logged, and forgotten', async () => {
    const s = reloaded({ eip155: METAMASK.id })
    const crash = new Error('extension crashed')
    s.engine.reconnect.mockRejectedValue(crash)
    await s.controller.reconnect('eip155')
    expect(s.logs).toContainEqual(['reconnect failed', crash])
    expect(s.storage.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(s.kit.stores.account.getState().status).toBe('disconnected')
  })

  it('a wallet that reports its account but answers the reconnect with false: it stays connected', async () => {
    const s = reloaded({ eip155: METAMASK.id })
    s.engine.reconnect.mockImplementation(async () => {
      s.walletReports({ status: 'connected', address: EMBEDDED_ADDRESS, chainId: 31337 })
      return false
    })
    await s.controller.reconnect('eip155')
    expect(s.kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: EMBEDDED_ADDRESS,
      connectorId: METAMASK.id,
    })
    expect(s.storage.getConnectedConnectorId('eip155')).toBe(METAMASK.id)
  })

  it('a namespace without an adapter and not WalletConnect: logged as failed, WalletConnect not started', async () => {
    const s = reloaded({ solana: 'phantom' })
    await s.controller.reconnect('solana')
    expect(s.logged()).toContain('reconnect failed')
    expect(s.storage.getConnectedConnectorId('solana')).toBeUndefined()
    // The EVM engine is told whether WalletConnect was started (it may restore its session).
    await s.controller.loadEngine('eip155')
    const [[deps]] = vi.mocked(s.ctx.adapters[0]?.load ?? vi.fn()).mock.calls as [[AdapterDeps]]
    expect(deps.started?.walletConnect()).toBe(false)
  })

  it('WalletConnect stored without a session left: forgotten quietly, no account read', async () => {
    const s = reloaded({ solana: WALLETCONNECT_CONNECTOR_ID })
    await s.controller.reconnect('solana')
    expect(s.logged()).not.toContain('reconnect failed')
    expect(s.storage.getConnectedConnectorId('solana')).toBeUndefined()
    expect(s.storage.getDisconnectedConnectorIds('solana')).toEqual([WALLETCONNECT_CONNECTOR_ID])
    expect(s.kit.stores.account.getState().status).toBe('disconnected')
    expect(s.kit.stores.account.getState().address).toBeUndefined()
  })
})

describe('startAdapters', () => {
  it('with reconnect off, a visitor who connected before the adapters started stays connected', async () => {
    const s = reloaded({}, { enableReconnect: false })
    await s.controller.connect(METAMASK.id)
    expect(s.kit.stores.account.getState().status).toBe('connected')
    s.controller.startAdapters()
    expect(s.kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      connectorId: METAMASK.id,
    })
    expect(s.statuses.at(-1)).toBe('connected')
  })
})
