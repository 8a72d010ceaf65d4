// After a reload, a WalletConnect session comes back without pairing again (§3, §4), in an app
// that drives WalletConnect itself (no EVM adapter). Our real relay and Reown's WalletKit as the
// phone. WalletConnect keeps its sessions in its core, one per page (in Node, in memory): the
// reloaded page here is a new instance made while the old one still holds that core, and the old
// one is then destroyed. (e2e/walletconnect.test.ts reloads a real page.) The real server cannot
// run under jsdom (nor PGlite beside a window), so the page is Node and gets the one window field
// start() reads only while it starts.
import { describe, expect, it, vi } from 'vitest'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import type { setup } from '../testing/connectionSetup.ts'
import { useRealRelay, WAIT, WALLET_ADDRESS } from '../testing/walletConnectRelay.ts'

vi.spyOn(console, 'error').mockImplementation(() => {})

const relay = useRealRelay()

/** A page of the app: `backend` is its localStorage, kept across reloads. */
function page(backend: MemoryStorage, options: Parameters<typeof setup>[1] = { adapters: [] }) {
  return { ...relay.app({ storage: backend, ...options }), backend }
}

type Page = ReturnType<typeof page>

/**
 * The page after a reload: start() runs as in a browser; the page before it is gone once the new
 * one has settled (connected or not), its first status kept.
 */
async function reloaded(
  before: Page,
  options?: Parameters<typeof setup>[1],
  prepare: (page: Page) => void = () => {},
) {
  const s = page(before.backend, options)
  prepare(s)
  vi.stubGlobal('window', { location: new URL('http://127.0.0.1:5173/') })
  s.kit.start()
  vi.unstubAllGlobals()
  const firstStatus = s.kit.stores.account.getState().status
  await vi.waitFor(
    () => expect(s.kit.stores.account.getState().status).not.toBe('reconnecting'),
    WAIT,
  )
  before.kit.destroy()
  return { ...s, firstStatus }
}

/** Paired with a phone wallet (named "Phone Wallet"). */
async function paired() {
  const before = page(new MemoryStorage())
  const pairing = before.kit.walletConnect.start()
  const wallet = await relay.mobileWallet({
    chains: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:1' },
    metadata: { name: 'Phone Wallet', description: '', url: 'https://phone.example', icons: [] },
  })
  await wallet.pair((await before.offer()).uri)
  await pairing
  expect(before.kit.stores.account.getState().status).toBe('connected')
  return { wallet, before }
}

describe('after a reload, a WalletConnect session', () => {
  it('comes back: reconnecting, then its account, chain and wallet name, with no new pairing', async () => {
    const { wallet, before } = await paired()
    const proposals = wallet.proposers.length
    const after = await reloaded(before)
    expect(after.firstStatus).toBe('reconnecting')
    expect(after.kit.stores.account.getState().status).toBe('connected')
    expect(after.kit.stores.account.getState()).toMatchObject({
      address: WALLET_ADDRESS,
      namespace: 'eip155',
      connectorId: WALLETCONNECT_CONNECTOR_ID,
      peerWallet: { name: 'Phone Wallet' },
    })
    expect(after.kit.stores.chain.getState().activeCaipNetwork.id).toBe(31337)
    expect(wallet.proposers).toHaveLength(proposals)
  })

  it('is not shown disconnected on its way back', async () => {
    const { before } = await paired()
    const statuses: string[] = []
    const after = await reloaded(before, undefined, ({ kit }) => {
      kit.stores.account.subscribe((state) => statuses.push(state.status))
    })
    await vi.waitFor(
      () => expect(after.kit.stores.account.getState().status).toBe('connected'),
      WAIT,
    )
    expect(statuses).not.toContain('disconnected')
  })
})

describe('after a reload, a WalletConnect session (continued)', () => {
  it("follows the wallet's network change, as before the reload", async () => {
    const { wallet, before } = await paired()
    const after = await reloaded(before)
    await vi.waitFor(
      () => expect(after.kit.stores.account.getState().status).toBe('connected'),
      WAIT,
    )
    await wallet.emit('chainChanged', 31338, 'eip155:31338')
    await vi.waitFor(
      () => expect(after.kit.stores.chain.getState().activeCaipNetwork.id).toBe(31338),
      WAIT,
    )
    expect(after.kit.stores.account.getState().caipAddress).toBe(`eip155:31338:${WALLET_ADDRESS}`)
  })

  it("with an EVM adapter: the adapter's engine restores it, and the wallet's name is shown", async () => {
    const { before } = await paired()
    const after = await reloaded(before, {}, ({ engine, walletReports }) =>
      engine.reconnect.mockImplementation(async () => {
        walletReports({ status: 'connected', address: WALLET_ADDRESS, chainId: 31337 })
        return true
      }),
    )
    expect(after.kit.stores.account.getState().status).toBe('connected')
    expect(after.engine.reconnect).toHaveBeenCalledWith(WALLETCONNECT_CONNECTOR_ID)
    expect(after.kit.stores.account.getState()).toMatchObject({
      connectorId: WALLETCONNECT_CONNECTOR_ID,
      peerWallet: { name: 'Phone Wallet' },
    })
  })
})
