// @vitest-environment jsdom
// AppKit's options that change what the instance does (docs/migrating.md): unsupported chains,
// reconnecting, custom RPC URLs.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppKitOptions } from './appkit/options.ts'
import { createAppKitCore } from './appkit.ts'
import type { AccountSnapshot, AdapterEngine, ChainAdapter } from './connection/adapter.ts'
import { localChainA, localChainB } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'
import { createAppKitStorage } from './storage/storage.ts'

const address = '0x1111111111111111111111111111111111111111'
const cores: ReturnType<typeof createAppKitCore>[] = []
afterEach(() => {
  for (const core of cores.splice(0)) core.destroy()
})
// No services behind these instances: their load failures are expected.
vi.spyOn(console, 'error').mockImplementation(() => {})

/** An adapter whose wallet answers with `snapshot`; `reconnect` counts restore attempts. */
function walletOn(chainId: number) {
  const snapshot: AccountSnapshot = { status: 'connected', address, chainId }
  const engine = {
    connect: vi.fn(async () => snapshot),
    reconnect: vi.fn(async () => false),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
    getBalance: vi.fn(async () => ({ value: 0n, decimals: 18, symbol: 'ETH' })),
    watchAccount: vi.fn(() => () => {}),
    getProvider: vi.fn(() => undefined),
    sendTransfer: vi.fn(),
    signMessage: vi.fn(),
  } as unknown as AdapterEngine
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors: () => () => {},
    load: async () => engine,
  }
  return { adapter, engine }
}

function kit(options: Partial<AppKitOptions>) {
  const core = createAppKitCore({
    networks: [localChainA, localChainB],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    ...options,
  })
  cores.push(core)
  return core
}

const view = (core: ReturnType<typeof kit>) => core.router.current().view

describe('allowUnsupportedChain', () => {
  it('without it, a wallet on an unlisted chain is sent to UnsupportedChain', async () => {
    const core = kit({ adapters: [walletOn(1).adapter] })
    core.open()
    await core.connect('injected')
    expect(view(core)).toBe('UnsupportedChain')
  })

  it('with it, the visitor stays connected on that chain and the modal goes on to Account', async () => {
    const core = kit({ adapters: [walletOn(1).adapter], allowUnsupportedChain: true })
    core.open()
    await core.connect('injected')
    expect(core.stores.account.getState().status).toBe('connected')
    expect(core.stores.chain.getState().unsupported).toBe(true)
    expect(core.getState().open).toBe(false)
    core.open()
    expect(view(core)).toBe('Account')
  })
})

describe('enableReconnect', () => {
  function reloadWithStoredWallet(enableReconnect?: boolean) {
    const backend = new MemoryStorage()
    createAppKitStorage(backend, () => {}).setConnectedConnectorId('eip155', 'injected')
    const { adapter, engine } = walletOn(31337)
    const core = kit({ adapters: [adapter], storage: backend, enableReconnect })
    core.start()
    return { core, engine }
  }

  it('by default, a returning visitor is reconnecting at once and the wallet is asked', async () => {
    const { core, engine } = reloadWithStoredWallet()
    expect(core.stores.account.getState().status).toBe('reconnecting')
    await vi.waitFor(() => expect(engine.reconnect).toHaveBeenCalledWith('injected'))
  })

  it('false: nothing reconnects and the visitor starts disconnected', async () => {
    const { core, engine } = reloadWithStoredWallet(false)
    expect(core.stores.account.getState().status).toBe('disconnected')
    await core.loadEngine('eip155')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(engine.reconnect).not.toHaveBeenCalled()
  })
})

describe('customRpcUrls', () => {
  it("puts the app's RPC endpoints on its networks, keeping http(s) ones only", () => {
    const core = kit({
      customRpcUrls: {
        'eip155:31337': [{ url: 'https://rpc.example.com/a' }, { url: 'ftp://nope' }],
        'eip155:31338': [{ url: 'javascript:alert(1)' }],
      },
    })
    const [a, b] = core.stores.chain.getState().networks
    expect(a?.rpcUrls.default.http).toEqual(['https://rpc.example.com/a'])
    expect(b?.rpcUrls.default.http).toEqual(localChainB.rpcUrls.default.http)
  })
})

describe('basic', () => {
  it('offers wallets only: email and social sign-in are off whatever the features say', () => {
    const core = kit({ basic: true, features: { email: true, socials: ['google'] } })
    expect(core.stores.features.getState().features).toMatchObject({ email: false, socials: false })
  })
})

describe('open({ view, namespace, arguments })', () => {
  it('opens Connect for a namespace the visitor is not connected in, Account for one they are', async () => {
    const core = kit({ adapters: [walletOn(31337).adapter] })
    await core.connect('injected')
    core.open({ namespace: 'solana' })
    expect(view(core)).toBe('Connect')
    expect(core.stores.modal.getState().namespace).toBe('solana')
    core.close()
    core.open({ namespace: 'eip155' })
    expect(view(core)).toBe('Account')
    core.close()
    core.open()
    expect(core.stores.modal.getState().namespace).toBeUndefined()
  })

  it('ignores a namespace it does not know', () => {
    const core = kit({})
    core.open({ namespace: 'nope' as never })
    expect(core.stores.modal.getState().namespace).toBeUndefined()
  })

  it('starts WalletSend with the amount, receiver and token given as arguments', async () => {
    const core = kit({ adapters: [walletOn(31337).adapter] })
    await core.connect('injected')
    core.open({
      view: 'WalletSend',
      arguments: {
        amount: '1.5',
        to: '0x2222222222222222222222222222222222222222',
        assetAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
    })
    expect(view(core)).toBe('WalletSend')
    expect(core.stores.send.getState()).toMatchObject({
      amount: '1.5',
      receiver: '0x2222222222222222222222222222222222222222',
      tokenKey: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
    })
  })
})
