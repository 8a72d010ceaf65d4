import { ErrorText, SetupAlerts } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { offlineAppKit } from './testing/renderWithAppKit.tsx'
import { userRejection, withScriptedWallet } from './testing/scriptedWallet.tsx'
import { metamask } from './testing/wallets.ts'
import SwitchNetwork from './views/networks/SwitchNetwork.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const shadow = () => document.querySelector('[data-latchkey-modal]')?.shadowRoot
const toastText = () => shadow()?.querySelector('[data-testid="toast"]')?.textContent
const alertText = (code: string) =>
  shadow()?.querySelector(`[data-alert-code="${code}"]`)?.textContent

/** The instance's real modal, open, in the language of `locale`. */
async function openModal(locale: string) {
  const appKit = offlineAppKit({ locale })
  await appKit.preload()
  act(() => appKit.open())
  await waitFor(() => expect(shadow()?.querySelector('[role="dialog"]')).toBeTruthy())
  return appKit
}

describe("core's texts in the modal", () => {
  it('German: a toast with its seconds, a setup alert, a success with an email', async () => {
    const appKit = await openModal('de')
    act(() => appKit.core.toast.showError(ErrorText.tryAgainAfter(27)))
    await waitFor(() => expect(toastText()).toBe('Bitte versuchen Sie es in 27 Sekunden erneut'))
    act(() => appKit.core.toast.showSuccess(ErrorText.emailUpdated('neu@example.com')))
    await waitFor(() => expect(toastText()).toBe('E-Mail-Adresse geändert in neu@example.com'))
    act(() => appKit.core.alerts.raise('APKT003'))
    await waitFor(() =>
      expect(alertText('APKT003')).toBe(
        'Netzwerkfehler: Wallets nicht geladen Die Wallet-Liste konnte nicht geladen werden. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
      ),
    )
    // Core hears the language shown (it sends it to the embedded wallet's frame), and each change
    expect(appKit.core.stores.locale.getState().locale).toBe('de')
    await act(() => appKit.setLocale('ja'))
    expect(appKit.core.stores.locale.getState().locale).toBe('ja')
    await act(() => appKit.setLocale('de'))
    // Core's state keeps the spec's English (the API and events read it).
    expect(appKit.core.stores.toast.getState().message).toBe(
      ErrorText.emailUpdated('neu@example.com'),
    )
  })

  it("Arabic: a toast in Arabic, a wallet's own text as it came", async () => {
    const appKit = await openModal('ar')
    act(() => appKit.core.toast.showError(ErrorText.failedToFetchTransactions))
    await waitFor(() => expect(toastText()).toBe('تعذّر جلب المعاملات'))
    act(() => appKit.core.toast.showError('Ledger: device locked'))
    await waitFor(() => expect(toastText()).toBe('Ledger: device locked'))
    // (APKT003: the alert these tests expect in the console; see testing/quietConsole.ts)
    act(() => appKit.core.alerts.raise('APKT003'))
    await waitFor(() => expect(alertText('APKT003')).toContain('خطأ في الشبكة: تعذّر تحميل المحافظ'))
  })

  it('Arabic: an alert only debug shows stays English, marked lang="en"; a translated one is not', async () => {
    // APKTW001's console line is the alert itself: expected here
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const appKit = offlineAppKit({ locale: 'ar', debug: true })
    await appKit.preload()
    act(() => appKit.open())
    await waitFor(() => expect(shadow()?.querySelector('[role="dialog"]')).toBeTruthy())
    act(() => appKit.core.alerts.raise('APKTW001'))
    act(() => appKit.core.alerts.raise('APKT003'))
    const alert = (code: string) =>
      shadow()?.querySelector<HTMLElement>(`[data-alert-code="${code}"]`)
    await waitFor(() => expect(alert('APKTW001')).toBeTruthy())
    expect(alert('APKTW001')?.textContent).toContain(SetupAlerts.APKTW001.shortMessage)
    expect(alert('APKTW001')?.lang).toBe('en')
    await waitFor(() => expect(alert('APKT003')).toBeTruthy())
    expect(alert('APKT003')?.hasAttribute('lang')).toBe(false)
  })

  it("Arabic: a view's error (the refused network switch), the network's id kept", async () => {
    const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB])
    await appKit.setLocale('ar')
    await appKit.core.connect(metamask.id)
    appKit.core.stores.modal.setState({ open: true })
    show(<SwitchNetwork />)
    engine.switchNetwork.mockRejectedValueOnce(userRejection())
    await act(() => appKit.core.switchNetwork(localChainB))
    expect(screen.getByRole('alert').textContent).toBe('رُفض الطلب')
    engine.switchNetwork.mockRejectedValueOnce(new Error('Unrecognized chain ID'))
    await act(() => appKit.core.switchNetwork(localChainB))
    expect(screen.getByRole('alert').textContent).toBe(
      `الشبكة ${localChainB.caipNetworkId} غير معتمدة`,
    )
  })
})
