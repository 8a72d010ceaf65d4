// The connection controller's actions and the modal: where the open modal goes as the visitor
// switches network or connects, and that a closed modal is left where it was (§2 views).
// Scripted wallets (testing/scriptedAdapter.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import {
  ADDRESS,
  connected,
  destroyKits,
  METAMASK,
  PHANTOM,
  setup,
  userRejection,
} from '../testing/connectionSetup.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'

afterEach(destroyKits)

/** MetaMask on local chain A and Phantom on local Solana; Solana shown (connected last). */
async function bothConnected() {
  const solana = scriptedAdapter(
    {
      status: 'connected',
      address: 'So11111111111111111111111111111111111111112',
      chainId: localSolana.id,
    },
    'solana',
  )
  const evm = scriptedAdapter({
    status: 'connected',
    address: '0x1111111111111111111111111111111111111111',
    chainId: 31337,
  })
  const s = setup(undefined, {
    networks: [localChainA, localChainB, localSolana],
    adapters: [evm.adapter, solana.adapter],
  })
  s.kit.stores.connectors.setState({ list: [METAMASK, PHANTOM] })
  await s.kit.connect(METAMASK.id)
  await s.kit.connect(PHANTOM.id)
  return { ...s, evm: evm.engine }
}

describe('switchNetwork', () => {
  it('without a wallet, picked in the open modal: back to where the visitor came from', async () => {
    const { kit, views } = setup()
    kit.open()
    kit.router.push('Networks')
    await kit.switchNetwork(localChainB)
    expect(views()).toEqual(['Connect'])
  })

  it('without a wallet, the modal closed: the modal is not moved', async () => {
    const { kit, views } = setup()
    const before = views()
    await kit.switchNetwork(localChainB)
    expect(views()).toEqual(before)
  })

  it('in the open modal: the switching view while the wallet switches, then Account', async () => {
    const { kit, engine, views } = await connected()
    kit.open()
    let during: string[] = []
    engine.switchNetwork.mockImplementation(async () => {
      during = views()
    })
    await kit.switchNetwork(localChainB)
    expect(during.at(-1)).toBe('SwitchNetwork')
    expect(views()).toEqual(['Account'])
  })

  it('from an unlisted chain through Networks, a refused switch goes back to Networks', async () => {
    const { kit, engine, walletReports, views } = await connected()
    kit.open()
    walletReports({ status: 'connected', address: ADDRESS, chainId: 5 })
    kit.router.push('Networks')
    engine.switchNetwork.mockRejectedValueOnce(userRejection())
    await kit.switchNetwork(localChainA)
    expect(views()).toEqual(['UnsupportedChain', 'Networks', 'SwitchNetwork'])
    kit.router.goBack()
    expect(views().at(-1)).toBe('Networks')
  })

  it('a view that replaced the switching view meanwhile (a sign-in prompt) is left', async () => {
    const { kit, engine, views } = await connected()
    kit.open()
    engine.switchNetwork.mockImplementation(async () => {
      kit.router.push('SIWXSignMessage')
    })
    await kit.switchNetwork(localChainB)
    expect(views().at(-1)).toBe('SIWXSignMessage')
  })

  it('with the modal closed, nothing opens and the modal is not moved', async () => {
    const { kit, views } = await connected()
    const before = views()
    await kit.switchNetwork(localChainB)
    expect(kit.stores.chain.getState().activeCaipNetwork).toBe(localChainB)
    expect(views()).toEqual(before)
    expect(kit.getState().open).toBe(false)
  })

  it("to the network the other namespace's wallet is on: Account in the open modal, else no move", async () => {
    const { kit, views, evm } = await bothConnected()
    kit.open()
    kit.router.push('Networks')
    await kit.switchNetwork(localChainA)
    expect(views()).toEqual(['Account'])
    expect(kit.stores.account.getState().namespace).toBe('eip155')
    kit.close()
    const before = views()
    await kit.switchNetwork(localSolana)
    expect(kit.stores.account.getState().namespace).toBe('solana')
    expect(views()).toEqual(before)
    expect(evm.switchNetwork).not.toHaveBeenCalled()
  })
})

describe('connect', () => {
  it('the view shows the wallet being connected; an unknown id shows none', async () => {
    const { kit } = setup()
    await kit.connect(METAMASK.id)
    expect(kit.stores.router.getState().wallet).toEqual({
      id: METAMASK.id,
      name: METAMASK.name,
      imageUrl: METAMASK.imageUrl,
    })
    await kit.disconnect()
    await kit.connect('not.a.wallet')
    expect(kit.stores.router.getState().wallet).toBeUndefined()
  })
})

describe('the native balance', () => {
  it('is not read without a connected account', async () => {
    const { kit, engine } = setup()
    await kit.refreshBalance({ force: true })
    expect(engine.getBalance).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().balanceLoading).toBe(false)
  })
})
