import { describe, expect, it, vi } from 'vitest'
import { SetupAlerts } from '../errors.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'
import type { ChainAdapter, ModalEip1193Provider } from './adapter.ts'
import type { ConnectionContext } from './context.ts'
import { createEngines, type EngineHooks } from './engines.ts'

function engines(adapters: ChainAdapter[]) {
  const logs: [string, unknown][] = []
  const reports: [string, unknown][] = []
  const started = { walletConnect: false, embedded: false }
  const provider: ModalEip1193Provider = {
    request: async () => null,
    on: () => {},
    removeListener: () => {},
    connected: false,
    disconnect: async () => {},
  }
  const hooks: EngineHooks = {
    onAccount: (namespace, snapshot) => void reports.push([namespace, snapshot]),
    walletConnectProvider: vi.fn(async () => provider),
    embeddedProvider: vi.fn(async () => provider),
    walletConnectStarted: () => started.walletConnect,
    embeddedStarted: () => started.embedded,
  }
  const ctx = {
    adapters,
    networks: [localChainA, localSolana, localChainB],
    projectId: 'project-1',
    log: (message: string, detail?: unknown) => void logs.push([message, detail]),
  } as unknown as ConnectionContext
  return { made: createEngines(ctx, hooks), hooks, logs, reports, started }
}

describe('the adapters’ engines', () => {
  it("loads each namespace's engine once, with that namespace's networks and the project", async () => {
    const evm = scriptedAdapter({ status: 'disconnected' })
    const { made } = engines([evm.adapter])
    const [a, b] = await Promise.all([made.loadEngine('eip155'), made.loadEngine('eip155')])
    expect(a).toBe(evm.engine)
    expect(b).toBe(a)
    expect(evm.adapter.load).toHaveBeenCalledTimes(1)
    expect(evm.adapter.load).toHaveBeenCalledWith(
      expect.objectContaining({ networks: [localChainA, localChainB], projectId: 'project-1' }),
    )
    expect(made.adapterFor('eip155')).toBe(evm.adapter)
    expect(made.adapterFor('solana')).toBeUndefined()
  })

  it('gives the engine WalletConnect, the embedded wallet and whether each has started', async () => {
    const evm = scriptedAdapter({ status: 'disconnected' })
    const { made, hooks, started } = engines([evm.adapter])
    await made.loadEngine('eip155')
    const given = vi.mocked(evm.adapter.load).mock.calls[0]?.[0]
    if (!given?.walletConnect || !given.embeddedWallet || !given.started) {
      throw new Error('missing hooks')
    }
    await given.walletConnect()
    await given.embeddedWallet()
    expect(hooks.walletConnectProvider).toHaveBeenCalled()
    expect(hooks.embeddedProvider).toHaveBeenCalled()
    expect([given.started.walletConnect(), given.started.embeddedWallet()]).toEqual([false, false])
    started.walletConnect = true
    started.embedded = true
    expect([given.started.walletConnect(), given.started.embeddedWallet()]).toEqual([true, true])
  })

  it("passes each wallet's own changes on with its namespace, until stopped", async () => {
    const sol = scriptedAdapter({ status: 'disconnected' }, 'solana')
    const stop = vi.fn()
    sol.engine.watchAccount.mockReturnValue(stop)
    const { made, reports } = engines([sol.adapter])
    await made.loadEngine('solana')
    const [listener] = sol.engine.watchAccount.mock.calls[0] ?? []
    listener?.({ status: 'connected', address: 'So1', chainId: localSolana.id })
    expect(reports).toEqual([
      ['solana', { status: 'connected', address: 'So1', chainId: localSolana.id }],
    ])
    made.stopWatching()
    expect(stop).toHaveBeenCalled()
  })

  it("a namespace without an adapter: refused with APKT001's text", async () => {
    const { made } = engines([])
    await expect(made.loadEngine('eip155')).rejects.toThrow(SetupAlerts.APKT001.shortMessage)
  })

  it('an engine that fails to load is logged and loaded again next time', async () => {
    const evm = scriptedAdapter({ status: 'disconnected' })
    vi.mocked(evm.adapter.load).mockRejectedValueOnce(new Error('chunk failed'))
    const { made, logs } = engines([evm.adapter])
    await expect(made.loadEngine('eip155')).rejects.toThrow('chunk failed')
    expect(logs).toEqual([['adapter failed to load', expect.any(Error)]])
    await expect(made.loadEngine('eip155')).resolves.toBe(evm.engine)
    expect(evm.adapter.load).toHaveBeenCalledTimes(2)
  })
})
