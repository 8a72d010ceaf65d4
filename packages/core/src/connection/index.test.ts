// The connection controller made whole (index.ts): what an adapter's engine gets from it. The
// parts are tested beside them; WalletConnect's provider reaches an engine in walletConnect.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { embeddedConnection } from '../testing/embeddedConnection.ts'
import type { ChainAdapter } from './adapter.ts'

type AdapterDeps = Parameters<ChainAdapter['load']>[0]

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

function made() {
  const s = embeddedConnection({
    replies: { APP_SYNC_DAPP_DATA: () => ({}), APP_SYNC_THEME: () => ({}) },
  })
  kits.push(s.kit)
  return s
}

async function engineDeps(s: ReturnType<typeof made>): Promise<AdapterDeps> {
  await s.controller.loadEngine('eip155')
  const [adapter] = s.ctx.adapters
  const [[deps]] = vi.mocked(adapter?.load ?? vi.fn()).mock.calls as [[AdapterDeps]]
  return deps
}

describe("an adapter's engine", () => {
  it("gets the embedded wallet's provider from the frame session, made on first use", async () => {
    const s = made()
    const deps = await engineDeps(s)
    expect(deps.started?.embeddedWallet()).toBe(false)
    expect(s.frame.made).toHaveLength(0)
    const provider = await deps.embeddedWallet?.()
    expect(deps.started?.embeddedWallet()).toBe(true)
    expect(s.frame.made).toHaveLength(1)
    expect(provider).toBe((await s.controller.embeddedWallet()).provider)
  })

  it('is told WalletConnect has not started while nobody used it', async () => {
    const deps = await engineDeps(made())
    expect(deps.started?.walletConnect()).toBe(false)
  })

  it("reports its wallet's account changes to the account", async () => {
    const s = made()
    await s.controller.loadEngine('eip155')
    const report = s.engine.watchAccount.mock.calls[0]?.[0]
    report?.({
      status: 'connected',
      address: '0x1111111111111111111111111111111111111111',
      chainId: 31338,
    })
    expect(s.kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      caipAddress: 'eip155:31338:0x1111111111111111111111111111111111111111',
    })
  })

  it('destroy stops watching the wallets and ends the frame', async () => {
    const s = made()
    const stopped = vi.fn()
    s.engine.watchAccount.mockReturnValueOnce(stopped)
    await s.controller.loadEngine('eip155')
    await s.controller.embeddedWallet()
    s.controller.destroy()
    expect(stopped).toHaveBeenCalled()
    await vi.waitFor(() => expect(s.frame.state.destroyed).toBe(1))
  })
})
