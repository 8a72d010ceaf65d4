import { describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { createEmailLogin } from './emailLogin.ts'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import { localChainA } from './networks.ts'

type Reply = (payload: unknown) => unknown

/**
 * The controller's steps against a scripted frame (the real frame runs in the e2e tests: it
 * needs a browser and its own origin). Each request type answers from `replies`.
 */
function setup(replies: Partial<Record<string, Reply>>) {
  const store = createStore<EmbeddedState>(initialEmbeddedState)
  const requests: string[] = []
  const alerts: string[] = []
  const connected: unknown[] = []
  let now = 1_000_000
  const session = {
    client: {
      ready: async () => undefined,
      request: async (type: string, payload: unknown) => {
        requests.push(type)
        const reply = replies[type]
        if (!reply) throw new Error(`unexpected ${type}`)
        return reply(payload)
      },
    },
    provider: { setUser: () => undefined },
  } as unknown as EmbeddedSession
  const login = createEmailLogin({
    store,
    session: async () => session,
    network: () => localChainA,
    connectUser: async (user) => void connected.push(user),
    raise: (code) => void alerts.push(code),
    onEmailUpdated: () => undefined,
    track: () => undefined,
    log: () => undefined,
    now: () => now,
  })
  return {
    store,
    login,
    requests,
    alerts,
    connected,
    advance: (ms: number) => {
      now += ms
    },
  }
}

const user = {
  email: 'a@example.com',
  address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A',
  chainId: 31337,
  accounts: [],
  smartAccountDeployed: false,
}

describe('email login steps (spec §4, §5)', () => {
  it('refuses an invalid email with the spec text and APKTW002, without asking the frame', async () => {
    const s = setup({})
    await s.login.submitEmail('bob@')
    expect(s.store.getState().login.error).toBe('Please enter a valid email address')
    expect(s.alerts).toEqual(['APKTW002'])
    expect(s.requests).toEqual([])
  })

  it('VERIFY_OTP → the code → user on the network → connected; a second login within 30 s is refused', async () => {
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: () => ({}),
      APP_SWITCH_NETWORK: (p) => ({ chainId: (p as { chainId: number }).chainId }),
      APP_GET_USER: () => user,
    })
    await s.login.submitEmail(' a@example.com ')
    expect(s.store.getState().login).toMatchObject({ step: 'otp', email: 'a@example.com' })
    await s.login.submitOtp('12ab')
    expect(s.store.getState().login.error).toBe('Enter the code from the email')
    await s.login.submitOtp('123456')
    expect(s.requests).toEqual([
      'APP_CONNECT_EMAIL',
      'APP_CONNECT_OTP',
      'APP_SWITCH_NETWORK',
      'APP_GET_USER',
    ])
    expect(s.connected).toEqual([user])
    expect(s.store.getState().user).toEqual(user)
    s.advance(12_400)
    await s.login.submitEmail('a@example.com')
    expect(s.store.getState().login.error).toBe('Please try again after 18 seconds')
    s.advance(17_600)
    await s.login.submitEmail('a@example.com')
    expect(s.requests.filter((r) => r === 'APP_CONNECT_EMAIL')).toHaveLength(2)
  })

  it("shows the frame's error under the field and stays on the step", async () => {
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: () => {
        throw new Error('Invalid code')
      },
    })
    await s.login.submitEmail('a@example.com')
    await s.login.submitOtp('000000')
    expect(s.store.getState().login).toMatchObject({
      step: 'otp',
      busy: false,
      error: 'Invalid code',
    })
    expect(s.connected).toEqual([])
  })

  it('a device approved after the visitor chose another email does not move the new attempt', async () => {
    let approve: () => void = () => undefined
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: () => new Promise<object>((resolve) => (approve = () => resolve({}))),
    })
    const first = s.login.submitEmail('a@example.com')
    await expect.poll(() => s.store.getState().login.step).toBe('device')
    await s.login.restart()
    expect(s.store.getState().login.step).toBe('email')
    approve()
    await first
    expect(s.store.getState().login).toEqual({ step: 'email', busy: false })
  })

  it('a frame that does not load says so in the spec words', async () => {
    const s = setup({})
    const login = createEmailLogin({
      store: s.store,
      session: () => Promise.reject(new Error('frame timed out')),
      network: () => localChainA,
      connectUser: async () => undefined,
      onEmailUpdated: () => undefined,
      track: () => undefined,
      log: () => undefined,
      now: () => 0,
    })
    await login.submitEmail('a@example.com')
    expect(s.store.getState().login.error).toBe('Unable to load email login dependency')
  })
})
