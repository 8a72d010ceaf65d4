import type { CaipAddress } from '@latchkey/core/internal'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitButton } from './buttons/Buttons.tsx'
import { AppKitProvider } from './context.tsx'
import type { AppKit } from './createAppKit.ts'
import { modalCss } from './modal/styles.ts'
import { offlineAppKit } from './testing/renderWithAppKit.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

const shadow = () => document.querySelector('[data-latchkey-modal]')?.shadowRoot
const dialog = () => shadow()?.querySelector('[role="dialog"]')
const title = () => shadow()?.querySelector('h2')?.textContent

/** Opens the instance's real modal; it mounts once the chosen language's texts are in. */
async function openModal(appKit: AppKit) {
  await appKit.preload()
  act(() => appKit.open())
  await waitFor(() => expect(dialog()).toBeTruthy())
}

const button = (appKit: AppKit) =>
  render(
    <AppKitProvider instance={appKit}>
      <AppKitButton />
    </AppKitProvider>,
  )

describe('the language', () => {
  it('is English in an English browser, with no translation', async () => {
    const appKit = offlineAppKit()
    button(appKit)
    await openModal(appKit)
    expect(appKit.getState().locale).toBe('en')
    expect(appKit.localeStore.getState().messages).toBeUndefined()
    expect(screen.getByTestId('connect-button').textContent).toBe('Connect Wallet')
    expect(title()).toBe('Connect Wallet')
    expect(dialog()?.getAttribute('lang')).toBe('en')
    expect(dialog()?.getAttribute('dir')).toBe('ltr')
  })

  it('is the `locale` option: the button and the modal in German', async () => {
    const appKit = offlineAppKit({ locale: 'de' })
    button(appKit)
    await openModal(appKit)
    expect(title()).toBe('Wallet verbinden')
    expect(dialog()?.getAttribute('lang')).toBe('de')
    await waitFor(() =>
      expect(screen.getByTestId('connect-button').textContent).toBe('Wallet verbinden'),
    )
    expect(appKit.getState().locale).toBe('de')
  })

  it("is by default the first of the browser's languages a translation serves", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'ja-JP', 'en'])
    const appKit = offlineAppKit()
    await openModal(appKit)
    expect(appKit.getState().locale).toBe('ja')
    expect(title()).toBe('ウォレットを接続')
  })

  it('falls back to English for an unknown locale, saying so once with debug on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const appKit = offlineAppKit({ locale: 'xx', debug: true })
    await openModal(appKit)
    expect(title()).toBe('Connect Wallet')
    expect(appKit.getState().locale).toBe('en')
    const said = warn.mock.calls.filter(([text]) => String(text).includes('translation'))
    expect(said).toEqual([['[latchkey] no translation for xx: English is shown', '']])
  })

  it('says nothing of an unknown locale without debug', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const appKit = offlineAppKit({ locale: 'xx' })
    await openModal(appKit)
    expect(appKit.getState().locale).toBe('en')
    expect(warn.mock.calls.filter(([text]) => String(text).includes('translation'))).toEqual([])
  })

  it('changes with setLocale: the open modal and the button switch, and subscribers hear it', async () => {
    const appKit = offlineAppKit()
    const states: string[] = []
    appKit.subscribeState((state) => states.push(state.locale))
    button(appKit)
    await openModal(appKit)
    await act(() => appKit.setLocale('ja'))
    expect(title()).toBe('ウォレットを接続')
    expect(screen.getByTestId('connect-button').textContent).toBe('ウォレットを接続')
    await act(() => appKit.setLocale('en-GB'))
    expect(title()).toBe('Connect Wallet')
    // Opening the modal is heard too: the languages in turn are what counts here.
    expect(states.filter((locale, i) => locale !== states[i - 1])).toEqual(['en', 'ja', 'en'])
  })

  it('keeps only the latest choice when an earlier one loads later', async () => {
    const appKit = offlineAppKit()
    await openModal(appKit)
    const german = appKit.setLocale('de')
    await act(() => appKit.setLocale('en'))
    await act(() => german)
    expect(appKit.getState().locale).toBe('en')
    expect(title()).toBe('Connect Wallet')
  })

  it("lets the app's own texts win over the translation's", async () => {
    const appKit = offlineAppKit({ locale: 'de', messages: { connectWallet: 'Los geht’s' } })
    button(appKit)
    await openModal(appKit)
    await waitFor(() => expect(screen.getByTestId('connect-button').textContent).toBe('Los geht’s'))
    expect(title()).toBe('Wallet verbinden')
  })
})

describe('right to left (Arabic)', () => {
  const ADDRESS = '0x1111111111111111111111111111111111111111'

  it('mirrors the dialog and flips the back arrow, addresses and amounts staying left to right', async () => {
    const appKit = offlineAppKit({ locale: 'ar' })
    await openModal(appKit)
    expect(dialog()?.getAttribute('dir')).toBe('rtl')
    expect(dialog()?.getAttribute('lang')).toBe('ar')
    expect(title()).toBe('ربط المحفظة')

    act(() => appKit.core.router.push('AllWallets'))
    const back = shadow()?.querySelector('[data-testid="modal-back"]')
    expect(back?.getAttribute('aria-label')).toBe('رجوع')
    expect(back?.querySelector('svg')?.closest('[dir="rtl"]')).toBeTruthy()
    expect(back?.querySelector('svg')?.getAttribute('class')).toBe('lk-flip')
    expect(modalCss).toContain("[dir='rtl'] .lk-flip { transform: scaleX(-1); }")

    act(() => {
      appKit.core.stores.account.setState({
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
        namespace: 'eip155',
        balance: {
          formatted: '1.5',
          symbol: 'ETH',
          caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
          fetchedAt: 0,
        },
      })
      appKit.core.router.reset('Account')
    })
    await waitFor(() => expect(shadow()?.querySelector('[data-view="Account"]')).toBeTruthy())
    const address = shadow()?.querySelector('[data-testid="account-address"]')
    expect(address?.getAttribute('dir')).toBe('ltr')
    const balance = shadow()?.querySelector('[data-testid="account-balance"] [dir="ltr"]')
    expect(balance?.textContent).toBe('1.5 ETH')
  })
})
