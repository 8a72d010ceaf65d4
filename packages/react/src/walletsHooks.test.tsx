import type { AccountSnapshot, AdapterEngine, ChainAdapter } from '@latchkey/core/internal'
import { initialDirectoryState, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from './context.tsx'
import { type CreateAppKitOptions, createAppKit } from './createAppKit.ts'
import { metamask, rainbow } from './testing/wallets.ts'
import { useAppKitWallets } from './walletsHooks.ts'

afterEach(cleanup)

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A wallet engine that connects at once, or refuses like a visitor who rejects. */
function walletAdapter(reject = false): ChainAdapter {
  const connected: AccountSnapshot = { status: 'connected', address: ADDRESS, chainId: 31337 }
  const engine: AdapterEngine = {
    connect: async () => {
      if (reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return connected
    },
    reconnect: async () => false,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
    watchAccount: () => () => {},
    getProvider: () => undefined,
    sendTransfer: async () => '0x',
    signMessage: async () => '0x',
  }
  return { namespace: 'eip155', watchConnectors: () => () => {}, load: async () => engine }
}

function renderWallets(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [walletAdapter()],
    ...options,
  })
  appKit.destroy()
  appKit.core.stores.connectors.setState({ list: [metamask] })
  appKit.core.stores.recent.setState({ wallets: [{ id: 'io.metamask', name: 'MetaMask' }] })
  appKit.core.stores.directory.setState({
    ...initialDirectoryState(),
    featured: [rainbow],
    pages: [rainbow],
    count: 1,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppKitProvider instance={appKit}>{children}</AppKitProvider>
  )
  return { appKit, hook: renderHook(() => useAppKitWallets(), { wrapper }) }
}

describe('useAppKitWallets (AppKit headless)', () => {
  it('lists browser wallets, directory wallets and WalletConnect in AppKit’s item shape', () => {
    const { hook } = renderWallets()
    const { wallets, wcWallets, count, page } = hook.result.current
    expect(wallets.map((w) => [w.id, w.isInjected, w.isRecent])).toEqual([
      ['io.metamask', true, true],
      ['rainbow', false, false],
      ['walletConnect', false, false],
    ])
    expect(wallets[0]?.connectors).toEqual([
      { id: 'io.metamask', rdns: 'io.metamask', chain: 'eip155' },
    ])
    expect(wcWallets[0]).toMatchObject({
      id: 'rainbow',
      imageId: 'r',
      walletInfo: { deepLink: 'rainbow://', website: 'https://rainbow.me', isCertified: true },
    })
    expect({ count, page }).toEqual({ count: 1, page: 1 })
  })

  it('follows the same options as the modal (enableInjected, enableWalletConnect)', () => {
    const { hook } = renderWallets({ enableEIP6963: false, enableWalletConnect: false })
    expect(hook.result.current.wallets).toEqual([])
  })

  it('connect() resolves once a browser wallet is connected, with no modal open', async () => {
    const { appKit, hook } = renderWallets()
    const [metamaskItem] = hook.result.current.wallets
    await act(() => hook.result.current.connect(metamaskItem as never))
    expect(appKit.core.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
    })
    expect(appKit.core.getState().open).toBe(false)
  })

  it('connect() rejects with the wallet’s reason when the visitor refuses', async () => {
    const { hook } = renderWallets({ adapters: [walletAdapter(true)] })
    const [metamaskItem] = hook.result.current.wallets
    let error: unknown
    await act(async () => {
      error = await hook.result.current.connect(metamaskItem as never).catch((e: unknown) => e)
    })
    expect((error as Error).message).toBe('Connection rejected')
  })

  it('fetchWallets({ search }) starts a directory search for the text', async () => {
    const { appKit, hook } = renderWallets()
    await act(() => hook.result.current.fetchWallets({ search: 'rain' }).catch(() => undefined))
    expect(appKit.core.stores.directory.getState().search.query).toBe('rain')
  })
})
