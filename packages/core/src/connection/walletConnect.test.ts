import { describe, expect, it, vi } from 'vitest'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localSolana } from '../networks.ts'
import type { WalletRef } from '../router/router.ts'
import { DEMO_PROJECT_ID } from '../testing/realServer.ts'
import {
  type AdapterDeps,
  useRealRelay,
  WAIT,
  WALLET_ADDRESS,
} from '../testing/walletConnectRelay.ts'

const { app, mobileWallet } = useRealRelay()

const RAINBOW: WalletRef = {
  id: 'rainbow',
  name: 'Rainbow',
  links: { desktop_link: 'rainbow://', mobile_link: 'https://rnbwapp.com' },
}

describe('WalletConnect pairing through the connection controller', () => {
  it('offers a URI, and the wallet that scans it is connected: its account, chain and name', async () => {
    const { kit, offer, events, stored } = app({ adapters: [] })
    const pairing = kit.walletConnect.start()
    const { uri } = await offer()
    expect(kit.stores.account.getState().status).toBe('connecting')
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const wallet = await mobileWallet()
    await wallet.pair(uri)
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: WALLET_ADDRESS,
      connectorId: WALLETCONNECT_CONNECTOR_ID,
      namespace: 'eip155',
    })
    expect(kit.stores.chain.getState().activeCaipNetwork.id).toBe(31337)
    expect(stored.getConnectedConnectorId('eip155')).toBe(WALLETCONNECT_CONNECTOR_ID)
    expect(events).toContainEqual({
      type: 'track',
      event: 'SELECT_WALLET',
      properties: { name: 'WalletConnect', platform: 'qrcode' },
    })
    expect(events).toContainEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'qrcode', name: undefined },
    })
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
  })

  it("with an adapter, the adapter's engine connects through the session on the active network", async () => {
    const { kit, offer, engine, adapter } = app()
    expect(vi.mocked(adapter.load)).not.toHaveBeenCalled()
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(engine.connect).toHaveBeenCalledWith(WALLETCONNECT_CONNECTOR_ID, localChainA)
    // What the engine connects through: the session's provider, handed over by the controller.
    const [[deps]] = vi.mocked(adapter.load).mock.calls as [[AdapterDeps]]
    expect(deps.started?.walletConnect()).toBe(true)
    const provider = await deps.walletConnect?.()
    expect(await provider?.request({ method: 'eth_accounts' })).toEqual([WALLET_ADDRESS])
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      connectorId: WALLETCONNECT_CONNECTOR_ID,
    })
  })

  it('a picked wallet: its desktop link carries the URI, is remembered, and it becomes a recent wallet', async () => {
    const { kit, offer, stored, events } = app({ adapters: [] })
    const pairing = kit.walletConnect.start(RAINBOW)
    const { uri } = await offer()
    const deepLink = kit.stores.walletConnect.getState().deepLink
    expect(deepLink).toEqual({
      href: `rainbow://wc?uri=${encodeURIComponent(uri)}`,
      name: 'Rainbow',
    })
    expect(stored.getDeepLinkChoice()).toEqual(deepLink)
    expect(events).toContainEqual({
      type: 'track',
      event: 'SELECT_WALLET',
      properties: { name: 'Rainbow', platform: 'qrcode' },
    })
    const wallet = await mobileWallet()
    await wallet.pair(uri)
    await pairing
    expect(stored.getRecentWallets()).toEqual([{ id: 'rainbow', name: 'Rainbow' }])
    expect(kit.stores.recent.getState().wallets).toEqual([{ id: 'rainbow', name: 'Rainbow' }])
    expect(events).toContainEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'qrcode', name: 'Rainbow' },
    })
  })

  it('starting again for the same wallet keeps its pairing; another wallet gets a new one', async () => {
    const { kit, offer } = app({ adapters: [] })
    void kit.walletConnect.start(RAINBOW)
    const first = await offer()
    void kit.walletConnect.start(RAINBOW)
    // start() runs once the controller chunk is there: after this turn.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(kit.stores.walletConnect.getState().offer).toBe(first)
    void kit.walletConnect.start({ id: 'other', name: 'Other' })
    await vi.waitFor(
      () => expect(kit.stores.walletConnect.getState().offer?.uri).not.toBe(first.uri),
      WAIT,
    )
    expect(kit.stores.walletConnect.getState().deepLink).toBeUndefined()
  })

  it('stop drops the offer: the visitor is not connecting, a wallet scanning it late connects nothing', async () => {
    const { kit, offer } = app({ adapters: [] })
    const pairing = kit.walletConnect.start()
    const { uri } = await offer()
    kit.walletConnect.stop()
    await pairing
    expect(kit.stores.walletConnect.getState().offer).toBeUndefined()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    const wallet = await mobileWallet()
    await wallet.pair(uri).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it("a wallet that rejects the proposal: 'Connection rejected', CONNECT_ERROR, not connecting", async () => {
    const { kit, offer, events } = app({ adapters: [] })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet({ rejectProposals: true })
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: true, message: ErrorText.connectionRejected },
    })
    expect(events.map((e) => e.event)).toContain('CONNECT_ERROR')
  })

  it('the wallet ends the session: nothing of it stays in the app (account, offer, deep link)', async () => {
    const { kit, offer, stored } = app({ adapters: [] })
    const pairing = kit.walletConnect.start(RAINBOW)
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(stored.getDeepLinkChoice()).toBeDefined()
    await wallet.disconnectAll()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('disconnected'), WAIT)
    expect(kit.stores.account.getState().address).toBeUndefined()
    expect(stored.getDeepLinkChoice()).toBeUndefined()
    expect(kit.stores.walletConnect.getState()).toEqual({ offer: undefined, deepLink: undefined })
  })

  it('the app disconnects: the session ends in the wallet too, DISCONNECT_SUCCESS', async () => {
    const { kit, offer, events } = app({ adapters: [] })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(wallet.sessions()).toHaveLength(1)
    await kit.disconnect()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(events.map((e) => e.event)).toContain('DISCONNECT_SUCCESS')
    await vi.waitFor(() => expect(wallet.sessions()).toHaveLength(0), WAIT)
  })

  it('a new pairing ends the session before it: one session at a time', async () => {
    const { kit, offer } = app({ adapters: [] })
    const first = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await first
    const before = (await offer()).uri
    const second = kit.walletConnect.start({ id: 'other', name: 'Other' })
    await vi.waitFor(() => expect(wallet.sessions()).toHaveLength(0), WAIT)
    await vi.waitFor(
      () => expect(kit.stores.walletConnect.getState().offer?.uri).not.toBe(before),
      WAIT,
    )
    kit.walletConnect.stop()
    await second
  })

  it('with a Solana network active, the EVM engine is not asked for it', async () => {
    const { kit, offer, engine } = app({ networks: [localChainA, localSolana] })
    await kit.switchNetwork(localSolana)
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(engine.connect).toHaveBeenCalledWith(WALLETCONNECT_CONNECTOR_ID, undefined)
  })

  it("a relay that refuses the project: 'Failed to connect' and the relay's setup alert", async () => {
    const { kit, events } = app({ adapters: [], projectId: 'unknownproject000000000000000000' })
    await kit.walletConnect.start()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: false, message: ErrorText.failedToConnect },
    })
    expect(events.map((e) => e.event)).toContain('CONNECT_ERROR')
    expect(kit.stores.alerts.getState().alerts.map((alert) => alert.code)).toContain('APKT007')
  })

  it('an app without adapters that disconnects with nothing connected opens no relay connection', async () => {
    const { kit } = app({ adapters: [] })
    await kit.disconnect()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(Object.keys(globalThis)).not.toContain(`_walletConnectCore_latchkey:${DEMO_PROJECT_ID}`)
  })
})
