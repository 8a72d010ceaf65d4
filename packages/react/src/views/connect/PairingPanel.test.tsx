import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithAppKit } from '../../testing/renderWithAppKit.tsx'
import { PairingPanel } from './PairingPanel.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`

describe('PairingPanel', () => {
  it('shows a placeholder until the offer comes, then its QR code; Copy link copies the URI', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const appKit = renderWithAppKit(<PairingPanel />)
    appKit.destroy()
    expect(screen.getByText('Preparing a connection code…')).toBeTruthy()
    const copyLink = screen.getByTestId('wc-copy-link') as HTMLButtonElement
    expect(copyLink.disabled).toBe(true)
    act(() =>
      appKit.core.stores.walletConnect.setState({
        offer: { uri: URI, expiresAt: Date.now() + 60_000 },
      }),
    )
    expect(screen.getByTestId('wc-pairing').getAttribute('data-uri')).toBe(URI)
    expect(screen.getByText('Scan this QR code with your phone')).toBeTruthy()
    fireEvent.click(copyLink)
    await waitFor(() => expect(copyLink.getAttribute('data-copied')).toBe('true'))
    expect(writeText).toHaveBeenCalledWith(URI)
    expect(appKit.core.stores.toast.getState()).toMatchObject({ open: true, variant: 'success' })
  })

  it("a picked wallet's deep link is offered beside the QR code on a desktop", () => {
    const appKit = renderWithAppKit(<PairingPanel wallet={{ id: 'rainbow', name: 'Rainbow' }} />)
    appKit.destroy()
    const href = `rainbow://wc?uri=${encodeURIComponent(URI)}`
    act(() =>
      appKit.core.stores.walletConnect.setState({
        offer: { uri: URI, expiresAt: Date.now() + 60_000 },
        deepLink: { href, name: 'Rainbow' },
      }),
    )
    expect(screen.getByTestId('wc-open-wallet').getAttribute('href')).toBe(href)
    expect(screen.getByText('Scan this QR code with Rainbow')).toBeTruthy()
  })
})
