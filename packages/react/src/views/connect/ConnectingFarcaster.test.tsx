import { AUTH_CONNECTOR_ID } from '@latchkey/core/internal'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { frameUser } from '../../../../core/src/testing/emailFrame.ts'
import { en } from '../../messages.ts'
import {
  type FrameAnswer,
  heldAnswer,
  refuse,
  reply,
  scriptedFrame,
} from '../../testing/scriptedFrame.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import ConnectingFarcaster from './ConnectingFarcaster.tsx'
import { farcasterEn } from './farcasterMessages.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const URL_ = 'https://farcaster.xyz/~/siwf?channelToken=c1'
const farcasterUser = { ...frameUser, email: null, userName: 'dwr', socialProvider: 'farcaster' }

/** The view, opened from Connect, on an instance whose frame answers as `answers` say */
function farcaster(answers: Partial<Record<string, FrameAnswer>>) {
  const frame = scriptedFrame(answers)
  const { appKit, engine, show } = withScriptedWallet()
  onTestFinished(() => appKit.destroy())
  appKit.core.router.reset('Connect')
  show(<ConnectingFarcaster />)
  return { appKit, engine, frame }
}

/** The frame refuses the first URL it is asked for, then answers */
function refusedOnce(): FrameAnswer {
  let asked = 0
  return (payload) => {
    asked++
    return asked === 1 ? refuse('Failed to connect to farcaster')(payload) : { url: URL_ }
  }
}

const view = () => document.querySelector('[data-view="ConnectingFarcaster"]')
const status = () => screen.getByTestId('farcaster-status').textContent

describe('ConnectingFarcaster', () => {
  it('asks the frame for the URL, shows its QR code and waits; Copy link copies it; then connects', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const signedIn = heldAnswer(farcasterUser)
    const { appKit, engine, frame } = farcaster({
      APP_GET_FARCASTER_URI: reply({ url: URL_ }),
      APP_CONNECT_FARCASTER: signedIn.answer,
    })
    expect(status()).toBe(farcasterEn.farcasterPreparing)
    expect((screen.getByTestId('farcaster-copy-link') as HTMLButtonElement).disabled).toBe(true)
    expect(await screen.findByRole('img', { name: farcasterEn.farcasterQrLabel })).toBeTruthy()
    expect(view()?.getAttribute('data-state')).toBe('waiting')
    expect(appKit.core.router.current().view).toBe('ConnectingFarcaster')
    expect(screen.getByText(farcasterEn.farcasterScan)).toBeTruthy()
    expect(status()).toBe(farcasterEn.farcasterWaiting)
    expect(screen.getByTestId('farcaster-status').getAttribute('aria-live')).toBe('polite')
    expect(screen.queryByTestId('farcaster-open')).toBeNull()

    const copyLink = screen.getByRole('button', { name: en.copyLink })
    fireEvent.click(copyLink)
    await waitFor(() => expect(copyLink.getAttribute('data-copied')).toBe('true'))
    expect(writeText).toHaveBeenCalledWith(URL_)
    expect(appKit.core.stores.toast.getState()).toMatchObject({ open: true, variant: 'success' })

    await waitFor(() =>
      expect(frame.requests.map(([type]) => type)).toEqual([
        'APP_GET_FARCASTER_URI',
        'APP_CONNECT_FARCASTER',
      ]),
    )
    signedIn.give()
    await waitFor(() =>
      expect(appKit.core.stores.account.getState()).toMatchObject({
        status: 'connected',
        connectorId: AUTH_CONNECTOR_ID,
      }),
    )
    expect(engine.connect.mock.calls.map(([id]) => id)).toEqual([AUTH_CONNECTOR_ID])
    expect(appKit.core.stores.embedded.getState().user).toMatchObject({
      authProvider: 'farcaster',
      userName: 'dwr',
    })
    expect(appKit.core.router.current().view).toBe('Account')
    const storage = await appKit.core.storage()
    expect(storage.getConnectedSocialProvider()).toBe('farcaster')
    expect(storage.getConnectedSocialUsername()).toBe('dwr')
  })

  it('on a phone: a link that opens the URL in the Farcaster app, no QR code', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone)' })
    farcaster({
      APP_GET_FARCASTER_URI: reply({ url: URL_ }),
      APP_CONNECT_FARCASTER: heldAnswer().answer,
    })
    const open = await screen.findByRole('link', { name: farcasterEn.farcasterOpen })
    expect(open.getAttribute('href')).toBe(URL_)
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByText(farcasterEn.farcasterOpenHint)).toBeTruthy()
    expect(screen.queryByTestId('qr-code')).toBeNull()
    expect(status()).toBe(farcasterEn.farcasterWaiting)
    expect(screen.getByRole('button', { name: en.copyLink })).toBeTruthy()
  })

  it("a refusal shows 'Failed to connect to farcaster'; Try again asks for a new URL", async () => {
    const { frame } = farcaster({
      APP_GET_FARCASTER_URI: refusedOnce(),
      APP_CONNECT_FARCASTER: heldAnswer().answer,
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Failed to connect to farcaster')
    expect(view()?.getAttribute('data-state')).toBe('failed')
    expect(screen.queryByTestId('farcaster-copy-link')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: en.tryAgain }))
    expect(await screen.findByTestId('qr-code')).toBeTruthy()
    expect(frame.requests.filter(([type]) => type === 'APP_GET_FARCASTER_URI')).toHaveLength(2)
  })

  it('§2 back while waiting: the URL goes, the frame reloads, its dapp data follows after 100 ms', async () => {
    const { appKit, frame } = farcaster({
      APP_GET_FARCASTER_URI: reply({ url: URL_ }),
      APP_CONNECT_FARCASTER: heldAnswer().answer,
      APP_RELOAD: reply({}),
    })
    await screen.findByTestId('qr-code')
    const synced = frame.all.filter((type) => type === 'APP_SYNC_DAPP_DATA').length
    const before = Date.now()
    act(() => appKit.core.router.goBack())
    expect(appKit.core.router.current().view).toBe('Connect')
    await waitFor(() => expect(appKit.core.stores.embedded.getState().farcaster).toBeUndefined())
    await waitFor(() => expect(frame.all).toContain('APP_RELOAD'))
    await waitFor(() =>
      expect(frame.all.filter((type) => type === 'APP_SYNC_DAPP_DATA')).toHaveLength(synced + 1),
    )
    expect(Date.now() - before).toBeGreaterThanOrEqual(100)
    expect(frame.all.slice(frame.all.indexOf('APP_RELOAD'))).toEqual([
      'APP_RELOAD',
      'APP_SYNC_DAPP_DATA',
      'APP_SYNC_THEME',
    ])
    // The wait the reload dropped shows nothing.
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
