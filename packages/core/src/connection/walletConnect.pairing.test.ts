// WalletConnect pairing's edges through the connection controller (§4): on a phone, a pairing
// that a newer one replaced, the sign-in request's template, the moment between the wallet's
// approval and the connected account, and failures after the visitor left. Our real relay and
// a wallet we did not write (testing/walletConnectRelay.ts).
import { describe, expect, it, vi } from 'vitest'
import { localChainA, localSolana } from '../networks.ts'
import type { WalletRef } from '../router/router.ts'
import type { SIWXMessageInput } from '../siwx/siwx.ts'
import { LocalSIWX } from '../siwx/siwxLocal.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { DEMO_PROJECT_ID } from '../testing/realServer.ts'
import { useRealRelay, WAIT } from '../testing/walletConnectRelay.ts'

const { app, mobileWallet } = useRealRelay()

const RAINBOW: WalletRef = {
  id: 'rainbow',
  name: 'Rainbow',
  links: { desktop_link: 'rainbow://', mobile_link: 'https://rnbwapp.com' },
}
const OTHER: WalletRef = { id: 'other', name: 'Other' }

/** The instance's start/stop run once its controller chunk is there: after this turn. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('WalletConnect pairing, edges', () => {
  it("on a phone: the wallet's mobile link carries the URI, and the connection counts as mobile", async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })
    const { kit, offer, events } = app({ adapters: [] })
    const pairing = kit.walletConnect.start(RAINBOW)
    const { uri } = await offer()
    expect(kit.stores.walletConnect.getState().deepLink).toEqual({
      href: `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`,
      name: 'Rainbow',
    })
    const wallet = await mobileWallet()
    await wallet.pair(uri)
    await pairing
    expect(events).toContainEqual({
      type: 'track',
      event: 'SELECT_WALLET',
      properties: { name: 'Rainbow', platform: 'mobile' },
    })
    expect(events).toContainEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'mobile', name: 'Rainbow' },
    })
  })

  it('a new pairing forgets the deep link of the one before until its own offer is made', async () => {
    const { kit, offer } = app({ adapters: [] })
    void kit.walletConnect.start(RAINBOW)
    await offer()
    expect(kit.stores.walletConnect.getState().deepLink).toBeDefined()
    void kit.walletConnect.start(OTHER)
    await settled()
    expect(kit.stores.walletConnect.getState()).toEqual({ offer: undefined, deepLink: undefined })
    kit.walletConnect.stop()
  })

  it('a replaced pairing that ends late does not make the current one restart', async () => {
    const { kit, offer } = app({ adapters: [] })
    const replaced = kit.walletConnect.start(RAINBOW)
    await offer()
    void kit.walletConnect.start(OTHER)
    await replaced
    const current = await offer()
    void kit.walletConnect.start(OTHER)
    await settled()
    expect(kit.stores.walletConnect.getState().offer).toBe(current)
    kit.walletConnect.stop()
  })

  it('a finished pairing is not kept: the same wallet again gets a new offer', async () => {
    const { kit, offer } = app({ adapters: [] })
    const first = kit.walletConnect.start(RAINBOW)
    const { uri } = await offer()
    kit.walletConnect.stop()
    await first
    void kit.walletConnect.start(RAINBOW)
    await vi.waitFor(
      () => expect(kit.stores.walletConnect.getState().offer?.uri).not.toBe(uri),
      WAIT,
    )
    kit.walletConnect.stop()
  })

  it('the sign-in request is made for the first EVM network with no account yet, even after a Solana one', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const inputs: SIWXMessageInput[] = []
    class RecordingSIWX extends LocalSIWX {
      override createMessage(input: SIWXMessageInput) {
        inputs.push(input)
        return super.createMessage(input)
      }
    }
    const siwx = new RecordingSIWX({ storage: new MemoryStorage() })
    const { kit, offer } = app({ adapters: [], siwx, networks: [localSolana, localChainA] })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet({ oneClickAuth: true })
    await wallet.pair((await offer()).uri)
    await pairing
    expect(inputs).toEqual([{ accountAddress: '', chainId: 'eip155:31337' }])
    expect(kit.stores.account.getState().status).toBe('connected')
  })

  it('between approval and account the EVM side is loading; leaving then keeps the connection', async () => {
    const { kit, offer, engine } = app()
    const loading: boolean[] = []
    kit.stores.modal.subscribe((state) => loading.push(Boolean(state.loading.eip155)))
    const statuses: string[] = []
    kit.stores.account.subscribe((state) => statuses.push(state.status))
    const connect = engine.connect.getMockImplementation()
    engine.connect.mockImplementationOnce(async (...args) => {
      // The visitor closes the modal while the account is read from the fresh session.
      kit.walletConnect.stop()
      if (!connect) throw new Error('the scripted engine connects')
      return connect(...args)
    })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(loading).toContain(true)
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
    expect(statuses).not.toContain('disconnected')
    expect(kit.stores.account.getState().status).toBe('connected')
  })

  it('after a connection ends, leaving a new pairing is not connecting any more', async () => {
    const { kit, offer } = app({ adapters: [] })
    const first = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await first
    await kit.disconnect()
    void kit.walletConnect.start()
    await settled()
    expect(kit.stores.account.getState().status).toBe('connecting')
    kit.walletConnect.stop()
    await settled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it('a proposal the relay refuses after the visitor left shows no error', async () => {
    const { kit, events } = app({ adapters: [], projectId: 'unknownproject000000000000000000' })
    await kit.walletConnect.getProvider()
    const pairing = kit.walletConnect.start()
    // Into the proposal without giving the relay a turn: its refusal can only come after stop.
    for (let tick = 0; tick < 100; tick++) await Promise.resolve()
    kit.walletConnect.stop()
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: undefined,
    })
    expect(events.map((e) => e.event)).not.toContain('CONNECT_ERROR')
  })

  it("the wallet's network change is not the session's end: the remembered deep link stays", async () => {
    const { kit, offer, stored } = app({ adapters: [] })
    const pairing = kit.walletConnect.start(RAINBOW)
    const wallet = await mobileWallet({
      chains: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:1' },
    })
    await wallet.pair((await offer()).uri)
    await pairing
    const statuses: string[] = []
    kit.stores.account.subscribe((state) => statuses.push(state.status))
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(
      () => expect(kit.stores.chain.getState().activeCaipNetwork.id).toBe(31338),
      WAIT,
    )
    expect(stored.getDeepLinkChoice()).toBeDefined()
    expect(statuses).not.toContain('disconnected')
  })

  it('starting again with no wallet picked keeps the pairing that runs', async () => {
    const { kit, offer } = app({ adapters: [] })
    void kit.walletConnect.start()
    const first = await offer()
    let refused: unknown
    kit.walletConnect.start().catch((error: unknown) => {
      refused = error
    })
    await settled()
    expect(refused).toBeUndefined()
    expect(kit.stores.walletConnect.getState().offer).toBe(first)
    kit.walletConnect.stop()
  })

  it('with sign-in on, a wallet without one-click auth hands the provider no session', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const added: unknown[] = []
    class RecordingSIWX extends LocalSIWX {
      override addSession(session: Parameters<LocalSIWX['addSession']>[0]) {
        added.push(session)
        return super.addSession(session)
      }
    }
    const siwx = new RecordingSIWX({ storage: new MemoryStorage() })
    const { kit, offer } = app({ adapters: [], siwx })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState().status).toBe('connected')
    expect(added).toEqual([])
  })

  it('with debug on, a refused relay and the failed pairing are logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kit } = app({
      adapters: [],
      projectId: 'unknownproject000000000000000000',
      debug: true,
    })
    await kit.walletConnect.start()
    const logged = warn.mock.calls.map(([text]) => String(text))
    expect(logged).toContain('[latchkey] WalletConnect relay error')
    expect(logged).toContain('[latchkey] WalletConnect pairing failed')
    warn.mockRestore()
  })

  it('a pairing the visitor left is dropped: a wallet that scans it later cannot approve it', async () => {
    const { kit, offer } = app({ adapters: [] })
    const pairing = kit.walletConnect.start()
    const { uri } = await offer()
    kit.walletConnect.stop()
    await pairing
    // The app forgets the pairing (WalletConnect's core, kept under the app's storage prefix)
    // before the wallet scans: the order a visitor's phone would meet it in.
    const topic = /^wc:([0-9a-f]{64})@/.exec(uri)?.[1]
    const core = (globalThis as Record<string, unknown>)[
      `_walletConnectCore_latchkey:${DEMO_PROJECT_ID}`
    ] as { pairing: { getPairings(): { topic: string }[] } }
    await expect
      .poll(() => core.pairing.getPairings().some((p) => p.topic === topic), WAIT)
      .toBe(false)
    const wallet = await mobileWallet()
    await wallet.pair(uri)
    await expect
      .poll(() => wallet.failedApprovals, WAIT)
      .toEqual([expect.stringContaining('Record was recently deleted - pairing')])
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it('with no wallet picked, no deep link is written (nothing invalid reaches the storage)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kit, offer, stored } = app({ adapters: [], debug: true })
    void kit.walletConnect.start()
    await offer()
    kit.walletConnect.stop()
    expect(stored.getDeepLinkChoice()).toBeUndefined()
    const logged = warn.mock.calls.map(([text]) => String(text))
    expect(logged.filter((text) => text.includes('storage'))).toEqual([])
    warn.mockRestore()
  })
})
