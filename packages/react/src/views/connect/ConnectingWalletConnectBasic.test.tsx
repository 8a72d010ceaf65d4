import {
  currentRoute,
  type DirectoryWallet,
  ErrorText,
  initialDirectoryState,
  MemoryStorage,
} from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import { useAppKitInstance } from '../../instance.ts'
import { en } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { rainbow } from '../../testing/wallets.ts'
import ConnectingWalletConnectBasic from './ConnectingWalletConnectBasic.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
const offer = { uri: URI, expiresAt: Date.now() + 60_000 }
const withUri = (link: string) => `${link}wc?uri=${encodeURIComponent(URI)}`

/** A recommended wallet that opens through a universal link. */
const zerion: DirectoryWallet = {
  ...rainbow,
  id: 'zerion',
  name: 'Zerion',
  mobile_link: 'https://app.zerion.io/',
}
/** A recommended wallet with no link to open on a phone. */
const desktopOnly: DirectoryWallet = {
  ...rainbow,
  id: 'desktop-only',
  name: 'Desktop Only',
  mobile_link: null,
  desktop_link: 'desktoponly://',
}

/** The view while the open modal shows it, as the modal does. */
function InModal() {
  const { core } = useAppKitInstance()
  const open = useStore(core.stores.modal, (s) => s.open)
  const view = useStore(core.stores.router, (s) => currentRoute(s).view)
  return open && view === 'ConnectingWalletConnectBasic' ? <ConnectingWalletConnectBasic /> : null
}

/**
 * An app without adapters (it drives WalletConnect itself), the modal open on this view; the
 * directory has featured and recommended wallets; the pairing it starts is watched.
 */
function basicPairing() {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  appKit.destroy()
  const start = vi.spyOn(appKit.core.walletConnect, 'start').mockResolvedValue(undefined)
  const stop = vi.spyOn(appKit.core.walletConnect, 'stop').mockReturnValue(undefined)
  appKit.core.stores.directory.setState({
    ...initialDirectoryState(),
    featured: [rainbow],
    recommended: [zerion, desktopOnly],
  })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('ConnectingWalletConnectBasic')
  render(
    <AppKitProvider instance={appKit}>
      <InModal />
    </AppKitProvider>,
  )
  return { appKit, start, stop }
}

const onPhone = () =>
  vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone)' })

describe('ConnectingWalletConnectBasic', () => {
  it('starts a pairing for any wallet and shows its QR code once offered; no wallet links on a computer', () => {
    const { appKit, start } = basicPairing()
    expect(start).toHaveBeenCalledTimes(1)
    expect(start).toHaveBeenCalledWith()
    expect(screen.getByText(en.preparingPairing)).toBeTruthy()
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    expect(screen.getByTestId('wc-pairing').getAttribute('data-uri')).toBe(URI)
    expect(screen.getByText(en.scanWithPhone)).toBeTruthy()
    expect(screen.queryByText(en.orOpenWallet)).toBeNull()
    expect(document.querySelector('a[data-wallet-id]')).toBeNull()
  })

  it('on a phone, once the pairing is offered, lists the wallets that open with it', () => {
    onPhone()
    const { appKit } = basicPairing()
    expect(screen.queryByText(en.orOpenWallet)).toBeNull()
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    const section = screen.getByRole('region', { name: en.orOpenWallet })
    const links = within(section).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [rainbow.name, withUri('rainbow://')],
      [zerion.name, withUri('https://app.zerion.io/')],
    ])
    expect(screen.queryByTestId(`wallet-${desktopOnly.id}`)).toBeNull()
  })

  it("a refusal shows 'Connection rejected' with Try again, which starts a fresh pairing", () => {
    const { appKit, start } = basicPairing()
    act(() => appKit.core.stores.walletConnect.setState({ offer }))
    act(() =>
      appKit.core.stores.account.setState({
        connectError: { rejected: true, message: ErrorText.connectionRejected },
      }),
    )
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.connectionRejected)
    expect(screen.queryByTestId('wc-pairing')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: en.tryAgain }))
    expect(start).toHaveBeenCalledTimes(2)
    expect(start).toHaveBeenLastCalledWith()
  })

  it('leaving the view stops the pairing', () => {
    const { appKit, stop } = basicPairing()
    act(() => appKit.core.router.push('Networks'))
    expect(document.querySelector('[data-view="ConnectingWalletConnectBasic"]')).toBeNull()
    expect(stop).toHaveBeenCalledTimes(1)
  })

  it('closing the modal stops the pairing', () => {
    const { appKit, stop } = basicPairing()
    act(() => appKit.core.stores.modal.setState({ open: false }))
    expect(stop).toHaveBeenCalledTimes(1)
  })
})
