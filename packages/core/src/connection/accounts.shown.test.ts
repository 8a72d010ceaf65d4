// @vitest-environment jsdom
// Which account is shown, and where the open modal goes, as one wallet reports (§3, §4): what a
// wallet's reports may and may not change, a wallet lost, and the modal opened while the stored
// wallet comes back after a reload. An instance starts only in a browser, hence jsdom.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import {
  ADDRESS,
  connected,
  destroyKits,
  METAMASK,
  OTHER,
  setup,
} from '../testing/connectionSetup.ts'

vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(destroyKits)

/** After a reload, the stored MetaMask answers when the test calls comeBack(chainId). */
function reloadedSlowly() {
  const backend = new MemoryStorage()
  const stored = createAppKitStorage(backend, () => undefined)
  stored.setConnectedConnectorId('eip155', METAMASK.id)
  stored.addConnectedNamespace('eip155')
  const s = setup(undefined, { storage: backend })
  let answer: (chainId: number) => void = () => {}
  s.engine.reconnect.mockImplementation(
    () =>
      new Promise<boolean>((resolve) => {
        answer = (chainId) => {
          s.walletReports({ status: 'connected', address: ADDRESS, chainId })
          resolve(true)
        }
      }),
  )
  s.kit.start()
  const asked = () => vi.waitFor(() => expect(s.engine.reconnect).toHaveBeenCalled())
  return { ...s, asked, comeBack: (chainId = 31337) => answer(chainId) }
}

describe('the modal opened while the stored wallet comes back', () => {
  it('from All Wallets too, Account once it is back', async () => {
    const { kit, asked, comeBack, views } = reloadedSlowly()
    kit.open()
    kit.router.push('AllWallets')
    await asked()
    comeBack()
    await vi.waitFor(() => expect(views()).toEqual(['Account']))
  })

  it('on a network the app does not have: UnsupportedChain, not Account', async () => {
    const { kit, asked, comeBack, views } = reloadedSlowly()
    kit.open()
    await asked()
    comeBack(999)
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(views()).toEqual(['UnsupportedChain'])
    expect(kit.stores.chain.getState().unsupported).toBe(true)
  })

  it('closed: the modal is not moved', async () => {
    const { kit, asked, comeBack, views } = reloadedSlowly()
    const before = views()
    await asked()
    comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(views()).toEqual(before)
  })

  it('the connection is recorded with the stored wallet', async () => {
    const { kit, asked, comeBack } = reloadedSlowly()
    await asked()
    comeBack()
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'))
    expect(kit.stores.account.getState().connections?.eip155?.connectorId).toBe(METAMASK.id)
  })

  it('a wallet that says it is disconnected meanwhile: disconnected at once, and remembered so', async () => {
    const { kit, asked, walletReports, stored } = reloadedSlowly()
    await asked()
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })

  it('forgotten by another tab meanwhile, the wallet it was is still the one remembered as disconnected', async () => {
    const { kit, asked, walletReports, stored } = reloadedSlowly()
    await asked()
    stored.removeConnectedConnectorId('eip155')
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })
})

describe("a connected wallet's reports", () => {
  it('a network change keeps the balance shown until the new one is read', async () => {
    const { kit, walletReports } = await connected()
    const balance = { value: 5n, decimals: 18, symbol: 'ETH', formatted: '0.000000000000000005' }
    kit.stores.account.setState({ balance } as never)
    walletReports({ status: 'connected', address: ADDRESS, chainId: 31338 })
    expect(kit.stores.account.getState().caipAddress).toBe(`eip155:31338:${ADDRESS}`)
    expect(kit.stores.account.getState().balance).toBe(balance)
  })

  it('reports that are not a connected account with an address and a chain change nothing', async () => {
    const { kit, walletReports } = await connected()
    const shown = kit.stores.account.getState()
    walletReports({ status: 'connecting', address: OTHER, chainId: 31338 })
    walletReports({ status: 'connected', chainId: 31338 })
    walletReports({ status: 'connected', address: OTHER })
    expect(kit.stores.account.getState()).toMatchObject({
      caipAddress: shown.caipAddress,
      connections: { eip155: { address: ADDRESS, chainId: 31337 } },
    })
    expect(kit.stores.chain.getState().unsupported).toBe(false)
  })

  it('the wallet disconnects itself: disconnected, the open modal on Connect', async () => {
    const { kit, walletReports, views, stored } = await connected()
    kit.open()
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(kit.stores.account.getState().address).toBeUndefined()
    expect(views()).toEqual(['Connect'])
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
  })

  it('the wallet disconnects itself with the modal closed: the modal stays where it was', async () => {
    const { kit, walletReports, views } = await connected()
    const before = views()
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(views()).toEqual(before)
  })
})

describe('connect', () => {
  it('a wallet that answers before it has an account: shown once it reports one', async () => {
    const { kit, engine, walletReports, stored } = setup({ status: 'connecting' })
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState().connectorId).toBe(METAMASK.id)
    expect(kit.stores.account.getState().address).toBeUndefined()
    expect(stored.getConnections('eip155')).toEqual([])
    expect(engine.connect).toHaveBeenCalled()
    walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:31337:${ADDRESS}`,
      connectorId: METAMASK.id,
    })
  })

  it('a wallet that fails with no error at all: Failed to connect, CONNECT_ERROR', async () => {
    const { kit, engine, events } = setup()
    engine.connect.mockRejectedValueOnce(undefined)
    await kit.connect(METAMASK.id).catch(() => undefined)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: false, message: 'Failed to connect' },
    })
    expect(events).toContainEqual({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: undefined },
    })
  })
})
