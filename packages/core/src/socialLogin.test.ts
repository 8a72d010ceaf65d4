import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import { localChainA } from './networks.ts'
import { createSocialLogin, returnedUri, type SocialPopup } from './socialLogin.ts'

const PAGE = 'http://127.0.0.1:5173/'
const AUTHORIZE = 'http://127.0.0.1:8790/auth?client_id=google&state=s1&code_challenge=c'

/**
 * A popup as the opener sees it: about:blank (readable), then the provider's page on another
 * origin (reading `location.href` throws), then our page again with the provider's answer.
 */
class FakePopup implements SocialPopup {
  closed = false
  closeCalls = 0
  private href = 'about:blank'
  private crossOrigin = false
  readonly location: { href: string }

  constructor() {
    const popup = this
    this.location = {
      get href() {
        if (popup.crossOrigin) throw new DOMException('Blocked a frame', 'SecurityError')
        return popup.href
      },
      set href(value: string) {
        popup.href = value
        popup.crossOrigin = !value.startsWith(PAGE)
      },
    }
  }

  /** The provider sends the visitor back to our page */
  returnTo(query: string) {
    this.href = `${PAGE}?${query}`
    this.crossOrigin = false
  }

  close() {
    this.closeCalls++
    this.closed = true
  }
}

type Reply = (payload: unknown) => unknown

const user = {
  email: 'alice@google.example',
  address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A',
  chainId: 31337,
  accounts: [{ address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A', type: 'EOA' as const }],
  userName: 'alice',
  smartAccountDeployed: false,
}

function setup(replies: Partial<Record<string, Reply>>, options: { frame?: 'fails' } = {}) {
  const store = createStore<EmbeddedState>(initialEmbeddedState)
  const requests: [string, unknown][] = []
  const events: [string, unknown][] = []
  const connected: unknown[] = []
  const remembered: unknown[] = []
  const telegram: string[] = []
  const session = {
    client: {
      ready: async () => undefined,
      request: async (type: string, payload: unknown) => {
        requests.push([type, payload])
        const reply = replies[type]
        if (!reply) throw new Error(`unexpected ${type}`)
        return reply(payload)
      },
    },
    provider: { setUser: () => undefined },
  } as unknown as EmbeddedSession
  const login = createSocialLogin({
    store,
    session: async () => {
      if (options.frame === 'fails') throw new Error('frame timed out')
      return session
    },
    network: () => localChainA,
    accountType: () => 'eoa',
    connectUser: async (u) => void connected.push(u),
    rememberConnected: (provider, userName) => void remembered.push([provider, userName]),
    rememberTelegram: (provider) => void telegram.push(provider),
    track: (event, properties) => void events.push([event, properties]),
    log: () => undefined,
  })
  return { store, login, requests, events, connected, remembered, telegram }
}

const redirect = { APP_GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }) }

describe('social login popup (spec §4, §8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('aims the popup at the provider, and on its return closes it, signs in and connects', async () => {
    const s = setup({ ...redirect, APP_CONNECT_SOCIAL: () => user })
    const popup = new FakePopup()
    const done = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    expect(s.store.getState().social).toEqual({
      provider: 'google',
      step: 'popup',
      busy: true,
      error: undefined,
    })
    expect(s.requests).toEqual([['APP_GET_SOCIAL_REDIRECT_URI', { provider: 'google' }]])
    expect(s.telegram).toEqual(['google'])
    expect(() => popup.location.href).toThrow() // on the provider's origin now
    // The visitor takes a while on the provider's page: polled every second, nothing happens.
    await vi.advanceTimersByTimeAsync(30_000)
    expect(popup.closed).toBe(false)
    popup.returnTo('code=abc&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(popup.closeCalls).toBe(1)
    expect(s.requests[1]).toEqual([
      'APP_CONNECT_SOCIAL',
      {
        uri: `${PAGE}?code=abc&state=s1`,
        preferredAccountType: 'eoa',
        chainId: Number(localChainA.id),
        rpcUrl: localChainA.rpcUrls.default.http[0],
      },
    ])
    const signedIn = { ...user, preferredAccountType: 'eoa', authProvider: 'google' }
    expect(s.connected).toEqual([signedIn])
    expect(s.store.getState().user).toEqual(signedIn)
    expect(s.remembered).toEqual([['google', 'alice']])
    expect(s.events).toEqual([['SOCIAL_LOGIN_SUCCESS', { provider: 'google' }]])
    expect(s.store.getState().social).toEqual({ busy: false })
  })

  it("a closed popup ends the attempt with 'Popup closed' (and CONNECT_ERROR)", async () => {
    const s = setup(redirect)
    const popup = new FakePopup()
    const done = s.login.connect('github', popup)
    await vi.advanceTimersByTimeAsync(2_000)
    popup.close()
    await vi.advanceTimersByTimeAsync(999)
    expect(s.store.getState().social.busy).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(s.store.getState().social).toMatchObject({ busy: false, error: 'Popup closed' })
    expect(s.events).toEqual([['CONNECT_ERROR', { message: 'Popup closed', provider: 'github' }]])
    expect(s.requests.map(([type]) => type)).toEqual(['APP_GET_SOCIAL_REDIRECT_URI'])
    expect(s.connected).toEqual([])
  })

  it("a redirect URI the frame refuses closes the popup: 'Failed to initiate social connection'", async () => {
    const s = setup({
      APP_GET_SOCIAL_REDIRECT_URI: () => {
        throw new Error('Failed to initiate social connection')
      },
    })
    const popup = new FakePopup()
    await s.login.connect('apple', popup)
    expect(popup.closed).toBe(true)
    expect(s.store.getState().social).toMatchObject({
      busy: false,
      error: 'Failed to initiate social connection',
    })
    expect(s.events[0]?.[0]).toBe('CONNECT_ERROR')
    // Nothing keeps polling afterwards.
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a frame that does not load, or a blocked popup, fail to initiate too', async () => {
    const s = setup(redirect, { frame: 'fails' })
    const popup = new FakePopup()
    await s.login.connect('x', popup)
    expect(popup.closed).toBe(true)
    expect(s.store.getState().social.error).toBe('Failed to initiate social connection')

    const blocked = setup(redirect)
    await blocked.login.connect('x', null)
    expect(blocked.store.getState().social).toMatchObject({
      provider: 'x',
      busy: false,
      error: 'Failed to initiate social connection',
    })
    expect(blocked.requests).toEqual([])
  })

  it('gives up after 120 s: the popup closes and the visitor is told', async () => {
    const s = setup(redirect)
    const popup = new FakePopup()
    const done = s.login.connect('discord', popup)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(popup.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(popup.closed).toBe(true)
    expect(s.store.getState().social).toMatchObject({ busy: false, error: 'Request timed out' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it("the provider's error answer goes to the frame, and its refusal is shown", async () => {
    const s = setup({
      ...redirect,
      APP_CONNECT_SOCIAL: () => {
        throw new Error('Failed to connect')
      },
    })
    const popup = new FakePopup()
    const done = s.login.connect('facebook', popup)
    await vi.advanceTimersByTimeAsync(0)
    popup.returnTo('error=access_denied&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(popup.closed).toBe(true)
    expect(s.requests[1]?.[1]).toMatchObject({ uri: `${PAGE}?error=access_denied&state=s1` })
    expect(s.store.getState().social).toMatchObject({ busy: false, error: 'Failed to connect' })
    expect(s.connected).toEqual([])
    expect(s.remembered).toEqual([])
  })

  it('a second click restarts with the same (reused) popup; cancel closes it', async () => {
    const s = setup(redirect)
    const popup = new FakePopup()
    const first = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    const second = s.login.connect('github', popup)
    await first
    await vi.advanceTimersByTimeAsync(0)
    expect(popup.closed).toBe(false)
    expect(s.store.getState().social).toMatchObject({ provider: 'github', busy: true })
    s.login.cancel()
    await second
    expect(popup.closed).toBe(true)
    expect(s.store.getState().social).toEqual({ busy: false, step: undefined, provider: undefined })
    expect(vi.getTimerCount()).toBe(0)
    expect(s.events).toEqual([])
  })
})

describe('returnedUri', () => {
  const at = (href: string) => ({ closed: false, close() {}, location: { href } })
  it('needs state and code, or state and error', () => {
    expect(returnedUri(at(`${PAGE}?code=1&state=2`))).toBe(`${PAGE}?code=1&state=2`)
    expect(returnedUri(at(`${PAGE}?state=2&error=access_denied`))).toBeDefined()
    expect(returnedUri(at(`${PAGE}?code=1`))).toBeUndefined()
    expect(returnedUri(at(`${PAGE}?state=2&code_challenge=x`))).toBeUndefined()
    expect(returnedUri(at('about:blank'))).toBeUndefined()
  })
})
