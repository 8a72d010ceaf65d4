import {
  type ConnectLayoutOptions,
  connectLayout,
  initialDirectoryState,
} from '@latchkey/core/internal'
import { localChainA, localSolana } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../../messages.ts'
import { SCRIPTED_ADDRESS, withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask, rainbow } from '../../testing/wallets.ts'
import { ConnectWalletList } from './ConnectWalletList.tsx'

afterEach(cleanup)

const phantom = { id: 'app.phantom', name: 'Phantom' }

/**
 * The list as Connect shows it for `options`: MetaMask installed, Phantom used here before (not
 * installed), Rainbow featured by the directory; the MetaMask in it answers as scripted.
 */
function walletList(
  options: ConnectLayoutOptions = {},
  networks: Parameters<typeof withScriptedWallet>[0] = [localChainA],
) {
  const { appKit, engine, show } = withScriptedWallet(networks)
  appKit.core.stores.recent.setState({ wallets: [phantom] })
  appKit.core.stores.directory.setState({ ...initialDirectoryState(), featured: [rainbow] })
  appKit.core.stores.modal.setState({ open: true })
  show(<ConnectWalletList core={appKit.core} layout={connectLayout(options, false)} />)
  return { appKit, engine }
}

const walletIds = () =>
  Array.from(document.querySelectorAll('[data-wallet-id]'), (el) =>
    el.getAttribute('data-wallet-id'),
  )

describe('ConnectWalletList', () => {
  it('tracks each wallet row once as WALLET_IMPRESSION, with its place in the list', async () => {
    const { appKit } = walletList()
    const impressions: unknown[] = []
    appKit.core.subscribeEvents((e) => {
      if (e.data.event === 'WALLET_IMPRESSION') impressions.push(e.data.properties)
    })
    // What the list showed at first render was tracked before this subscription; a new wallet is
    // tracked alone, and the ones already shown are not tracked again.
    const trust = { ...rainbow, id: 'trust', name: 'Trust Wallet' }
    act(() => appKit.core.stores.directory.setState({ featured: [rainbow], recommended: [trust] }))
    await waitFor(() => expect(impressions).toHaveLength(1))
    const ids = walletIds().filter((id) => id !== 'walletConnect')
    expect(impressions).toEqual([
      {
        view: 'Connect',
        explorerId: 'trust',
        name: 'Trust Wallet',
        displayIndex: ids.indexOf('trust'),
      },
    ])
  })

  it('an installed wallet connects through its connector at a click', async () => {
    const { appKit, engine } = walletList()
    const row = screen.getByTestId(`wallet-${metamask.id}`)
    expect(within(row).getByText(en.installed)).toBeTruthy()
    fireEvent.click(row)
    await waitFor(() =>
      expect(appKit.core.stores.account.getState()).toMatchObject({
        status: 'connected',
        address: SCRIPTED_ADDRESS,
      }),
    )
    expect(engine.connect).toHaveBeenCalledTimes(1)
    expect(engine.connect.mock.calls[0]?.[0]).toBe(metamask.id)
  })

  it('a recent wallet not installed here pairs through WalletConnect for that wallet', () => {
    const { appKit, engine } = walletList()
    const row = screen.getByTestId(`wallet-${phantom.id}`)
    expect(within(row).getByText(en.recent)).toBeTruthy()
    expect(within(row).queryByText(en.installed)).toBeNull()
    fireEvent.click(row)
    expect(appKit.core.router.current().view).toBe('ConnectingWalletConnect')
    expect(appKit.core.stores.router.getState().wallet).toMatchObject(phantom)
    expect(engine.connect).not.toHaveBeenCalled()
  })

  it('the WalletConnect row offers the QR code for any wallet', () => {
    const { appKit } = walletList()
    const row = screen.getByTestId('wallet-walletConnect')
    expect(row.textContent).toBe(`${en.walletConnect}${en.qrTag}`)
    fireEvent.click(row)
    expect(appKit.core.router.current().view).toBe('ConnectingWalletConnect')
    expect(appKit.core.stores.router.getState().wallet).toBeUndefined()
  })

  it('All Wallets opens the directory, with its count once the directory knows it', () => {
    const { appKit } = walletList()
    const allWallets = screen.getByTestId('all-wallets')
    expect(allWallets.textContent).toBe(en.allWallets)
    act(() => appKit.core.stores.directory.setState({ count: 432 }))
    expect(within(allWallets).getByTestId('all-wallets-count').textContent).toBe('432')
    fireEvent.click(allWallets)
    expect(appKit.core.router.current().view).toBe('AllWallets')
  })

  it('a placeholder row stands in while the featured wallets load', () => {
    const { appKit } = walletList()
    act(() => appKit.core.stores.directory.setState({ featured: [], loadingInitial: true }))
    expect(document.querySelector('.lk-skeleton-row')).not.toBeNull()
    expect(walletIds()).not.toContain(rainbow.id)
    act(() => appKit.core.stores.directory.setState({ featured: [rainbow], loadingInitial: false }))
    expect(document.querySelector('.lk-skeleton-row')).toBeNull()
    expect(walletIds()).toContain(rainbow.id)
  })

  it('without WalletConnect only installed wallets are listed; none, once loaded, says so', () => {
    const { appKit } = walletList({ enableWalletConnect: false })
    expect(walletIds()).toEqual([metamask.id])
    expect(screen.queryByTestId('all-wallets')).toBeNull()
    expect(screen.queryByTestId('no-wallets')).toBeNull()
    act(() => {
      appKit.core.stores.connectors.setState({ list: [] })
      appKit.core.stores.directory.setState({ loadingInitial: true })
    })
    expect(walletIds()).toEqual([])
    expect(screen.queryByTestId('no-wallets')).toBeNull()
    act(() => appKit.core.stores.directory.setState({ loadingInitial: false }))
    expect(screen.getByTestId('no-wallets').textContent).toBe(en.noWallets)
  })

  it('without an EVM network there is no WalletConnect row', () => {
    walletList({}, [localSolana])
    expect(walletIds()).toContain(metamask.id)
    expect(walletIds()).not.toContain('walletConnect')
  })
})
