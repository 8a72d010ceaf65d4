import { ErrorText } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
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
