import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { localChainA } from '../networks.ts'
import {
  FakePopup,
  PAGE,
  redirect,
  scriptedSocialLogin,
  socialUser,
} from '../testing/socialFrame.ts'
import { returnedUri } from './socialLogin.ts'

const setup = scriptedSocialLogin
const user = socialUser

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
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'google' }],
    ])
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
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'github' }],
      ['CONNECT_ERROR', { message: 'Popup closed', provider: 'github' }],
    ])
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
    expect(s.events.map(([event]) => event)).toEqual(['SOCIAL_LOGIN_STARTED', 'CONNECT_ERROR'])
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
    // Two attempts started; a cancelled one is no error
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SOCIAL_LOGIN_STARTED', { provider: 'github' }],
    ])
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
