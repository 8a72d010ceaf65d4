import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AUTHORIZE,
  FakePopup,
  type FrameReply,
  redirect,
  scriptedSocialLogin as setup,
  socialUser as user,
} from '../testing/socialFrame.ts'

/** A frame answer the test releases by hand */
function held(value: unknown) {
  let release: () => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const reply: FrameReply = () =>
    new Promise((resolve, reject) => {
      release = () => resolve(value)
      fail = reject
    })
  return { reply, release: () => release(), fail: (error: Error) => fail(error) }
}

/** Two attempts' popups; the frame holds the first redirect URI and answers later ones at once. */
function firstRedirectHeld() {
  const first = held({ uri: AUTHORIZE })
  let asked = 0
  const s = setup({
    APP_GET_SOCIAL_REDIRECT_URI: (payload) =>
      asked++ === 0 ? first.reply(payload) : { uri: `${AUTHORIZE}&second` },
  })
  return { s, first, popupA: new FakePopup(), popupB: new FakePopup() }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('social login attempts (spec §4)', () => {
  it('a second click while the first waits for its redirect: the first popup closes, its late URI goes nowhere', async () => {
    const { s, first, popupA, popupB } = firstRedirectHeld()
    const one = s.login.connect('google', popupA)
    await vi.advanceTimersByTimeAsync(0)
    const two = s.login.connect('github', popupB)
    await vi.advanceTimersByTimeAsync(0)
    expect(popupA.closed).toBe(true)
    first.release()
    await one
    expect(popupB.sentTo).toBe(`${AUTHORIZE}&second`)
    expect(popupA.sentTo).toBe('about:blank')
    expect(s.telegram).toEqual(['github'])
    expect(s.store.getState().social).toMatchObject({ provider: 'github', step: 'popup' })
    s.login.cancel()
    await two
  })

  it('click, cancel, click again: the first late URI still goes nowhere', async () => {
    const { s, first, popupA, popupB } = firstRedirectHeld()
    const one = s.login.connect('google', popupA)
    await vi.advanceTimersByTimeAsync(0)
    s.login.cancel()
    const two = s.login.connect('github', popupB)
    await vi.advanceTimersByTimeAsync(0)
    first.release()
    await one
    expect(popupA.sentTo).toBe('about:blank')
    expect(s.telegram).toEqual(['github'])
    expect(s.store.getState().social).toMatchObject({ provider: 'github', step: 'popup' })
    s.login.cancel()
    await two
  })

  it("a first attempt's refused redirect, arriving after a second click, does not fail the second", async () => {
    const first = held({ uri: AUTHORIZE })
    let asked = 0
    const s = setup({
      APP_GET_SOCIAL_REDIRECT_URI: (payload) =>
        asked++ === 0 ? first.reply(payload) : { uri: AUTHORIZE },
    })
    const popupB = new FakePopup()
    const one = s.login.connect('google', new FakePopup())
    await vi.advanceTimersByTimeAsync(0)
    const two = s.login.connect('github', popupB)
    await vi.advanceTimersByTimeAsync(0)
    first.fail(new Error('Failed to initiate social connection'))
    await one
    expect(s.store.getState().social).toEqual({
      provider: 'github',
      step: 'popup',
      busy: true,
      error: undefined,
    })
    expect(popupB.closed).toBe(false)
    // Two attempts started; the first one's late refusal is no error of the second
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SOCIAL_LOGIN_STARTED', { provider: 'github' }],
    ])
    s.login.cancel()
    await two
  })

  it('while the frame signs in, cancel and new clicks wait: the login finishes, a new popup closes', async () => {
    const signIn = held(user)
    const s = setup({ ...redirect, APP_CONNECT_SOCIAL: signIn.reply })
    const popup = new FakePopup()
    const done = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    popup.returnTo('code=abc&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(s.store.getState().social).toMatchObject({ step: 'connecting', busy: true })
    s.login.cancel()
    const another = new FakePopup()
    await s.login.connect('github', another)
    expect(another.closed).toBe(true)
    expect(s.store.getState().social).toMatchObject({ provider: 'google', step: 'connecting' })
    signIn.release()
    await done
    expect(s.connected).toHaveLength(1)
    expect(s.store.getState().social).toEqual({ busy: false })
    // Signed in: the next click is an attempt of its own again.
    const next = new FakePopup()
    const again = s.login.connect('github', next)
    await vi.advanceTimersByTimeAsync(0)
    expect(s.store.getState().social).toMatchObject({ provider: 'github', step: 'popup' })
    expect(next.closed).toBe(false)
    s.login.cancel()
    await again
    expect(next.closed).toBe(true)
  })

  it('a click without a new popup while the frame signs in is ignored', async () => {
    const signIn = held(user)
    const s = setup({ ...redirect, APP_CONNECT_SOCIAL: signIn.reply })
    const popup = new FakePopup()
    const done = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    popup.returnTo('code=abc&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await s.login.connect('github', null)
    expect(s.store.getState().social).toMatchObject({ provider: 'google', step: 'connecting' })
    signIn.release()
    await done
    expect(s.store.getState().social).toEqual({ busy: false })
  })

  it('after a refused sign-in a new click starts over', async () => {
    let refuse = true
    const s = setup({
      ...redirect,
      APP_CONNECT_SOCIAL: () => {
        if (refuse) throw {}
        return user
      },
    })
    const popup = new FakePopup()
    const done = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    popup.returnTo('code=abc&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    // A refusal the frame does not explain is said in the frame's words.
    expect(s.store.getState().social).toEqual({
      provider: 'google',
      busy: false,
      step: undefined,
      error: 'Something went wrong',
    })
    expect(s.logs).toEqual([['social login failed', {}]])
    refuse = false
    const next = new FakePopup()
    const again = s.login.connect('google', next)
    await vi.advanceTimersByTimeAsync(0)
    next.returnTo('code=def&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await again
    expect(s.connected).toHaveLength(1)
  })

  it("a popup the visitor closed is not closed again, and the error is not logged as the frame's", async () => {
    const s = setup(redirect)
    const popup = new FakePopup()
    const done = s.login.connect('github', popup)
    await vi.advanceTimersByTimeAsync(0)
    popup.close()
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(popup.closeCalls).toBe(1)
    expect(s.logs).toEqual([])
  })

  it('a provider without an OAuth flow closes its popup and fails without a log; a blocked popup logs', async () => {
    const s = setup(redirect)
    const popup = new FakePopup()
    await s.login.connect('farcaster' as never, popup)
    expect(popup.closed).toBe(true)
    expect(s.store.getState().social).toMatchObject({
      provider: 'farcaster',
      error: 'Failed to initiate social connection',
    })
    expect(s.events).toEqual([
      ['CONNECT_ERROR', { message: 'Failed to initiate social connection', provider: 'farcaster' }],
    ])
    expect(s.logs).toEqual([])
    expect(s.requests).toEqual([])
    await s.login.connect('google', null)
    expect(s.logs).toEqual([['social login failed', 'no popup']])
  })

  it('outside a Telegram Mini App nothing is remembered for Telegram, and the login works', async () => {
    const s = setup({ ...redirect, APP_CONNECT_SOCIAL: () => user }, { telegram: false })
    const popup = new FakePopup()
    const done = s.login.connect('google', popup)
    await vi.advanceTimersByTimeAsync(0)
    expect(popup.sentTo).toBe(AUTHORIZE)
    popup.returnTo('code=abc&state=s1')
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(s.connected).toHaveLength(1)
  })
})
