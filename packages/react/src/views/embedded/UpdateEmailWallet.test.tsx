import { ErrorText } from '@latchkey/core/internal'
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
import UpdateEmailWallet from './UpdateEmailWallet.tsx'

afterEach(cleanup)

const CURRENT = frameUser.email as string
const NEW = 'new@example.com'

/**
 * Signed in with the embedded wallet as a@example.com, the modal open on the view; the frame
 * answers as `answers` say.
 */
function updatingEmail(answers: Record<string, FrameAnswer> = {}) {
  const frame = scriptedFrame(answers)
  const { appKit, show } = withScriptedWallet()
  onTestFinished(() => appKit.destroy())
  appKit.core.stores.embedded.setState({ user: { ...frameUser, userName: 'alice' } })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('UpdateEmailWallet')
  show(<UpdateEmailWallet />)
  return { appKit, frame }
}

const step = () =>
  document.querySelector('[data-view="UpdateEmailWallet"]')?.getAttribute('data-step')
function submit(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: en.continue }))
}

describe('UpdateEmailWallet', () => {
  it('new address, a code to the current one, a code to the new one: the email is changed and Account shows', async () => {
    const { appKit, frame } = updatingEmail({
      APP_UPDATE_EMAIL: reply({ action: 'VERIFY_PRIMARY_OTP' }),
      APP_UPDATE_EMAIL_PRIMARY_OTP: reply({ action: 'VERIFY_SECONDARY_OTP' }),
      APP_UPDATE_EMAIL_SECONDARY_OTP: reply({ email: NEW }),
    })
    submit(en.newEmail, ` ${NEW} `)
    const primary = format(en.primaryOtpSentTo, { email: CURRENT })
    expect((await screen.findByTestId('update-email-otp-text')).textContent).toBe(primary)
    expect(document.activeElement).toBe(screen.getByLabelText(en.otpCode))
    expect(frame.requests).toEqual([['APP_UPDATE_EMAIL', { email: NEW }]])

    submit(en.otpCode, ' 1111 ')
    const secondary = format(en.secondaryOtpSentTo, { email: NEW })
    await waitFor(() =>
      expect(screen.getByTestId('update-email-otp-text').textContent).toBe(secondary),
    )
    // A fresh field for the second code.
    expect((screen.getByLabelText(en.otpCode) as HTMLInputElement).value).toBe('')
    submit(en.otpCode, '2222')

    await waitFor(() => expect(appKit.core.router.current().view).toBe('Account'))
    expect(frame.requests).toEqual([
      ['APP_UPDATE_EMAIL', { email: NEW }],
      ['APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: '1111' }],
      ['APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '2222' }],
    ])
    expect(appKit.core.stores.embedded.getState().user).toMatchObject({
      email: NEW,
      userName: 'alice',
    })
    expect(appKit.core.stores.toast.getState()).toMatchObject({
      open: true,
      variant: 'success',
      message: ErrorText.emailUpdated(NEW),
    })
    expect(step()).toBe('email')
  })

  it('when the frame asks for the new address only, the first code step names the new address', async () => {
    const { frame } = updatingEmail({
      APP_UPDATE_EMAIL: reply({ action: 'VERIFY_SECONDARY_OTP' }),
    })
    submit(en.newEmail, NEW)
    expect((await screen.findByTestId('update-email-otp-text')).textContent).toBe(
      format(en.secondaryOtpSentTo, { email: NEW }),
    )
    expect(step()).toBe('VERIFY_SECONDARY_OTP')
    expect(frame.requests.map(([type]) => type)).toEqual(['APP_UPDATE_EMAIL'])
  })

  it('Continue says Loading… and is disabled until the frame answers', async () => {
    const held = heldAnswer({ action: 'VERIFY_PRIMARY_OTP' })
    const { frame } = updatingEmail({ APP_UPDATE_EMAIL: held.answer })
    submit(en.newEmail, NEW)
    await waitFor(() => expect(frame.requests).toHaveLength(1))
    const button = screen.getByTestId('update-email-submit') as HTMLButtonElement
    expect(button.textContent).toBe(en.loading)
    expect(button.disabled).toBe(true)
    held.give()
    expect(await screen.findByLabelText(en.otpCode)).toBeTruthy()
  })

  it('a code the frame refuses is shown on its step, which stays; the email is not changed', async () => {
    const { appKit } = updatingEmail({
      APP_UPDATE_EMAIL: reply({ action: 'VERIFY_PRIMARY_OTP' }),
      APP_UPDATE_EMAIL_PRIMARY_OTP: refuse('Invalid code'),
    })
    submit(en.newEmail, NEW)
    await screen.findByLabelText(en.otpCode)
    submit(en.otpCode, '9999')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code')
    expect(screen.getByLabelText(en.otpCode).getAttribute('aria-invalid')).toBe('true')
    expect(step()).toBe('VERIFY_PRIMARY_OTP')
    expect(appKit.core.stores.embedded.getState().user?.email).toBe(CURRENT)
    expect(appKit.core.router.current().view).toBe('UpdateEmailWallet')
  })

  it('refuses an invalid address and a code that is not 4 to 10 digits, without asking the frame', async () => {
    // The invalid email's setup alert (APKTW002, README "Setup alerts") is expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { appKit, frame } = updatingEmail()
    submit(en.newEmail, 'new@example')
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.invalidEmail)
    expect(screen.getByLabelText(en.newEmail).getAttribute('aria-invalid')).toBe('true')
    const written = warn.mock.calls.map(([text]) => String(text))
    expect(written.filter((text) => text.startsWith('[latchkey] APKTW002 '))).toHaveLength(1)
    expect(
      written.filter((text) => !/^\[latchkey\] (APKTW002|APKT003|APKT009) /.test(text)),
    ).toEqual([])
    warn.mockRestore()

    act(() =>
      appKit.core.stores.embedded.setState({
        update: { step: 'VERIFY_PRIMARY_OTP', email: NEW, busy: false },
      }),
    )
    submit(en.otpCode, '12')
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.invalidOtp)
    expect(frame.requests).toEqual([])
  })
})
