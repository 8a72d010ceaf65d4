// What the account shown, the stored wallets and the open modal do as wallets report and as a
// connect begins (§3, §4): the cases between the ones accounts.test.ts and
// accounts.shown.test.ts walk through. Scripted wallets (testing/scriptedAdapter.ts).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { LocalSIWX } from '../siwx/siwxLocal.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import {
  ADDRESS,
  connected,
  destroyKits,
  METAMASK,
  OTHER,
  PHANTOM,
  setup,
  userRejection,
  walletReportsOf,
} from '../testing/connectionSetup.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'
import type { AccountSnapshot } from './adapter.ts'

afterEach(destroyKits)

const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'

/** An EVM and a Solana wallet, the EVM one connected and shown. */
async function evmShown() {
  const evm = scriptedAdapter({ status: 'connected', address: ADDRESS, chainId: 31337 })
  const solana = scriptedAdapter(
    { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id },
    'solana',
  )
  const s = setup(undefined, {
    networks: [localChainA, localChainB, localSolana],
    adapters: [evm.adapter, solana.adapter],
  })
  s.kit.stores.connectors.setState({ list: [METAMASK, PHANTOM] })
  await s.kit.connect(METAMASK.id)
  return {
    ...s,
    evm: evm.engine,
    solana: solana.engine,
    evmReports: walletReportsOf(evm.engine),
    solanaReports: walletReportsOf(solana.engine),
  }
}

/** A promise the test settles, for a wallet that is still asking. */
function pending<T>() {
  let settle: (value: T) => void = () => {}
  const promise = new Promise<T>((resolve) => (settle = resolve))
  return { promise, settle }
}

describe("a wallet's reports", () => {
  it('an account change of the shown wallet leaves a visitor browsing the wallet list there', async () => {
    const { kit, walletReports, views } = await connected()
    kit.open({ view: 'Connect' })
    walletReports({ status: 'connected', address: OTHER, chainId: 31337 })
    expect(kit.stores.account.getState().address).toBe(OTHER)
    expect(views().at(-1)).toBe('Connect')
  })

  it("a namespace's disconnect report, with nothing of it connected or shown, forgets no stored wallet", async () => {
    const { kit, stored, solana, solanaReports } = await evmShown()
    // The Solana wallet is loaded (a connect the visitor refused) and the one of the last visit
    // is still remembered, as while it comes back.
    solana.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(PHANTOM.id)
    stored.setConnectedConnectorId('solana', PHANTOM.id)
    solanaReports({ status: 'disconnected' })
    expect(stored.getConnectedConnectorId('solana')).toBe(PHANTOM.id)
    expect(stored.getDisconnectedConnectorIds('solana')).toEqual([])
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: ADDRESS })
  })

  it("another namespace's wallet, connected outside the modal, disconnecting: the shown wallet is not remembered as its", async () => {
    const { kit, stored, solana, solanaReports } = await evmShown()
    solana.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(PHANTOM.id)
    solanaReports({ status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id })
    expect(Object.keys(kit.stores.account.getState().connections ?? {})).toEqual([
      'eip155',
      'solana',
    ])
    solanaReports({ status: 'disconnected' })
    expect(Object.keys(kit.stores.account.getState().connections ?? {})).toEqual(['eip155'])
    expect(stored.getDisconnectedConnectorIds('solana')).toEqual([])
    expect(kit.stores.account.getState()).toMatchObject({ namespace: 'eip155', address: ADDRESS })
  })

  it("disconnect() also ends another namespace's wallet connected outside the modal", async () => {
    const { kit, solana, solanaReports } = await evmShown()
    solana.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(PHANTOM.id)
    solanaReports({ status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id })
    await kit.disconnect()
    expect(kit.stores.account.getState()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(solana.disconnect).toHaveBeenCalled()
  })

  it('the shown wallet disconnecting itself shows the other one: Account in the open modal', async () => {
    const { kit, solanaReports, views } = await evmShown()
    await kit.connect(PHANTOM.id)
    kit.open()
    kit.router.push('Networks')
    solanaReports({ status: 'disconnected' })
    expect(kit.stores.account.getState()).toMatchObject({ namespace: 'eip155', address: ADDRESS })
    expect(views()).toEqual(['Account'])
  })

  it('the same with the modal closed: the modal is not moved', async () => {
    const { kit, solanaReports, views } = await evmShown()
    await kit.connect(PHANTOM.id)
    kit.router.push('Networks')
    const before = views()
    solanaReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().namespace).toBe('eip155')
    expect(views()).toEqual(before)
  })

  it('a wallet connected outside the modal (no wallet of ours stored) that disconnects: the wallets remembered as disconnected stay as they were', async () => {
    const { kit, engine, walletReports, stored } = setup()
    // The wallet loaded (a connect the visitor refused), then the app's own wagmi connects it:
    // the modal stored no wallet for it.
    engine.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(METAMASK.id)
    stored.addDisconnectedConnectorId('eip155', 'com.other')
    walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: ADDRESS })
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual(['com.other'])
  })

  it('disconnected on a chain the app does not list: nothing is unsupported any more', async () => {
    const { kit, walletReports } = await connected()
    walletReports({ status: 'connected', address: ADDRESS, chainId: 5 })
    expect(kit.stores.chain.getState().unsupported).toBe(true)
    walletReports({ status: 'disconnected' })
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(kit.stores.chain.getState().unsupported).toBe(false)
  })
})

describe('a connect', () => {
  it('a wallet that answers with an address but no chain yet: not shown until it reports its chain', async () => {
    const { kit, walletReports } = setup({ status: 'connected', address: ADDRESS })
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState().status).not.toBe('connected')
    expect(kit.stores.account.getState().caipAddress).toBeUndefined()
    expect(kit.stores.chain.getState().unsupported).toBe(false)
    walletReports({ status: 'connected', address: ADDRESS, chainId: 31337 })
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
  })

  it('with sign-in on, the open modal stays open on Account, under the sign-in step', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const { kit, views } = setup(undefined, { siwx })
    kit.open()
    await kit.connect(METAMASK.id)
    expect(kit.stores.modal.getState().open).toBe(true)
    expect(views()[0]).toBe('Account')
  })

  it("connecting the shown namespace's wallet again: the account says connecting while it asks", async () => {
    const { kit, engine } = await connected()
    const asked = pending<AccountSnapshot>()
    engine.connect.mockReturnValueOnce(asked.promise)
    const connecting = kit.connect(METAMASK.id)
    await vi.waitFor(() => expect(engine.connect).toHaveBeenCalledTimes(2))
    expect(kit.stores.account.getState().status).toBe('connecting')
    asked.settle({ status: 'connected', address: OTHER, chainId: 31337 })
    await connecting
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: OTHER })
  })

  it('another wallet of the shown namespace refused: the wallet connected before stays shown, connected', async () => {
    const { kit, engine } = await connected()
    engine.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      connectError: { rejected: true },
    })
  })

  it("while the shown namespace's wallet asks again, another namespace's refusal leaves it connecting", async () => {
    const { kit, evm, solana } = await evmShown()
    const asked = pending<AccountSnapshot>()
    evm.connect.mockReturnValueOnce(asked.promise)
    const again = kit.connect(METAMASK.id)
    await vi.waitFor(() => expect(evm.connect).toHaveBeenCalledTimes(2))
    solana.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(PHANTOM.id)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connecting',
      namespace: 'eip155',
    })
    asked.settle({ status: 'connected', address: OTHER, chainId: 31337 })
    await again
    expect(kit.stores.account.getState()).toMatchObject({ status: 'connected', address: OTHER })
  })

  it("a retry of the other namespace's wallet clears its last refusal while it asks; the shown account stays", async () => {
    const { kit, solana } = await evmShown()
    solana.connect.mockRejectedValueOnce(userRejection())
    await kit.connect(PHANTOM.id)
    expect(kit.stores.account.getState().connectError).toMatchObject({ rejected: true })
    const asked = pending<AccountSnapshot>()
    solana.connect.mockReturnValueOnce(asked.promise)
    const retry = kit.connect(PHANTOM.id)
    await vi.waitFor(() => expect(solana.connect).toHaveBeenCalledTimes(2))
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      connectError: undefined,
    })
    asked.settle({ status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id })
    await retry
    expect(kit.stores.account.getState()).toMatchObject({ namespace: 'solana' })
  })
})
