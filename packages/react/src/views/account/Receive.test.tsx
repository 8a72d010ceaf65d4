import type { CaipAddress } from '@latchkey/core/internal'
import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB, solana } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import Receive from './Receive.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ADDRESS = '0x1111111111111111111111111111111111111111'

async function renderReceive() {
  const appKit = createAppKit({
    networks: [localChainA, localChainB, solana],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  appKit.destroy()
  // The modal mounts itself when idle; loaded now, it never outlives the test environment.
  await appKit.preload()
  vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  appKit.core.stores.account.setState({
    status: 'connected',
    address: ADDRESS,
    caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
    namespace: 'eip155',
  })
  render(
    <AppKitProvider instance={appKit}>
      <Receive />
    </AppKitProvider>,
  )
  return appKit
}

describe('Receive view', () => {
  it('shows the whole address and the networks of its namespace only', async () => {
    await renderReceive()
    expect(screen.getByTestId('receive-address').textContent).toBe(ADDRESS)
    const networks = [
      ...screen.getByTestId('receive-networks').querySelectorAll<HTMLElement>('[data-network]'),
    ].map((li) => li.dataset.network)
    expect(networks).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('draws the address as a QR code', async () => {
    await renderReceive()
    const qr = screen.getByRole('img', { name: 'QR code of your address' })
    await vi.waitFor(() => expect(qr.querySelector('svg path')).not.toBeNull())
  })

  it('copies the address', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const appKit = await renderReceive()
    await act(async () => {
      fireEvent.click(screen.getByTestId('receive-copy-address'))
    })
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect(screen.getByTestId('receive-copy-address').dataset.copied).toBe('true')
    expect(appKit.core.stores.toast.getState().message).toBe('Address copied')
  })
})
