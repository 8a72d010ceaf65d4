import { describe, expect, it } from 'vitest'
import {
  acceptedCodes,
  type FrameReply,
  frameUser,
  refusedCodes,
  scriptedEmailLogin,
} from '../testing/emailFrame.ts'
import type { EmbeddedState } from './embeddedState.ts'

/** Signed in as a@example.com, on the UpdateEmailWallet view */
function signedIn(replies: Partial<Record<string, FrameReply>>) {
  const s = scriptedEmailLogin(replies)
  s.store.setState({ user: { ...frameUser, userName: 'alice' } })
  return s
}

const initialUpdate = { step: 'email', busy: false }

describe('email change (spec §5 UpdateEmailWallet)', () => {
  it('the new address, a code to the current one, a code to the new one: the user has the new email', async () => {
    const seen: EmbeddedState['update'][] = []
    const s = signedIn({
      APP_UPDATE_EMAIL: () => {
        seen.push(s.store.getState().update)
        return { action: 'VERIFY_PRIMARY_OTP' }
      },
      APP_UPDATE_EMAIL_PRIMARY_OTP: () => ({ action: 'VERIFY_SECONDARY_OTP' }),
      APP_UPDATE_EMAIL_SECONDARY_OTP: () => {
        seen.push(s.store.getState().update)
        return { email: 'b@example.com' }
      },
    })
    await s.login.submitNewEmail(' b@example.com ')
    expect(seen).toEqual([{ step: 'email', email: 'b@example.com', busy: true, error: undefined }])
    expect(s.store.getState().update).toEqual({
      step: 'VERIFY_PRIMARY_OTP',
      email: 'b@example.com',
      busy: false,
      error: undefined,
    })
    await s.login.submitUpdateOtp(' 1111 ')
    expect(s.store.getState().update).toMatchObject({ step: 'VERIFY_SECONDARY_OTP', busy: false })
    await s.login.submitUpdateOtp('2222')
    expect(seen[1]).toMatchObject({ step: 'VERIFY_SECONDARY_OTP', busy: true })
    expect(s.payloads).toEqual([
      ['APP_UPDATE_EMAIL', { email: 'b@example.com' }],
      ['APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: '1111' }],
      ['APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '2222' }],
    ])
    expect(s.store.getState().user).toEqual({
      ...frameUser,
      userName: 'alice',
      email: 'b@example.com',
    })
    expect(s.store.getState().update).toEqual(initialUpdate)
    expect(s.emailsUpdated).toEqual(['b@example.com'])
    // The login view is not part of it.
    expect(s.store.getState().login).toEqual({ step: 'email', busy: false })
  })

  it('when the frame asks for the new address only, the first code goes to it', async () => {
    const s = signedIn({
      APP_UPDATE_EMAIL: () => ({ action: 'VERIFY_SECONDARY_OTP' }),
      APP_UPDATE_EMAIL_SECONDARY_OTP: () => ({ email: 'b@example.com' }),
    })
    await s.login.submitNewEmail('b@example.com')
    await s.login.submitUpdateOtp('123456')
    expect(s.requests).toEqual(['APP_UPDATE_EMAIL', 'APP_UPDATE_EMAIL_SECONDARY_OTP'])
    expect(s.store.getState().user?.email).toBe('b@example.com')
    expect(s.emailsUpdated).toEqual(['b@example.com'])
  })

  it('an invalid new address is refused with APKTW002, without asking the frame', async () => {
    const s = signedIn({})
    await s.login.submitNewEmail('b@example')
    expect(s.store.getState().update).toEqual({
      ...initialUpdate,
      error: 'Please enter a valid email address',
    })
    expect(s.alerts).toEqual(['APKTW002'])
    expect(s.requests).toEqual([])
    expect(s.store.getState().login.error).toBeUndefined()
    // A host without an alert handler refuses it the same way.
    const quiet = scriptedEmailLogin({}, { alerts: false })
    await quiet.login.submitNewEmail('b@example')
    expect(quiet.store.getState().update.error).toBe('Please enter a valid email address')
  })

  it.each(refusedCodes)('refuses the code %j without asking the frame', async (code) => {
    const s = signedIn({ APP_UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }) })
    await s.login.submitNewEmail('b@example.com')
    await s.login.submitUpdateOtp(code)
    expect(s.store.getState().update).toMatchObject({
      step: 'VERIFY_PRIMARY_OTP',
      error: 'Enter the code from the email',
    })
    expect(s.requests).toEqual(['APP_UPDATE_EMAIL'])
  })

  it.each(acceptedCodes)('sends the code %j to the frame as %j', async (typed, sent) => {
    const seen: EmbeddedState['update'][] = []
    const s = signedIn({
      APP_UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
      APP_UPDATE_EMAIL_PRIMARY_OTP: () => {
        seen.push(s.store.getState().update)
        return { action: 'VERIFY_SECONDARY_OTP' }
      },
    })
    await s.login.submitNewEmail('b@example.com')
    await s.login.submitUpdateOtp('1')
    await s.login.submitUpdateOtp(typed)
    expect(s.payloads[1]).toEqual(['APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: sent }])
    // The earlier format error is gone while the frame checks the code.
    expect(seen).toEqual([
      { step: 'VERIFY_PRIMARY_OTP', email: 'b@example.com', busy: true, error: undefined },
    ])
  })

  it("a refused code shows the frame's error on the step; starting over clears it", async () => {
    const refusal = new Error('Invalid code')
    const s = signedIn({
      APP_UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
      APP_UPDATE_EMAIL_PRIMARY_OTP: () => {
        throw refusal
      },
    })
    await s.login.submitNewEmail('b@example.com')
    await s.login.submitUpdateOtp('000000')
    expect(s.store.getState().update).toEqual({
      step: 'VERIFY_PRIMARY_OTP',
      email: 'b@example.com',
      busy: false,
      error: 'Invalid code',
    })
    expect(s.events).toEqual([['CONNECT_ERROR', { message: 'Invalid code' }]])
    expect(s.store.getState().login.error).toBeUndefined()
    expect(s.store.getState().user?.email).toBe('a@example.com')
    expect(s.emailsUpdated).toEqual([])
    s.login.restartUpdate()
    expect(s.store.getState().update).toEqual(initialUpdate)
  })

  it('a frame that does not load stops the change at the address, in the spec words', async () => {
    const s = scriptedEmailLogin({}, { session: () => Promise.reject(new Error('timed out')) })
    await s.login.submitNewEmail('b@example.com')
    expect(s.store.getState().update).toEqual({
      step: 'email',
      email: 'b@example.com',
      busy: false,
      error: 'Unable to load email login dependency',
    })
  })
})
