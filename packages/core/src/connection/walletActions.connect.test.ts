// The connection controller as the instance drives it: connecting an extension wallet (what it
// stores, tracks and shows, and how it fails) and the native balance read from the chain.
// The wallet is a scripted engine; the real adapters' wallets are tested in evm and solana.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { CACHE_TTL_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localChainB } from '../networks.ts'
import {
  ADDRESS,
  connected,
  destroyKits,
  METAMASK,
  OTHER,
  setup,
  userRejection,
} from '../testing/connectionSetup.ts'
import type { AccountSnapshot } from './adapter.ts'
import { ProviderNotFoundError } from './eip1193.ts'

afterEach(() => {
  destroyKits()
  vi.useRealTimers()
})

describe('connect: an extension wallet', () => {
  it('connects the account, remembers the wallet for the next visit and tracks it', async () => {
    const { kit, engine, events, stored } = setup()
    kit.open()
    let approve: (snapshot: AccountSnapshot) => void = () => {}
    engine.connect.mockImplementationOnce(() => new Promise((resolve) => (approve = resolve)))
    const connecting = kit.connect(METAMASK.id)
    await vi.waitFor(() => expect(engine.connect).toHaveBeenCalled())
    expect(kit.stores.account.getState().status).toBe('connecting')
    expect(kit.stores.modal.getState().loading.eip155).toBe(true)
    expect(kit.stores.router.getState().history.at(-1)).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: METAMASK.id },
    })
    approve({ status: 'connected', address: ADDRESS, chainId: 31337 })
    await connecting
    expect(engine.connect).toHaveBeenCalledWith(METAMASK.id, localChainA)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
      connectorId: METAMASK.id,
      namespace: 'eip155',
    })
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
    expect(stored.getConnectedConnectorId('eip155')).toBe(METAMASK.id)
    expect(stored.getConnectedNamespaces()).toEqual(['eip155'])
    expect(stored.getActiveNamespace()).toBe('eip155')
    expect(stored.getConnectionStatus()).toBe('connected')
    expect(stored.getConnections('eip155')).toEqual([
      { connectorId: METAMASK.id, accounts: [{ address: ADDRESS }] },
    ])
    const recent = { id: METAMASK.id, name: 'MetaMask', rdns: 'io.metamask' }
    expect(stored.getRecentWallets()).toEqual([recent])
    expect(stored.getRecentWallet()).toEqual(recent)
    expect(kit.stores.recent.getState().wallets).toEqual([recent])
    // Connected, the modal closes (AppKit does too), then the success is tracked.
    expect(kit.getState().open).toBe(false)
    expect(events.filter((e) => e.event !== 'MODAL_OPEN')).toEqual([
      {
        type: 'track',
        event: 'SELECT_WALLET',
        properties: { name: 'MetaMask', platform: 'browser' },
      },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } },
      {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: { method: 'browser', name: 'MetaMask' },
      },
    ])
  })

  it('asks the wallet for the network the app named when it is of the same namespace', async () => {
    const { kit, engine } = setup()
    await kit.connect(METAMASK.id, localChainB)
    expect(engine.connect).toHaveBeenCalledWith(METAMASK.id, localChainB)
  })

  it('a wallet that forgets a disconnect of this connector no longer skips it', async () => {
    const { kit, stored } = setup()
    stored.addDisconnectedConnectorId('eip155', METAMASK.id)
    await kit.connect(METAMASK.id)
    expect(stored.getDisconnectedConnectorIds('eip155')).toEqual([])
  })

  it("a refusal in the wallet: 'Connection rejected', the view stays to retry, CONNECT_ERROR", async () => {
    const { kit, engine, events, views } = setup()
    engine.connect.mockRejectedValueOnce(userRejection())
    kit.open()
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: true, message: ErrorText.connectionRejected },
    })
    expect(views().at(-1)).toBe('ConnectingExternal')
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
    expect(events.at(-1)).toEqual({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: 'User rejected the request.' },
    })
    // The next attempt starts clean.
    let approve: (snapshot: AccountSnapshot) => void = () => {}
    engine.connect.mockImplementationOnce(() => new Promise((resolve) => (approve = resolve)))
    const retry = kit.connect(METAMASK.id)
    await vi.waitFor(() => expect(engine.connect).toHaveBeenCalledTimes(2))
    expect(kit.stores.account.getState().connectError).toBeUndefined()
    approve({ status: 'connected', address: ADDRESS, chainId: 31337 })
    await retry
    expect(kit.stores.account.getState().status).toBe('connected')
  })

  it("any other failure: 'Failed to connect', not a rejection", async () => {
    const { kit, engine } = setup()
    engine.connect.mockRejectedValueOnce(new Error('the wallet crashed'))
    await kit.connect(METAMASK.id)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: false, message: ErrorText.failedToConnect },
    })
  })

  it("a wallet that is gone: back to Connect with a 'Failed to connect' toast", async () => {
    const { kit, engine, events, views } = setup()
    engine.connect.mockRejectedValueOnce(new ProviderNotFoundError('Provider not found.'))
    kit.open()
    await kit.connect(METAMASK.id)
    expect(views()).toEqual(['Connect'])
    expect(kit.stores.account.getState()).toMatchObject({ status: 'disconnected' })
    expect(kit.stores.account.getState().connectError).toBeUndefined()
    expect(kit.stores.toast.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: ErrorText.failedToConnect,
    })
    expect(events.at(-1)).toMatchObject({
      event: 'CONNECT_ERROR',
      properties: { message: 'Provider not found.' },
    })
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
  })

  it('a wallet the app does not know is connected under its id, with nothing remembered as recent', async () => {
    const { kit, stored, events } = setup()
    await kit.connect('injected')
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      connectorId: 'injected',
    })
    expect(stored.getRecentWallets()).toEqual([])
    expect(events.at(-1)).toEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: undefined },
    })
  })
})

describe('the native balance, read from the chain when the data API has none', () => {
  it("shows the account's native balance, formatted, with its symbol", async () => {
    const { kit, engine } = await connected()
    engine.getBalance.mockResolvedValue({
      value: 1_500_000_000_000_000_000n,
      decimals: 18,
      symbol: 'ETH',
    })
    await kit.refreshBalance({ force: true })
    expect(engine.getBalance).toHaveBeenLastCalledWith(ADDRESS, localChainA)
    expect(kit.stores.account.getState()).toMatchObject({
      balance: { formatted: '1.5', symbol: 'ETH', caipAddress: `eip155:31337:${ADDRESS}` },
      balanceLoading: false,
      balanceError: undefined,
    })
  })

  it('keeps a fresh balance; a forced refresh reads again', async () => {
    const { kit, engine } = await connected()
    await kit.refreshBalance({ force: true })
    const reads = engine.getBalance.mock.calls.length
    await kit.refreshBalance()
    expect(engine.getBalance.mock.calls.length).toBe(reads)
    await kit.refreshBalance({ force: true })
    expect(engine.getBalance.mock.calls.length).toBe(reads + 1)
  })

  it("a failed read: 'Token Balance Unavailable', loading off, the last balance kept", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    onTestFinished(() => warn.mockRestore())
    const { kit, engine } = await connected({ debug: true })
    await kit.refreshBalance({ force: true })
    engine.getBalance.mockRejectedValueOnce(new Error('rpc down'))
    await kit.refreshBalance({ force: true })
    expect(kit.stores.account.getState()).toMatchObject({
      balanceError: ErrorText.tokenBalanceUnavailable,
      balanceLoading: false,
      balance: { formatted: '1', symbol: 'ETH' },
    })
    expect(warn).toHaveBeenCalledWith('[latchkey] balance failed', new Error('rpc down'))
    // A later success clears the error.
    await kit.refreshBalance({ force: true })
    expect(kit.stores.account.getState().balanceError).toBeUndefined()
  })

  it('an answer for an account that is no longer the one shown is dropped', async () => {
    const { kit, engine } = await connected()
    let answer: (value: { value: bigint; decimals: number; symbol: string }) => void = () => {}
    engine.getBalance.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    const reading = kit.refreshBalance({ force: true })
    await vi.waitFor(() => expect(kit.stores.account.getState().balanceLoading).toBe(true))
    kit.stores.account.setState({ address: OTHER, caipAddress: `eip155:31337:${OTHER}` })
    answer({ value: 5n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await reading
    expect(kit.stores.account.getState().balance?.formatted).not.toBe('5')
    expect(kit.stores.account.getState().balanceLoading).toBe(false)
  })

  it('a balance is fresh for 30 s: read again without force from then on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { kit, engine } = await connected()
      await kit.refreshBalance({ force: true })
      const reads = engine.getBalance.mock.calls.length
      vi.setSystemTime(Date.now() + CACHE_TTL_MS.nativeBalance - 1)
      await kit.refreshBalance()
      expect(engine.getBalance.mock.calls.length).toBe(reads)
      vi.setSystemTime(Date.now() + 1)
      await kit.refreshBalance()
      expect(engine.getBalance.mock.calls.length).toBe(reads + 1)
    } finally {
      vi.useRealTimers()
    }
  })

  it("another account's balance is not fresh for this one", async () => {
    const { kit, engine, walletReports } = await connected()
    await kit.refreshBalance({ force: true })
    walletReports({ status: 'connected', address: OTHER, chainId: 31337 })
    await kit.refreshBalance()
    expect(engine.getBalance).toHaveBeenLastCalledWith(OTHER, localChainA)
    expect(kit.stores.account.getState().balance?.caipAddress).toBe(`eip155:31337:${OTHER}`)
  })

  it('reads nothing on a chain the app does not list', async () => {
    const { kit, engine } = await connected()
    engine.getBalance.mockClear()
    kit.stores.chain.setState({ unsupported: true })
    await kit.refreshBalance({ force: true })
    expect(engine.getBalance).not.toHaveBeenCalled()
  })
})
