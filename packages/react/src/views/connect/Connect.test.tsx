import type { ConnectorInfo } from '@latchkey/core/internal'
import { initialDirectoryState, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../../createAppKit.ts'
import { en } from '../../messages.ts'
import { idleEvmAdapter, metamask, rainbow } from '../../testing/wallets.ts'
import Connect from './Connect.tsx'

afterEach(cleanup)

const injected: ConnectorInfo = {
  id: 'injected',
  name: 'Browser',
  type: 'INJECTED',
  chain: 'eip155',
}
const coinbase: ConnectorInfo = {
  id: 'com.coinbase.wallet',
  name: 'Coinbase Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  rdns: 'com.coinbase.wallet',
}

let current: ReturnType<typeof createAppKit> | undefined
const appKit = () => current as ReturnType<typeof createAppKit>

async function renderConnect(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [idleEvmAdapter],
    features: { socials: ['google'] },
    ...options,
  })
  appKit.destroy()
  appKit.core.stores.connectors.setState({ list: [metamask, injected, coinbase] })
  appKit.core.stores.recent.setState({ wallets: [{ id: 'app.phantom', name: 'Phantom' }] })
  appKit.core.stores.directory.setState({
    ...initialDirectoryState(),
    featured: [rainbow],
    count: 500,
  })
  render(
    <AppKitProvider instance={appKit}>
      <Connect />
    </AppKitProvider>,
  )
  current = appKit
  return appKit
}

const walletIds = () =>
  Array.from(document.querySelectorAll('[data-wallet-id]'), (el) =>
    el.getAttribute('data-wallet-id'),
  )
const methods = () =>
  Array.from(document.querySelectorAll('[data-connect-method]'))
    .filter((el) => el.childElementCount > 0)
    .map((el) => el.getAttribute('data-connect-method'))

describe('Connect view: AppKit options', () => {
  it('lists installed, recent, featured wallets, WalletConnect and All Wallets by default', async () => {
    await renderConnect()
    expect(methods()).toEqual(['email', 'social', 'wallet'])
    expect(walletIds()).toEqual([
      'io.metamask',
      'injected',
      'com.coinbase.wallet',
      'app.phantom',
      'rainbow',
      'walletConnect',
    ])
    expect(screen.getByTestId('all-wallets-count').textContent).toBe('500')
    expect(screen.queryByTestId('legal-notice')).toBeNull()
  })

  it('lists installed wallets first, tagging the recent ones', async () => {
    await renderConnect()
    act(() =>
      appKit().core.stores.recent.setState({ wallets: [{ id: 'injected', name: 'Browser' }] }),
    )
    expect(walletIds().slice(0, 3)).toEqual(['io.metamask', 'injected', 'com.coinbase.wallet'])
    const tagged = screen.getByTestId('wallet-injected')
    expect(within(tagged).getByText(en.recent)).toBeTruthy()
    expect(within(tagged).getByText(en.installed)).toBeTruthy()
    expect(within(screen.getByTestId('wallet-io.metamask')).queryByText(en.recent)).toBeNull()
  })

  it('adds recent wallets that are not installed after the installed ones', async () => {
    await renderConnect()
    const ids = walletIds()
    expect(ids.indexOf('app.phantom')).toBe(3)
    const phantom = screen.getByTestId('wallet-app.phantom')
    expect(within(phantom).getByText(en.recent)).toBeTruthy()
    expect(within(phantom).queryByText(en.installed)).toBeNull()
  })

  it('orders sections by connectMethodsOrder and wallets by connectorTypeOrder', async () => {
    await renderConnect({
      features: {
        socials: ['google'],
        connectMethodsOrder: ['wallet', 'email'],
        connectorTypeOrder: ['walletConnect', 'featured', 'injected'],
      },
    })
    expect(methods()).toEqual(['wallet', 'email'])
    expect(walletIds()).toEqual([
      'walletConnect',
      'rainbow',
      'io.metamask',
      'injected',
      'com.coinbase.wallet',
    ])
  })

  it('puts the wallets behind "Continue with a wallet" when emailShowWallets is false', async () => {
    await renderConnect({ features: { socials: ['google'], emailShowWallets: false } })
    expect(walletIds()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: en.continueWithWallet }))
    expect(walletIds()).toContain('io.metamask')
  })

  it('drops discovered wallets per enableInjected, enableEIP6963 and enableCoinbase', async () => {
    await renderConnect({ enableInjected: false, enableCoinbase: false })
    expect(walletIds()).toEqual(['io.metamask', 'app.phantom', 'rainbow', 'walletConnect'])
    cleanup()
    await renderConnect({ enableEIP6963: false })
    expect(walletIds()).toEqual(['injected', 'app.phantom', 'rainbow', 'walletConnect'])
  })

  it('enableWalletConnect false leaves the browser wallets; enableWallets false none', async () => {
    await renderConnect({ enableWalletConnect: false })
    expect(walletIds()).toEqual(['io.metamask', 'injected', 'com.coinbase.wallet'])
    expect(screen.queryByTestId('all-wallets')).toBeNull()
    cleanup()
    await renderConnect({ enableWallets: false })
    expect(walletIds()).toEqual([])
    expect(methods()).toEqual(['email', 'social'])
  })

  it('hides All Wallets with allWallets HIDE, ONLY_MOBILE on a desktop, or features.allWallets false', async () => {
    for (const options of [
      { allWallets: 'HIDE' as const },
      { allWallets: 'ONLY_MOBILE' as const },
      { features: { allWallets: false } },
    ]) {
      await renderConnect(options)
      expect(screen.queryByTestId('all-wallets')).toBeNull()
      cleanup()
    }
  })

  it('lists custom wallets, which connect through WalletConnect with their links', async () => {
    const appKit = await renderConnect({
      // Every wallet listed: the sixth is past the cap that All Wallets would stand for.
      allWallets: 'HIDE',
      customWallets: [
        {
          id: 'my-wallet',
          name: 'My Wallet',
          image_url: 'https://example.com/w.png',
          mobile_link: 'mywallet://',
        },
      ],
    })
    const row = screen.getByTestId('wallet-my-wallet')
    expect(row.querySelector('img')?.getAttribute('src')).toBe('https://example.com/w.png')
    act(() => fireEvent.click(row))
    expect(appKit.core.router.current().view).toBe('ConnectingWalletConnect')
    expect(appKit.core.stores.router.getState().wallet).toMatchObject({
      id: 'my-wallet',
      links: { mobile_link: 'mywallet://' },
    })
  })

  it('shows connectorImages in place of a wallet’s own icon', async () => {
    await renderConnect({ connectorImages: { 'io.metamask': 'https://example.com/mm.png' } })
    const img = screen.getByTestId('wallet-io.metamask').querySelector('img')
    expect(img?.getAttribute('src')).toBe('https://example.com/mm.png')
  })

  it('names the terms and privacy policy under the wallets', async () => {
    await renderConnect({
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
    })
    const notice = screen.getByTestId('legal-notice')
    expect(notice.textContent).toBe(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy',
    )
    expect(within(notice).getByRole('link', { name: en.termsOfService }).getAttribute('href')).toBe(
      'https://example.com/terms',
    )
  })

  it('with legalCheckbox, nothing connects until the visitor agrees', async () => {
    await renderConnect({
      termsConditionsUrl: 'https://example.com/terms',
      features: { socials: ['google'], legalCheckbox: true },
    })
    const wallet = screen.getByTestId('wallet-io.metamask')
    const email = screen.getByTestId('connect-email')
    expect(wallet.matches(':disabled')).toBe(true)
    expect(email.matches(':disabled')).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to our Terms of Service/ }))
    expect(wallet.matches(':disabled')).toBe(false)
    expect(email.matches(':disabled')).toBe(false)
  })

  it('offers the wallet guide under the sign-in options unless enableWalletGuide is false', async () => {
    const appKit = await renderConnect()
    act(() => fireEvent.click(screen.getByRole('button', { name: en.getStarted })))
    expect(appKit.core.router.current().view).toBe('AllWallets')
    cleanup()
    await renderConnect({ enableWalletGuide: false })
    expect(screen.queryByTestId('wallet-guide')).toBeNull()
  })

  it('opened for a namespace, lists that namespace’s wallets only', async () => {
    const appKit = await renderConnect()
    act(() => appKit.core.stores.modal.setState({ namespace: 'solana' }))
    expect(walletIds()).toEqual([])
    expect(screen.queryByTestId('all-wallets')).toBeNull()
    expect(methods()).toEqual(['email', 'social', 'wallet'])
    act(() => appKit.core.stores.modal.setState({ namespace: undefined }))
    expect(walletIds()).toContain('io.metamask')
  })
})
