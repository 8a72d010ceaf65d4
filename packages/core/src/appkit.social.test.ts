import { afterEach, describe, expect, it, vi } from 'vitest'
import { isSocialLoginReturn, openSocialPopup, SOCIAL_POPUP_NAME } from './appkit/browser.ts'
import { createAppKitCore } from './appkit.ts'
import type { AdapterEngine, ChainAdapter } from './connection/adapter.ts'
import { AUTH_CONNECTOR_ID } from './constants.ts'
import { localChainA, localChainB } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'
import { StorageKeys } from './storage/storageKeys.ts'

// The instance's side of social login: the popup opened in the click, the popup page that
// starts nothing, and the §3 entries that go with the embedded wallet. The flow itself is
// socialLogin.test.ts; the frame and a real provider are e2e.

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ORIGIN = 'http://127.0.0.1:5173'
const address = '0x1111111111111111111111111111111111111111'

function fakeEvmAdapter() {
  const engine = {
    connect: vi.fn(async () => ({ status: 'connected' as const, address, chainId: 31337 })),
    reconnect: vi.fn(async () => false),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
    getBalance: vi.fn(async () => ({ value: 0n, decimals: 18, symbol: 'ETH' })),
    watchAccount: vi.fn(() => () => {}),
    getProvider: vi.fn(() => undefined),
    sendTransfer: vi.fn(async () => '0xhash'),
    signMessage: vi.fn(async () => '0xsignature'),
  } as unknown as AdapterEngine
  const watchConnectors = vi.fn(() => () => {})
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors,
    load: vi.fn(async () => engine),
  }
  return { adapter, watchConnectors }
}

function kitWith(storage = new MemoryStorage(), adapters: ChainAdapter[] = []) {
  return createAppKitCore({
    networks: [localChainA, localChainB],
    projectId: 'test',
    storage,
    adapters,
    apiUrl: 'http://127.0.0.1:1',
  })
}

const page = (search: string, opener?: unknown) =>
  ({ location: { origin: ORIGIN, search }, opener: opener ?? null }) as unknown as Window
const sameOriginOpener = { location: { origin: ORIGIN } }

describe('the page inside the returning social popup', () => {
  it('is recognised by a same-origin opener and the provider’s state with code or error', () => {
    expect(isSocialLoginReturn(page('?code=a&state=b', sameOriginOpener))).toBe(true)
    expect(isSocialLoginReturn(page('?state=b&error=access_denied', sameOriginOpener))).toBe(true)
    expect(isSocialLoginReturn(page('?code=a&state=b'))).toBe(false)
    expect(isSocialLoginReturn(page('?code=a', sameOriginOpener))).toBe(false)
    expect(isSocialLoginReturn(page('', sameOriginOpener))).toBe(false)
    // An opener on another origin (reading it throws) is not our popup.
    const foreign = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError')
      },
    }
    expect(isSocialLoginReturn(page('?code=a&state=b', foreign))).toBe(false)
  })

  it('start() does nothing there: no wallet discovery, no reconnect, no services', async () => {
    const storage = new MemoryStorage()
    storage.setItem(StorageKeys.connectedConnectorId('eip155'), AUTH_CONNECTOR_ID)
    vi.stubGlobal('window', page('?code=a&state=b', sameOriginOpener))
    const { adapter, watchConnectors } = fakeEvmAdapter()
    const kit = kitWith(storage, [adapter])
    kit.start()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(watchConnectors).not.toHaveBeenCalled()
    expect(adapter.load).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    kit.destroy()
  })
})

describe('destroy() before the page painted', () => {
  it('starts no adapter and reconnects nothing later', async () => {
    const storage = new MemoryStorage()
    storage.setItem(StorageKeys.connectedConnectorId('eip155'), 'io.metamask')
    vi.stubGlobal('window', page(''))
    const { adapter } = fakeEvmAdapter()
    const kit = kitWith(storage, [adapter])
    kit.start()
    kit.destroy()
    // Long enough for the connection chunk to load and the adapters to start, had they been.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(adapter.load).not.toHaveBeenCalled()
  })
})

describe('embedded.connectSocial', () => {
  it('opens the 600×800 popup synchronously, in the click, before anything loads', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } }
    const open = vi.fn(() => popup)
    vi.stubGlobal('window', { screenX: 0, screenY: 0, outerWidth: 1400, outerHeight: 1000, open })
    const kit = kitWith()
    const done = kit.embedded.connectSocial('google')
    expect(open).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledWith(
      '',
      SOCIAL_POPUP_NAME,
      'width=600,height=800,left=400,top=100',
    )
    // No document here, so the frame cannot load: the popup closes, the visitor is told.
    await done
    expect(popup.close).toHaveBeenCalled()
    expect(kit.stores.embedded.getState().social).toMatchObject({
      provider: 'google',
      busy: false,
      error: 'Failed to initiate social connection',
    })
  })

  it('refuses a provider without an OAuth flow (farcaster) and closes its popup', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } }
    vi.stubGlobal('window', { open: () => popup })
    const kit = kitWith()
    await kit.embedded.connectSocial('farcaster' as never)
    expect(popup.close).toHaveBeenCalled()
    expect(kit.stores.embedded.getState().social.error).toBe('Failed to initiate social connection')
  })

  it('a blocked popup (window.open gives null, or throws) is a null handle', () => {
    expect(openSocialPopup({ open: () => null } as unknown as Window)).toBeNull()
    const throwing = {
      open: () => {
        throw new Error('blocked')
      },
    } as unknown as Window
    expect(openSocialPopup(throwing)).toBeNull()
  })
})

describe('§3 connected social provider and username', () => {
  it('go when the auth connector disconnects, with the Telegram provider', async () => {
    const storage = new MemoryStorage()
    const { adapter } = fakeEvmAdapter()
    const kit = kitWith(storage, [adapter])
    await kit.connect(AUTH_CONNECTOR_ID)
    expect(storage.getItem(StorageKeys.connectedConnectorId('eip155'))).toBe(AUTH_CONNECTOR_ID)
    const entries = await kit.storage()
    entries.setConnectedSocialProvider('github')
    entries.setConnectedSocialUsername('octocat')
    entries.setTelegramSocialProvider('github')
    kit.stores.embedded.setState({
      user: { address, chainId: 31337, accounts: [], smartAccountDeployed: false },
    })
    await kit.disconnect()
    expect(storage.getItem(StorageKeys.connectedSocialProvider)).toBeNull()
    expect(storage.getItem(StorageKeys.connectedSocialUsername)).toBeNull()
    expect(storage.getItem(StorageKeys.telegramSocialProvider)).toBeNull()
    expect(kit.stores.embedded.getState().user).toBeUndefined()
  })

  it('stay when another wallet disconnects', async () => {
    const storage = new MemoryStorage()
    const { adapter } = fakeEvmAdapter()
    const kit = kitWith(storage, [adapter])
    await kit.connect('io.metamask')
    const entries = await kit.storage()
    entries.setConnectedSocialProvider('github')
    await kit.disconnect()
    expect(storage.getItem(StorageKeys.connectedSocialProvider)).toBe('github')
  })
})
