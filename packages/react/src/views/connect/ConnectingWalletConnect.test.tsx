import { currentRoute, ErrorText, type WalletRef } from '@latchkey/core/internal'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAppKitInstance } from '../../instance.ts'
import { en, format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { rainbow } from '../../testing/wallets.ts'
import ConnectingWalletConnect from './ConnectingWalletConnect.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const offer = { uri: URI, expiresAt: Date.now() + 60_000 }
const rainbowRef: WalletRef = {
  id: rainbow.id,
  name: rainbow.name,
  imageUrl: rainbow.imageUrl,
  links: { mobile_link: rainbow.mobile_link },
}

/** The view while the open modal shows it, as the modal does: gone once the route or `open` changes. */
function InModal() {
  const { core } = useAppKitInstance()
  const open = useStore(core.stores.modal, (s) => s.open)
  const view = useStore(core.stores.router, (s) => currentRoute(s).view)
  return open && view === 'ConnectingWalletConnect' ? <ConnectingWalletConnect /> : null
}

/**
 * The view as a click on `wallet` (or on the WalletConnect row) leaves it in the open modal;
 * the pairing the view starts and stops is watched, and the relay never reached.
 */
function pairing(wallet?: WalletRef) {
  const { appKit, show } = withScriptedWallet()
  const start = vi.spyOn(appKit.core.walletConnect, 'start').mockResolvedValue(undefined)
  const stop = vi.spyOn(appKit.core.walletConnect, 'stop').mockReturnValue(undefined)
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.setWallet(wallet)
  appKit.core.router.push('ConnectingWalletConnect')
  show(<InModal />)
  return { appKit, start, stop }
}

const view = () => document.querySelector('[data-view="ConnectingWalletConnect"]')

describe('ConnectingWalletConnect', () => {
  it('pairs for the chosen wallet: its logo, then its QR code once the pairing is offered', () => {
    const { appKit, start } = pairing(rainbowRef)
    expect(start).toHaveBeenCalledTimes(1)
    expect(start).toHaveBeenCalledWith(rainbowRef)
    expect(view()?.getAttribute('data-wallet-id')).toBe(rainbow.id)
    expect(view()?.querySelector('img')?.getAttribute('src')).toBe(rainbow.imageUrl)
    expect(screen.getByText(en.preparingPairing)).toBeTruthy()
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    expect(screen.getByTestId('wc-pairing').getAttribute('data-uri')).toBe(URI)
    expect(screen.getByText(format(en.scanWithWallet, { name: rainbow.name }))).toBeTruthy()
    expect(view()?.getAttribute('data-state')).toBe('waiting')
  })

  it('with no wallet chosen, any wallet can scan the code', () => {
    const { appKit, start } = pairing()
    expect(start).toHaveBeenCalledWith(undefined)
    expect(view()?.querySelector('img')).toBeNull()
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    expect(screen.getByText(en.scanWithPhone)).toBeTruthy()
  })

  it('on a phone, the chosen wallet’s link opens it with the pairing', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone)' })
    const { appKit } = pairing(rainbowRef)
    const href = `rainbow://wc?uri=${encodeURIComponent(URI)}`
    act(() =>
      appKit.core.stores.walletConnect.setState({
        offer,
        deepLink: { href, name: rainbow.name },
      }),
    )
    const open = screen.getByTestId('wc-open-wallet')
    expect(open.getAttribute('href')).toBe(href)
    expect(open.textContent).toBe(format(en.openWallet, { name: rainbow.name }))
    expect(screen.getByText(format(en.openWalletHint, { name: rainbow.name }))).toBeTruthy()
  })

  it("a refusal shows 'Connection rejected' in place of the code; Try again pairs afresh", () => {
    const { appKit, start } = pairing(rainbowRef)
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    act(() =>
      appKit.core.stores.account.setState({
        status: 'disconnected',
        connectError: { rejected: true, message: ErrorText.connectionRejected },
      }),
    )
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.connectionRejected)
    expect(view()?.getAttribute('data-state')).toBe('rejected')
    expect(screen.queryByTestId('wc-pairing')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: en.tryAgain }))
    expect(start).toHaveBeenCalledTimes(2)
    expect(start).toHaveBeenLastCalledWith(rainbowRef)
  })

  it("any other failure shows 'Failed to connect' as failed", () => {
    const { appKit } = pairing()
    act(() =>
      appKit.core.stores.account.setState({
        connectError: { rejected: false, message: ErrorText.failedToConnect },
      }),
    )
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.failedToConnect)
    expect(view()?.getAttribute('data-state')).toBe('failed')
  })

  it('another wallet picked meanwhile pairs for that one, keeping the view’s pairing going', () => {
    const { appKit, start, stop } = pairing(rainbowRef)
    const other: WalletRef = { id: 'zerion', name: 'Zerion' }
    act(() => appKit.core.router.setWallet(other))
    expect(start).toHaveBeenCalledTimes(2)
    expect(start).toHaveBeenLastCalledWith(other)
    expect(stop).not.toHaveBeenCalled()
  })

  it('going back stops the pairing, and starts none', () => {
    const { appKit, start, stop } = pairing(rainbowRef)
    act(() => appKit.core.router.goBack())
    expect(view()).toBeNull()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('closing the modal stops the pairing too', () => {
    const { appKit, stop } = pairing(rainbowRef)
    act(() => appKit.core.stores.modal.setState({ open: false }))
    expect(view()).toBeNull()
    expect(stop).toHaveBeenCalledTimes(1)
  })
})
