// The connection controller with two namespaces (§3: one connection per namespace, `account`
// shows the active one): an EVM and a Solana wallet, each scripted (testing/scriptedAdapter.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { localChainA, localChainB, localSolana, solanaDevnet } from '../networks.ts'
import {
  ADDRESS,
  destroyKits,
  METAMASK,
  PHANTOM,
  setup,
  walletReportsOf,
} from '../testing/connectionSetup.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'
import type { AccountSnapshot } from './adapter.ts'

afterEach(destroyKits)

const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'
const onSolana: AccountSnapshot = {
  status: 'connected',
  address: SOL_ADDRESS,
  chainId: localSolana.id,
}

/** An EVM and a Solana wallet, the EVM one connected; each answers as the test scripts. */
async function evmConnected() {
  const evm = scriptedAdapter({ status: 'connected', address: ADDRESS, chainId: 31337 })
  const solana = scriptedAdapter(onSolana, 'solana')
  const s = setup(undefined, {
    networks: [localChainA, localChainB, localSolana, solanaDevnet],
    adapters: [evm.adapter, solana.adapter],
  })
  s.kit.stores.connectors.setState({ list: [METAMASK, PHANTOM] })
  await s.kit.connect(METAMASK.id)
  return { s, evm, solana }
}

/** Both wallets connected, EVM first: Solana is active (the last one connected). */
async function bothConnected() {
  const { s, evm, solana } = await evmConnected()
  await s.kit.connect(PHANTOM.id)
  s.events.length = 0
  return {
    ...s,
    evm: evm.engine,
    solana: solana.engine,
    evmReports: walletReportsOf(evm.engine),
    solanaReports: walletReportsOf(solana.engine),
  }
}

describe('two namespaces, one connection each', () => {
  it('the last wallet connected is shown; both are listed in connections', async () => {
    const { kit, solana, evm } = await bothConnected()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
      address: SOL_ADDRESS,
      connectorId: PHANTOM.id,
      caipAddress: `${localSolana.caipNetworkId}:${SOL_ADDRESS}`,
    })
    expect(kit.stores.chain.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeCaipNetwork: localSolana,
    })
    expect(Object.keys(kit.stores.account.getState().connections ?? {}).sort()).toEqual([
      'eip155',
      'solana',
    ])
    // Each namespace's wallet was asked on its own network: the first of its namespace.
    expect(solana.connect).toHaveBeenCalledWith(PHANTOM.id, localSolana)
    expect(evm.connect).toHaveBeenCalledWith(METAMASK.id, localChainA)
  })

  it("the other namespace's wallet changes wait in connections; the shown account stays", async () => {
    const { kit, evmReports } = await bothConnected()
    evmReports({ status: 'connected', address: ADDRESS, chainId: 31338 })
    expect(kit.stores.account.getState()).toMatchObject({
      namespace: 'solana',
      address: SOL_ADDRESS,
    })
    expect(kit.stores.account.getState().connections?.eip155).toMatchObject({ chainId: 31338 })
  })

  it("switching to the other namespace's network it is on: that wallet is shown, no wallet asked", async () => {
    const { kit, evm, events, views, stored } = await bothConnected()
    kit.open()
    kit.stores.account.setState({
      balance: {
        formatted: '1',
        symbol: 'SOL',
        caipAddress: kit.stores.account.getState().caipAddress as never,
        fetchedAt: Date.now(),
      },
    })
    await kit.switchNetwork(localChainA)
    expect(kit.stores.account.getState()).toMatchObject({
      namespace: 'eip155',
      address: ADDRESS,
      connectorId: METAMASK.id,
      balance: undefined,
    })
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainA)
    expect(stored.getActiveNamespace()).toBe('eip155')
    expect(evm.switchNetwork).not.toHaveBeenCalled()
    expect(events).toContainEqual({
      type: 'track',
      event: 'SWITCH_NETWORK',
      properties: { network: localChainA.caipNetworkId },
    })
    expect(views()).toEqual(['Account'])
  })

  it('switching to another network of the other namespace: shown, then its wallet switches', async () => {
    const { kit, evm } = await bothConnected()
    await kit.switchNetwork(localChainB)
    expect(evm.switchNetwork).toHaveBeenCalledWith(localChainB)
    expect(kit.stores.account.getState().namespace).toBe('eip155')
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainB)
  })

  it('a network of a namespace without a wallet: APKTW001 and SwitchActiveChain in the open modal', async () => {
    const { kit, views } = await bothConnected()
    await kit.disconnect({ namespace: 'solana' })
    await kit.switchNetwork(localSolana)
    expect(kit.stores.alerts.getState().alerts.map((a) => a.code)).toContain('APKTW001')
    expect(views()).not.toContain('SwitchActiveChain')
    kit.open()
    await kit.switchNetwork(localSolana)
    expect(kit.stores.router.getState().history.at(-1)).toEqual({
      view: 'SwitchActiveChain',
      params: { caipNetworkId: localSolana.caipNetworkId },
    })
    expect(kit.stores.account.getState().namespace).toBe('eip155')
  })

  it('disconnecting the shown wallet shows the other one (Account in the open modal)', async () => {
    const { kit, solana, evm, views, stored } = await bothConnected()
    kit.open()
    await kit.disconnect({ namespace: 'solana' })
    expect(solana.disconnect).toHaveBeenCalled()
    expect(evm.disconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      address: ADDRESS,
    })
    expect(views()).toEqual(['Account'])
    expect(stored.getConnectedConnectorId('solana')).toBeUndefined()
    expect(stored.getConnectedConnectorId('eip155')).toBe(METAMASK.id)
  })

  it('disconnecting the wallet not shown leaves the shown one as it is', async () => {
    const { kit, evm, solana, views } = await bothConnected()
    kit.open()
    const before = views()
    await kit.disconnect({ id: METAMASK.id })
    expect(evm.disconnect).toHaveBeenCalled()
    expect(solana.disconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
    })
    expect(Object.keys(kit.stores.account.getState().connections ?? {})).toEqual(['solana'])
    expect(views()).toEqual(before)
  })

  it('disconnect() ends both, the shown wallet last', async () => {
    const { kit, evm, solana } = await bothConnected()
    const order: string[] = []
    evm.disconnect.mockImplementation(async () => void order.push('eip155'))
    solana.disconnect.mockImplementation(async () => void order.push('solana'))
    await kit.disconnect()
    expect(order).toEqual(['eip155', 'solana'])
    expect(kit.stores.account.getState()).toMatchObject({ status: 'disconnected', connections: {} })
  })

  it('a wallet that disconnects itself while not shown: it is forgotten, the shown one stays', async () => {
    const { kit, evmReports, stored } = await bothConnected()
    evmReports({ status: 'disconnected' })
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
    })
    expect(kit.stores.account.getState().connections?.eip155).toBeUndefined()
    expect(stored.getConnectedConnectorId('eip155')).toBeUndefined()
  })

  it('a wallet still connecting or without an address changes nothing shown', async () => {
    const { kit, solanaReports, evmReports } = await bothConnected()
    solanaReports({ status: 'connecting' })
    solanaReports({ status: 'connected', chainId: localSolana.id })
    solanaReports({ status: 'connected', address: SOL_ADDRESS })
    evmReports({ status: 'reconnecting' })
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
      address: SOL_ADDRESS,
    })
    expect(Object.keys(kit.stores.account.getState().connections ?? {}).sort()).toEqual([
      'eip155',
      'solana',
    ])
  })
})

describe('connect: which network the wallet is asked for', () => {
  it("the app's target when it is of the wallet's namespace, else the active one, else its first", async () => {
    const evm = scriptedAdapter({ status: 'connected', address: ADDRESS, chainId: 31337 })
    const solana = scriptedAdapter(onSolana, 'solana')
    const { kit } = setup(undefined, {
      networks: [localChainA, localChainB, localSolana, solanaDevnet],
      adapters: [evm.adapter, solana.adapter],
    })
    kit.stores.connectors.setState({ list: [METAMASK, PHANTOM] })
    await kit.connect(PHANTOM.id, solanaDevnet)
    expect(solana.engine.connect).toHaveBeenLastCalledWith(PHANTOM.id, solanaDevnet)
    await kit.connect(PHANTOM.id, localChainB)
    expect(solana.engine.connect).toHaveBeenLastCalledWith(PHANTOM.id, localSolana)
    await kit.switchNetwork(localChainB)
    await kit.disconnect()
    await kit.switchNetwork(solanaDevnet)
    await kit.connect(PHANTOM.id)
    expect(solana.engine.connect).toHaveBeenLastCalledWith(PHANTOM.id, solanaDevnet)
  })
})

describe('adding a second namespace', () => {
  /** Connected to the EVM wallet only; the Solana wallet answers as the test scripts. */
  async function evmOnly() {
    const { s, solana } = await evmConnected()
    return { ...s, solana: solana.engine }
  }

  it('while the Solana wallet asks, the EVM account stays shown and connected', async () => {
    const { kit, solana } = await evmOnly()
    let approve: (snapshot: AccountSnapshot) => void = () => {}
    solana.connect.mockImplementationOnce(() => new Promise((resolve) => (approve = resolve)))
    const connecting = kit.connect(PHANTOM.id)
    await expect.poll(() => solana.connect.mock.calls.length).toBe(1)
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: ADDRESS })
    approve(onSolana)
    await connecting
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'solana',
    })
  })

  it('a refused Solana wallet leaves the EVM connection as it was, with the refusal to retry', async () => {
    const { kit, solana } = await evmOnly()
    solana.connect.mockRejectedValueOnce(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    )
    await kit.connect(PHANTOM.id)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      address: ADDRESS,
      connectError: { rejected: true },
    })
    expect(kit.getState().selectedNetworkId).toBe(localChainA.caipNetworkId)
  })

  it('a Solana wallet that is gone: the toast, and the EVM connection as it was', async () => {
    const { kit, solana } = await evmOnly()
    solana.connect.mockRejectedValueOnce(
      Object.assign(new Error('The provider is disconnected from all chains.'), { code: 4900 }),
    )
    await kit.connect(PHANTOM.id)
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: ADDRESS })
  })
})
