import { describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { defineNetwork, localChainA, localSolana } from '../networks.ts'
import {
  acceptedCodes,
  pendingReply,
  refusedCodes,
  scriptedEmailLogin as setup,
  frameUser as user,
} from '../testing/emailFrame.ts'
import { createEmailLogin } from './emailLogin.ts'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'

const switchToChainA = {
  chainId: Number(localChainA.id),
  rpcUrl: localChainA.rpcUrls.default.http[0],
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
    expect(s.store.getState().login).toEqual({ step: 'otp', email: 'a@example.com', busy: false })
    await s.login.submitOtp('12ab')
    expect(s.store.getState().login.error).toBe('Enter the code from the email')
    await s.login.submitOtp('123456')
    expect(s.payloads).toEqual([
      ['APP_CONNECT_EMAIL', { email: 'a@example.com' }],
      ['APP_CONNECT_OTP', { otp: '123456' }],
      ['APP_SWITCH_NETWORK', switchToChainA],
      ['APP_GET_USER', {}],
    ])
    expect(s.connected).toEqual([user])
    expect(s.providerUsers).toEqual([user])
    expect(s.store.getState().user).toEqual(user)
    // Analytics (README "Analytics"): each step, never the address itself
    expect(s.events).toEqual([
      ['EMAIL_SUBMITTED', undefined],
      ['EMAIL_VERIFICATION_CODE_SENT', undefined],
      ['EMAIL_VERIFICATION_CODE_PASS', undefined],
    ])
    // Signed in: the view is back at its first step, with no error left over.
    expect(s.store.getState().login).toEqual({ step: 'email', email: 'a@example.com', busy: false })
    s.advance(12_400)
    await s.login.submitEmail('a@example.com')
    expect(s.store.getState().login.error).toBe('Please try again after 18 seconds')
    s.advance(17_600)
    await s.login.submitEmail('a@example.com')
    expect(s.requests.filter((r) => r === 'APP_CONNECT_EMAIL')).toHaveLength(2)
  })

  it('CONNECT: a device the frame already knows connects without a code, showing "connecting" meanwhile', async () => {
    const seen: EmbeddedState['login'][] = []
    const s = setup({
      APP_CONNECT_EMAIL: () => {
        seen.push(s.store.getState().login)
        return { action: 'CONNECT' }
      },
      APP_SWITCH_NETWORK: () => ({}),
      APP_GET_USER: () => {
        seen.push(s.store.getState().login)
        return user
      },
    })
    await s.login.submitEmail('bob@')
    await s.login.submitEmail('a@example.com')
    expect(seen).toEqual([
      { step: 'email', email: 'a@example.com', busy: true, error: undefined },
      { step: 'connecting', email: 'a@example.com', busy: true, error: undefined },
    ])
    expect(s.requests).toEqual(['APP_CONNECT_EMAIL', 'APP_SWITCH_NETWORK', 'APP_GET_USER'])
    expect(s.connected).toEqual([user])
    expect(s.store.getState().login).toEqual({ step: 'email', email: 'a@example.com', busy: false })
  })

  it('VERIFY_DEVICE: the device step waits for the approval, then the code is asked for', async () => {
    const seen: EmbeddedState['login'][] = []
    const device = pendingReply({})
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: (payload) => {
        seen.push(s.store.getState().login)
        return device.reply(payload)
      },
    })
    const submitted = s.login.submitEmail('a@example.com')
    await device.asked
    device.release()
    await submitted
    expect(seen).toEqual([
      { step: 'device', email: 'a@example.com', busy: false, error: undefined },
    ])
    expect(s.store.getState().login).toEqual({ step: 'otp', email: 'a@example.com', busy: false })
    expect(s.connected).toEqual([])
  })

  it.each([
    ['a Solana network', localSolana],
    [
      'an EVM network the embedded wallet does not support',
      defineNetwork({
        id: 5_000_001,
        name: 'Elsewhere',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
      }),
    ],
  ])('on %s the wallet is not switched before the user is read', async (_, network) => {
    const s = setup(
      { APP_CONNECT_EMAIL: () => ({ action: 'CONNECT' }), APP_GET_USER: () => user },
      { network },
    )
    await s.login.submitEmail('a@example.com')
    expect(s.requests).toEqual(['APP_CONNECT_EMAIL', 'APP_GET_USER'])
    expect(s.connected).toEqual([user])
  })

  it('asks the frame for the smart account when the modal prefers it; the frame answers which one it is', async () => {
    let offered = true
    const replies = {
      APP_CONNECT_EMAIL: () => ({ action: 'CONNECT' }),
      APP_SWITCH_NETWORK: () => ({}),
      APP_SET_PREFERRED_ACCOUNT: () => {
        if (!offered) throw new Error('Smart accounts are not available')
        return { type: 'smartAccount', address: '0xsmart' }
      },
      APP_GET_USER: () => ({ ...user, preferredAccountType: offered ? 'smartAccount' : 'eoa' }),
    }
    const smart = setup(replies, { accountType: () => 'smartAccount' })
    await smart.login.submitEmail('a@example.com')
    expect(smart.requests).toEqual([
      'APP_CONNECT_EMAIL',
      'APP_SWITCH_NETWORK',
      'APP_SET_PREFERRED_ACCOUNT',
      'APP_GET_USER',
    ])
    expect(smart.payloads[2]).toEqual(['APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }])
    expect(smart.connected[0]?.preferredAccountType).toBe('smartAccount')

    // Not offered on this network: the login goes on with the EOA.
    offered = false
    const refused = setup(replies, { accountType: () => 'smartAccount' })
    await refused.login.submitEmail('a@example.com')
    expect(refused.connected[0]?.preferredAccountType).toBe('eoa')
    expect(refused.store.getState().login.error).toBeUndefined()
    expect(refused.logs).toContainEqual([
      'no smart account on this network',
      new Error('Smart accounts are not available'),
    ])

    const eoa = setup(replies, { accountType: () => 'eoa' })
    await eoa.login.submitEmail('a@example.com')
    expect(eoa.requests).not.toContain('APP_SET_PREFERRED_ACCOUNT')
  })

  it.each(refusedCodes)('refuses the code %j without asking the frame', async (code) => {
    const s = setup({ APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }) })
    await s.login.submitEmail('a@example.com')
    await s.login.submitOtp(code)
    expect(s.store.getState().login).toMatchObject({
      step: 'otp',
      error: 'Enter the code from the email',
    })
    expect(s.requests).toEqual(['APP_CONNECT_EMAIL'])
  })

  it.each(acceptedCodes)('sends the code %j to the frame as %j', async (typed, sent) => {
    const seen: EmbeddedState['login'][] = []
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: () => {
        seen.push(s.store.getState().login)
        throw new Error('Invalid code')
      },
    })
    await s.login.submitEmail('a@example.com')
    await s.login.submitOtp('1')
    await s.login.submitOtp(typed)
    expect(s.payloads[1]).toEqual(['APP_CONNECT_OTP', { otp: sent }])
    // The earlier format error is gone while the frame checks the code.
    expect(seen).toEqual([{ step: 'otp', email: 'a@example.com', busy: true, error: undefined }])
  })

  it("shows the frame's error under the field, stays on the step and reports CONNECT_ERROR", async () => {
    const refusal = new Error('Invalid code')
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: () => {
        throw refusal
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
    expect(s.events).toEqual([
      ['EMAIL_SUBMITTED', undefined],
      ['EMAIL_VERIFICATION_CODE_SENT', undefined],
      ['EMAIL_VERIFICATION_CODE_FAIL', { message: 'Invalid code' }],
      ['CONNECT_ERROR', { message: 'Invalid code' }],
    ])
    expect(s.logs).toEqual([['email login step failed', refusal]])
  })

  it("a refusal the frame does not explain reads 'Something went wrong'", async () => {
    const s = setup({
      APP_CONNECT_EMAIL: () => {
        throw {}
      },
    })
    await s.login.submitEmail('a@example.com')
    expect(s.store.getState().login).toEqual({
      step: 'email',
      email: 'a@example.com',
      busy: false,
      error: 'Something went wrong',
    })
  })

  it('a device approved after the visitor chose another email does not move the new attempt', async () => {
    const devices = [pendingReply({}), pendingReply({})]
    let asked = 0
    const s = setup({
      APP_CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: (payload) => devices[asked++]?.reply(payload),
    })
    const first = s.login.submitEmail('a@example.com')
    await devices[0]?.asked
    s.login.restart()
    expect(s.store.getState().login).toEqual({ step: 'email', busy: false })
    s.advance(30_000)
    const second = s.login.submitEmail('b@example.com')
    await devices[1]?.asked
    devices[0]?.release()
    await first
    expect(s.store.getState().login).toEqual({
      step: 'device',
      email: 'b@example.com',
      busy: false,
    })
    devices[1]?.release()
    await second
    expect(s.store.getState().login).toEqual({ step: 'otp', email: 'b@example.com', busy: false })
  })

  it('a frame that does not load, or does not get ready, says so in the spec words', async () => {
    const store = createStore<EmbeddedState>(initialEmbeddedState)
    const login = createEmailLogin({
      store,
      session: () => Promise.reject(new Error('frame timed out')),
      network: () => localChainA,
      connectUser: async () => undefined,
      onEmailUpdated: () => undefined,
      track: () => undefined,
      log: () => undefined,
      now: () => 0,
    })
    // Without an alert handler an invalid email is still refused.
    await login.submitEmail('bob@')
    expect(store.getState().login.error).toBe('Please enter a valid email address')
    await login.submitEmail('a@example.com')
    expect(store.getState().login.error).toBe('Unable to load email login dependency')

    const notReady = new Error('handshake failed')
    const s = setup({}, { ready: () => Promise.reject(notReady) })
    await s.login.submitEmail('a@example.com')
    expect(s.store.getState().login.error).toBe('Unable to load email login dependency')
    expect(s.requests).toEqual([])
    expect(s.logs[0]).toEqual(['the embedded wallet frame did not load', notReady])
  })
})
