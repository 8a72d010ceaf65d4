import { AUTH_CONNECTOR_ID, ErrorText } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { frameUser } from '../../../../core/src/testing/emailFrame.ts'
import { en, format } from '../../messages.ts'
import {
  type FrameAnswer,
  heldAnswer,
  refuse,
  reply,
  scriptedFrame,
} from '../../testing/scriptedFrame.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import EmailLogin from './EmailLogin.tsx'

afterEach(cleanup)

const EMAIL = 'visitor@example.com'

/** The view on an instance whose embedded wallet frame answers as `answers` say. */
function emailLogin(answers: Record<string, FrameAnswer> = {}) {
  const frame = scriptedFrame(answers)
  const { appKit, engine, show } = withScriptedWallet()
  // Its frame goes with it.
  onTestFinished(() => appKit.destroy())
  show(<EmailLogin />)
  return { appKit, engine, frame }
}

/** The user once signed in: the network switch and the user, as the frame answers them */
const signIn = {
  APP_SWITCH_NETWORK: reply({ chainId: localChainA.id }),
  APP_GET_USER: reply(frameUser),
}

const step = () => document.querySelector('[data-view="EmailLogin"]')?.getAttribute('data-step')
function submit(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: en.continue }))
}
const waitingText = () => format(en.deviceSentTo, { email: EMAIL })

describe('EmailLogin', () => {
  it('sends the email to the frame; the code step names the address; the code signs the visitor in', async () => {
    const { appKit, engine, frame } = emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: reply({}),
      ...signIn,
    })
    submit(en.email, ` ${EMAIL} `)
    expect(await screen.findByText(format(en.otpSentTo, { email: EMAIL }))).toBeTruthy()
    const code = screen.getByLabelText(en.otpCode)
    expect(document.activeElement).toBe(code)
    expect(frame.requests).toEqual([['APP_CONNECT_EMAIL', { email: EMAIL }]])
    expect(screen.getByRole('button', { name: en.useAnotherEmail })).toBeTruthy()

    submit(en.otpCode, '123456')
    await waitFor(() => expect(step()).toBe('email'))
    expect(frame.requests.map(([type]) => type)).toEqual([
      'APP_CONNECT_EMAIL',
      'APP_CONNECT_OTP',
      'APP_SWITCH_NETWORK',
      'APP_GET_USER',
    ])
    expect(frame.requests[1]).toEqual(['APP_CONNECT_OTP', { otp: '123456' }])
    expect(engine.connect.mock.calls.map(([id]) => id)).toEqual([AUTH_CONNECTOR_ID])
    expect(appKit.core.stores.account.getState()).toMatchObject({
      status: 'connected',
      connectorId: AUTH_CONNECTOR_ID,
    })
    expect(appKit.core.stores.embedded.getState().user?.email).toBe(frameUser.email)
  })

  it('Continue says Loading… and is disabled until the frame answers', async () => {
    const held = heldAnswer({ action: 'VERIFY_OTP' })
    const { frame } = emailLogin({ APP_CONNECT_EMAIL: held.answer })
    submit(en.email, EMAIL)
    const button = screen.getByTestId('email-login-submit') as HTMLButtonElement
    await waitFor(() => expect(frame.requests).toHaveLength(1))
    expect(button.textContent).toBe(en.loading)
    expect(button.disabled).toBe(true)
    held.give()
    expect(await screen.findByLabelText(en.otpCode)).toBeTruthy()
  })

  it('a new device waits for the approval from the email, then asks for the code', async () => {
    const approval = heldAnswer()
    const { frame } = emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: approval.answer,
    })
    submit(en.email, EMAIL)
    expect(await screen.findByText(waitingText())).toBeTruthy()
    expect(screen.getByText(en.waitingForDevice)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    await waitFor(() =>
      expect(frame.requests.map(([type]) => type)).toContain('APP_CONNECT_DEVICE'),
    )
    approval.give()
    expect(await screen.findByText(format(en.otpSentTo, { email: EMAIL }))).toBeTruthy()
    expect(step()).toBe('otp')
  })

  it('Use another email goes back to an empty email field; a late device approval does not move it', async () => {
    const approval = heldAnswer()
    const { frame } = emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: approval.answer,
    })
    submit(en.email, EMAIL)
    await waitFor(() =>
      expect(frame.requests.map(([type]) => type)).toContain('APP_CONNECT_DEVICE'),
    )
    fireEvent.click(screen.getByRole('button', { name: en.useAnotherEmail }))
    await waitFor(() => expect(step()).toBe('email'))
    expect((screen.getByLabelText(en.email) as HTMLInputElement).value).toBe('')
    // The answer lands within the task that gives it.
    await act(async () => {
      approval.give()
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(step()).toBe('email')
    expect(screen.queryByText(waitingText())).toBeNull()
  })

  it('a device approval the frame refuses replaces the waiting text with its reason', async () => {
    emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'VERIFY_DEVICE' }),
      APP_CONNECT_DEVICE: refuse('The approval link has expired'),
    })
    submit(en.email, EMAIL)
    expect((await screen.findByRole('alert')).textContent).toBe('The approval link has expired')
    expect(screen.getByText(waitingText())).toBeTruthy()
    expect(screen.queryByText(en.waitingForDevice)).toBeNull()
    expect(screen.getByRole('button', { name: en.useAnotherEmail })).toBeTruthy()
  })

  it('a device the frame knows signs in at once: Signing in…, and no Use another email', async () => {
    const user = heldAnswer(frameUser)
    const { appKit } = emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'CONNECT' }),
      APP_SWITCH_NETWORK: signIn.APP_SWITCH_NETWORK,
      APP_GET_USER: user.answer,
    })
    submit(en.email, EMAIL)
    expect((await screen.findByTestId('email-connecting')).textContent).toBe(en.signingIn)
    expect(screen.queryByRole('button', { name: en.useAnotherEmail })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
    user.give()
    await waitFor(() => expect(step()).toBe('email'))
    expect(appKit.core.stores.account.getState().connectorId).toBe(AUTH_CONNECTOR_ID)
  })

  it('a code the frame refuses is shown on the code step, which stays', async () => {
    emailLogin({
      APP_CONNECT_EMAIL: reply({ action: 'VERIFY_OTP' }),
      APP_CONNECT_OTP: refuse('Invalid code'),
    })
    submit(en.email, EMAIL)
    await screen.findByLabelText(en.otpCode)
    submit(en.otpCode, '000000')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code')
    expect(step()).toBe('otp')
    expect(screen.getByLabelText(en.otpCode).getAttribute('aria-invalid')).toBe('true')
  })

  it('refuses an invalid email and a code that is not 4 to 10 digits, without asking the frame', async () => {
    // The invalid email's setup alert (APKTW002, README "Setup alerts") is expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { appKit, frame } = emailLogin()
    submit(en.email, 'visitor@')
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.invalidEmail)
    expect(appKit.core.stores.alerts.getState().alerts.map((a) => a.code)).toContain('APKTW002')
    const written = warn.mock.calls.map(([text]) => String(text))
    expect(
      written.filter((text) => !/^\[latchkey\] (APKTW002|APKT003|APKT009) /.test(text)),
    ).toEqual([])
    warn.mockRestore()

    act(() =>
      appKit.core.stores.embedded.setState({ login: { step: 'otp', email: EMAIL, busy: false } }),
    )
    submit(en.otpCode, '12ab')
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.invalidOtp)
    expect(frame.requests).toEqual([])
    expect(frame.iframe).toBeUndefined()
  })
})
