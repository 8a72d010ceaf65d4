// The connection controller after connecting: switching network, the wallet's own changes,
// disconnecting (a reload: connection.reload.test.ts). Scripted wallet as in connection.test.ts.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { defineNetwork, localChainA, localChainB } from '../networks.ts'
import {
  ADDRESS,
  connected,
  destroyKits,
  METAMASK,
  OTHER,
  setup,
  userRejection,
} from '../testing/connectionSetup.ts'

afterEach(destroyKits)

const unlisted = defineNetwork({
  id: 5,
  chainNamespace: 'eip155',
  name: 'Not in the app',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

describe('switchNetwork', () => {
  it('asks the wallet, then shows the new network, remembers it and tracks it', async () => {
    const { kit, engine, events, stored, views } = await connected()
    kit.open()
    let switched: () => void = () => {}
    engine.switchNetwork.mockImplementationOnce(() => new Promise<void>((r) => (switched = r)))
    const switching = kit.switchNetwork(localChainB)
    await vi.waitFor(() => expect(views().at(-1)).toBe('SwitchNetwork'))
    switched()
    await switching
    expect(engine.switchNetwork).toHaveBeenCalledWith(localChainB)
    expect(kit.stores.chain.getState()).toMatchObject({
      activeCaipNetwork: localChainB,
      unsupported: false,
    })
    expect(stored.getActiveCaipNetworkId()).toBe(localChainB.caipNetworkId)
    expect(events).toContainEqual({
      type: 'track',
      event: 'SWITCH_NETWORK',
      properties: { network: localChainB.caipNetworkId },
    })
    expect(views()).toEqual(['Account'])
    expect(kit.stores.account.getState().switchError).toBeUndefined()
  })

  it('the network the wallet is on already: back to Account, the wallet is not asked', async () => {
    const { kit, engine, events, views } = await connected()
    kit.open()
    engine.switchNetwork.mockRejectedValueOnce(userRejection())
    await kit.switchNetwork(localChainB)
    expect(kit.stores.account.getState().switchError).toBe(ErrorText.userRejected)
    kit.router.push('Networks')
    await kit.switchNetwork(localChainA)
    expect(engine.switchNetwork).toHaveBeenCalledTimes(1)
    expect(views()).toEqual(['Account'])
    expect(kit.stores.account.getState().switchError).toBeUndefined()
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainA)
    expect(events.map((e) => e.event)).not.toContain('SWITCH_NETWORK')
  })

  it("a refusal in the wallet: 'User rejected the request', the network stays", async () => {
    const { kit, engine, events } = await connected()
    engine.switchNetwork.mockRejectedValueOnce(userRejection())
    await kit.switchNetwork(localChainB)
    expect(kit.stores.account.getState().switchError).toBe(ErrorText.userRejected)
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainA)
    expect(events.map((e) => e.event)).not.toContain('SWITCH_NETWORK')
  })

  it('a wallet that cannot switch: the chain-not-approved text names the chain; a retry clears it', async () => {
    const { kit, engine } = await connected()
    engine.switchNetwork.mockRejectedValueOnce(new Error('Unrecognized chain'))
    await kit.switchNetwork(localChainB)
    expect(kit.stores.account.getState().switchError).toBe(
      ErrorText.chainNotApproved(localChainB.caipNetworkId),
    )
    const retry = kit.switchNetwork(localChainB)
    await vi.waitFor(() => expect(engine.switchNetwork).toHaveBeenCalledTimes(2))
    expect(kit.stores.account.getState().switchError).toBeUndefined()
    await retry
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainB)
  })

  it('the switching view names the network it waits for', async () => {
    const { kit, engine } = await connected()
    kit.open()
    engine.switchNetwork.mockImplementationOnce(() => new Promise<void>(() => {}))
    void kit.switchNetwork(localChainB)
    await vi.waitFor(() =>
      expect(kit.stores.router.getState().history.at(-1)).toEqual({
        view: 'SwitchNetwork',
        params: { caipNetworkId: localChainB.caipNetworkId },
      }),
    )
  })

  it('no network at all (a plain JS caller) is ignored with a debug log, not a crash', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { kit, engine } = await connected({ debug: true })
      await kit.switchNetwork(undefined as never)
      expect(engine.switchNetwork).not.toHaveBeenCalled()
      expect(warn).toHaveBeenCalledWith('[latchkey] unknown network undefined', '')
    } finally {
      warn.mockRestore()
    }
  })

  it('a network the app does not list is ignored', async () => {
    const { kit, engine } = await connected()
    await kit.switchNetwork(unlisted)
    expect(engine.switchNetwork).not.toHaveBeenCalled()
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainA)
  })

  it('without a wallet and with the modal closed, choosing a network moves no view', async () => {
    const { kit } = setup()
    kit.open({ view: 'Networks' })
    kit.close()
    const history = kit.stores.router.getState().history
    await kit.switchNetwork(localChainB)
    expect(kit.stores.router.getState().history).toEqual(history)
  })

  it('without a wallet the network is only chosen: remembered, no wallet asked', async () => {
    const { kit, engine, stored } = setup()
    await kit.switchNetwork(localChainB)
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainB)
    expect(stored.getActiveCaipNetworkId()).toBe(localChainB.caipNetworkId)
    expect(stored.getActiveNamespace()).toBe('eip155')
    expect(engine.switchNetwork).not.toHaveBeenCalled()
  })
})

describe("the wallet's own changes", () => {
  it('another account or chain in the wallet shows at once', async () => {
    const { kit, walletReports } = await connected()
    walletReports({ status: 'connected', address: OTHER, chainId: 31338 })
    expect(kit.stores.account.getState()).toMatchObject({
      address: OTHER,
      caipAddress: `eip155:31338:${OTHER}`,
      connectorId: METAMASK.id,
    })
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainB)
  })

  it('a chain the app does not list: UnsupportedChain in the open modal', async () => {
    const { kit, walletReports, views } = await connected()
    kit.open()
    walletReports({ status: 'connected', address: ADDRESS, chainId: 5 })
    expect(kit.stores.chain.getState().unsupported).toBe(true)
    expect(views()).toEqual(['UnsupportedChain'])
    // Back on a listed chain, nothing is unsupported any more.
    walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
    expect(kit.stores.chain.getState().unsupported).toBe(false)
  })

  it('with allowUnsupportedChain the account stays shown on any chain', async () => {
    const { kit, walletReports, views } = await connected({ allowUnsupportedChain: true })
    kit.open()
    walletReports({ status: 'connected', address: ADDRESS, chainId: 5 })
    expect(views()).toEqual(['Account'])
  })

  it('a disconnect from the wallet ends the connection here too', async () => {
    const { kit, walletReports, stored, views } = await connected()
    kit.open()
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getConnectionStatus()).toBe('disconnected')
    expect(views()).toEqual(['Connect'])
  })
})

describe('disconnect', () => {
  it('asks the wallet, forgets the connection, remembers the wallet as disconnected', async () => {
    const { kit, engine, events, stored, views } = await connected()
    kit.open()
    await kit.disconnect()
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      balanceLoading: false,
      connections: {},
    })
    expect(kit.stores.account.getState().address).toBeUndefined()
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(stored.getConnectedNamespaces()).toEqual([])
    expect(stored.getConnections('eip155')).toEqual([])
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([METAMASK.id])
    expect(stored.getConnectionStatus()).toBe('disconnected')
    expect(events.map((e) => e.event)).toContain('DISCONNECT_SUCCESS')
    expect(views()).toEqual(['Connect'])
  })

  it('a wallet that fails to disconnect is forgotten all the same (DISCONNECT_ERROR)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const { kit, engine, events } = await connected({ debug: true })
    engine.disconnect.mockRejectedValueOnce(new Error('gone'))
    await kit.disconnect()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(events.map((e) => e.event)).toContain('DISCONNECT_ERROR')
    expect(events.map((e) => e.event)).not.toContain('DISCONNECT_SUCCESS')
    expect(warn).toHaveBeenCalledWith('[latchkey] disconnect failed', new Error('gone'))
  })

  it("a WalletConnect connection the app's adapter made is ended by that adapter", async () => {
    const { kit, engine, events } = setup()
    await kit.connect(WALLETCONNECT_CONNECTOR_ID)
    expect(kit.stores.account.getState().connectorId).toBe(WALLETCONNECT_CONNECTOR_ID)
    await kit.disconnect()
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(events.map((e) => e.event)).toContain('DISCONNECT_SUCCESS')
  })

  it('by namespace: one not connected is left alone; the connected one disconnects', async () => {
    const { kit, engine, events } = await connected()
    await kit.disconnect({ namespace: 'solana' })
    expect(engine.disconnect).not.toHaveBeenCalled()
    expect(events).toEqual([])
    expect(kit.stores.account.getState().status).toBe('connected')
    await kit.disconnect({ namespace: 'eip155' })
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it("with nothing connected, the active namespace's wallet is still told to disconnect", async () => {
    const { kit, engine, events } = setup()
    await kit.disconnect()
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(events.map((e) => e.event)).not.toContain('DISCONNECT_ERROR')
  })

  it('by id: another connector id changes nothing; its own id disconnects', async () => {
    const { kit, engine } = await connected()
    await kit.disconnect({ id: 'someone.else' })
    expect(engine.disconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('connected')
    await kit.disconnect({ id: METAMASK.id })
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })
})
