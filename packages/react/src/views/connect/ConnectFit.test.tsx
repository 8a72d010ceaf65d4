import type { ConnectorInfo, DirectoryWallet } from '@latchkey/core/internal'
import { CONNECT_VIEW_WALLETS, initialDirectoryState, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../../createAppKit.ts'
import { en } from '../../messages.ts'
import { idleEvmAdapter, metamask, rainbow } from '../../testing/wallets.ts'
import Connect from './Connect.tsx'

// Issue 29 "Looks": the Connect view fits 760 px with All Wallets in view.

afterEach(cleanup)

const rabby: ConnectorInfo = { id: 'io.rabby', name: 'Rabby', type: 'ANNOUNCED', chain: 'eip155' }
const featured = ['trust', 'okx', 'zerion', 'uniswap'].map(
  (id): DirectoryWallet => ({ ...rainbow, id, name: id }),
)

function renderConnect(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [idleEvmAdapter],
    features: { socials: ['google', 'x'] },
    ...options,
  })
  appKit.destroy()
  appKit.core.stores.connectors.setState({ list: [metamask, rabby] })
  appKit.core.stores.recent.setState({ wallets: [{ id: 'app.phantom', name: 'Phantom' }] })
  appKit.core.stores.directory.setState({
    ...initialDirectoryState(),
    featured: [rainbow, ...featured],
    count: 500,
  })
  render(
    <AppKitProvider instance={appKit}>
      <Connect />
    </AppKitProvider>,
  )
}

const walletIds = () =>
  Array.from(document.querySelectorAll('[data-wallet-id]')).map((el) =>
    el.getAttribute('data-wallet-id'),
  )
const methods = () =>
  Array.from(document.querySelectorAll('[data-connect-method]'))
    .filter((el) => el.childElementCount > 0)
    .map((el) => el.getAttribute('data-connect-method'))

describe('Connect view: fits 760 px (issue 29)', () => {
  it(`lists at most ${CONNECT_VIEW_WALLETS} wallets, then WalletConnect and All Wallets`, () => {
    renderConnect()
    expect(CONNECT_VIEW_WALLETS).toBe(5)
    expect(walletIds()).toEqual([
      'io.metamask',
      'io.rabby',
      'app.phantom',
      'rainbow',
      'trust',
      'walletConnect',
    ])
    const list = screen.getByTestId('wallet-list')
    expect(list.lastElementChild?.contains(screen.getByTestId('all-wallets'))).toBe(true)
  })

  it('lists every wallet when there is no All Wallets to reach the rest', () => {
    renderConnect({ allWallets: 'HIDE' })
    expect(walletIds()).toHaveLength(9)
    expect(screen.queryByTestId('all-wallets')).toBeNull()
  })

  it('collapseWallets: email and socials, and "Continue with a wallet" opens the list', () => {
    renderConnect({ features: { socials: ['google', 'x'], collapseWallets: true } })
    expect(methods()).toEqual(['email', 'social', 'wallet'])
    expect(walletIds()).toEqual([])
    expect(screen.queryByTestId('all-wallets')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: en.continueWithWallet }))
    expect(walletIds()).toHaveLength(CONNECT_VIEW_WALLETS + 1)
    expect(screen.getByTestId('all-wallets')).toBeTruthy()
  })

  it('collapseWallets without email or socials lists the wallets (nothing to collapse them under)', () => {
    renderConnect({ features: { email: false, socials: false, collapseWallets: true } })
    expect(screen.queryByTestId('continue-with-wallet')).toBeNull()
    expect(walletIds()).toContain('io.metamask')
  })

  it('connectMethodsOrder orders the sections, and listing some leaves the others out', () => {
    renderConnect({
      features: { socials: ['google'], connectMethodsOrder: ['social', 'wallet', 'email'] },
    })
    expect(methods()).toEqual(['social', 'wallet', 'email'])
    const socials = screen.getByTestId('socials')
    const email = screen.getByTestId('connect-email')
    const list = screen.getByTestId('wallet-list')
    expect(socials.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(list.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    cleanup()
    renderConnect({ features: { socials: ['google'], connectMethodsOrder: ['wallet'] } })
    expect(methods()).toEqual(['wallet'])
  })

  it('an unknown connectMethodsOrder keeps the default order', () => {
    renderConnect({ features: { socials: ['google'], connectMethodsOrder: ['phone'] } })
    expect(methods()).toEqual(['email', 'social', 'wallet'])
  })

  it("the email entry's icon is an envelope drawn as a line icon", () => {
    renderConnect()
    const icon = screen.getByTestId('connect-email').querySelector('.lk-mail-icon svg')
    expect(icon?.getAttribute('aria-hidden')).toBe('true')
    expect(icon?.querySelector('rect')).toBeTruthy()
  })
})
