// A WalletConnect session once paired, through the connection controller (§4): what the wallet
// changes reaches the account, sign-in with the pairing, the session's end, and destroy(). Our
// real relay and a wallet we did not write (testing/walletConnectRelay.ts).
import { TEST_ACCOUNTS } from '@latchkey/devnet'
import { describe, expect, it, vi } from 'vitest'
import { localChainA, localSolana } from '../networks.ts'
import { LocalSIWX } from '../siwx/siwxLocal.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { ADDRESS, METAMASK, PHANTOM, walletReportsOf } from '../testing/connectionSetup.ts'
import { DEMO_PROJECT_ID } from '../testing/realServer.ts'
import { scriptedAdapter } from '../testing/scriptedAdapter.ts'
import {
  type AdapterDeps,
  useRealRelay,
  WAIT,
  WALLET_ADDRESS,
} from '../testing/walletConnectRelay.ts'

const { app, mobileWallet, paired } = useRealRelay()

/** Paired without an EVM adapter, on a wallet that also has local chain B */
const pairedOnTwoChains = () =>
  paired({ adapters: [] }, { chains: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:1' } })

describe('a paired WalletConnect session', () => {
  it("follows the wallet's network change (no EVM adapter watches it)", async () => {
    const { kit, wallet } = await pairedOnTwoChains()
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(
      () => expect(kit.stores.chain.getState().activeCaipNetwork.id).toBe(31338),
      WAIT,
    )
    expect(kit.stores.account.getState().caipAddress).toBe(`eip155:31338:${WALLET_ADDRESS}`)
  })

  it("follows the wallet's account change (no EVM adapter watches it)", async () => {
    const { kit, wallet } = await pairedOnTwoChains()
    const other = TEST_ACCOUNTS[1].address
    await wallet.showAccount(other)
    await vi.waitFor(() => expect(kit.stores.account.getState().address).toBe(other), WAIT)
    expect(kit.stores.account.getState().caipAddress).toBe(`eip155:31337:${other}`)
  })

  it('a destroyed instance lets go of the relay: the wallet reaches it no more', async () => {
    const { kit, wallet } = await pairedOnTwoChains()
    kit.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(kit.stores.chain.getState().activeCaipNetwork.id).toBe(31337)
  })

  it('with sign-in on, one approval in the wallet connects and signs in (one-click auth)', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const { kit, offer } = app({ adapters: [], siwx })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet({ oneClickAuth: true })
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: WALLET_ADDRESS,
    })
    const [session, ...more] = await siwx.getSessions('eip155:31337', WALLET_ADDRESS)
    expect(more).toEqual([])
    expect(session?.data).toMatchObject({ domain: '127.0.0.1:5173', chainId: 'eip155:31337' })
    expect(session?.signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('with sign-in on, a wallet without one-click auth connects; the sign-in is left to the sign view', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const { kit, offer } = app({ adapters: [], siwx })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState().status).toBe('connected')
    expect(await siwx.getSessions('eip155:31337', WALLET_ADDRESS)).toEqual([])
  })

  it('a session that ends while another wallet is shown leaves that wallet alone', async () => {
    const { kit, offer, adapter } = app()
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    // The EVM engine connects through the session's provider, as @latchkey/evm's does.
    const [[deps]] = vi.mocked(adapter.load).mock.calls as [[AdapterDeps]]
    await deps.walletConnect?.()
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState().connectorId).toBe(METAMASK.id)
    await wallet.disconnectAll()
    await vi.waitFor(() => expect(kit.stores.walletConnect.getState().offer).toBeUndefined(), WAIT)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      connectorId: METAMASK.id,
    })
  })

  it("keeps its sign client's storage under the app's own prefix (latchkey:<projectId>)", async () => {
    const { kit } = await pairedOnTwoChains()
    expect(kit.stores.account.getState().status).toBe('connected')
    // WalletConnect's core registers itself per storage prefix on the page.
    expect(Object.keys(globalThis)).toContain(`_walletConnectCore_latchkey:${DEMO_PROJECT_ID}`)
  })

  it("with an EVM adapter, the wallet's network change is the adapter's to follow, not the session's", async () => {
    const { kit, wallet, adapter } = await paired(undefined, {
      chains: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:1' },
    })
    const [[deps]] = vi.mocked(adapter.load).mock.calls as [[AdapterDeps]]
    const provider = await deps.walletConnect?.()
    await kit.connect(METAMASK.id)
    const changes: unknown[] = []
    provider?.on('chainChanged', (chainId) => changes.push(chainId))
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(() => expect(changes).toEqual(['0x7a6a']), WAIT)
    // What reads the session after its event has run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(kit.stores.account.getState()).toMatchObject({
      connectorId: METAMASK.id,
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
  })

  it('a one-click sign-in the app refuses still connects, and the refusal is logged', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    class RefusingSIWX extends LocalSIWX {
      override async addSession(): Promise<void> {
        throw new Error('sign-in refused by the app')
      }
    }
    const siwx = new RefusingSIWX({ storage: new MemoryStorage() })
    const { kit, offer } = app({ adapters: [], siwx, debug: true })
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet({ oneClickAuth: true })
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState().status).toBe('connected')
    expect(warn.mock.calls.map(([text]) => String(text))).toContain(
      '[latchkey] one-click sign-in refused',
    )
    warn.mockRestore()
  })

  it("another namespace's wallet reporting while the WalletConnect wallet is shown is not taken for it", async () => {
    const sol = (address: string) => ({
      status: 'connected' as const,
      address,
      chainId: localSolana.id,
    })
    const solana = scriptedAdapter(sol('So11111111111111111111111111111111111111112'), 'solana')
    const evm = scriptedAdapter({ status: 'connected', address: ADDRESS, chainId: 31337 })
    const { kit, offer } = app({
      networks: [localChainA, localSolana],
      adapters: [evm.adapter, solana.adapter],
    })
    kit.stores.connectors.setState({ list: [METAMASK, PHANTOM] })
    await kit.connect(PHANTOM.id)
    await kit.switchNetwork(localChainA)
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      namespace: 'eip155',
      peerWallet: { name: 'E2E Wallet' },
    })
    walletReportsOf(solana.engine)(sol('So11111111111111111111111111111111111111113'))
    const { connections } = kit.stores.account.getState()
    expect(connections?.solana?.address).toBe('So11111111111111111111111111111111111111113')
    expect(connections?.solana?.peerWallet).toBeUndefined()
    expect(connections?.eip155?.peerWallet).toMatchObject({ name: 'E2E Wallet' })
  })
})
