import type { CaipAddress } from '@latchkey/core/internal'
import {
  AUTH_CONNECTOR_ID,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  MemoryStorage,
} from '@latchkey/core/internal'
import { localChainA, localChainB, localSolana, solana } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import Account from './Account.tsx'
import ProfileWallets, { switchTarget } from './ProfileWallets.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const EVM = '0x1111111111111111111111111111111111111111'
const SOL = 'CSEmpGoVoFKC2c4guvZB15TCfj7WNZa6UDNdqm7F6wU4'
const NETWORKS = [localChainA, localChainB, solana, localSolana] as const

/** Signed in with email: the embedded user with both accounts, EVM active, Solana connected too. */
async function signedInKit(options: { solanaAddress?: string; connectorId?: string } = {}) {
  const appKit = createAppKit({
    networks: NETWORKS,
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  appKit.destroy()
  // The modal mounts itself when idle; loaded now, it never outlives the test environment.
  await appKit.preload()
  vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  const switchNetwork = vi.spyOn(appKit.core, 'switchNetwork').mockResolvedValue(undefined)
  appKit.core.stores.embedded.setState({
    user: {
      email: 'visitor@example.com',
      address: EVM,
      chainId: localChainA.id,
      accounts: [{ address: EVM, type: 'EOA' }],
      smartAccountDeployed: false,
      ...(options.solanaAddress === undefined ? {} : { solanaAddress: options.solanaAddress }),
    },
  })
  appKit.core.stores.account.setState({
    status: 'connected',
    address: EVM,
    caipAddress: `eip155:31337:${EVM}` as CaipAddress,
    namespace: 'eip155',
    connectorId: options.connectorId ?? AUTH_CONNECTOR_ID,
    connections: {
      eip155: { address: EVM, chainId: localChainA.id, connectorId: AUTH_CONNECTOR_ID },
      ...(options.solanaAddress
        ? {
            solana: {
              address: options.solanaAddress,
              chainId: localSolana.id,
              connectorId: EMBEDDED_SOLANA_CONNECTOR_ID,
            },
          }
        : {}),
    },
  })
  return { appKit, switchNetwork }
}

function renderView(appKit: ReturnType<typeof createAppKit>, view = <ProfileWallets />) {
  return render(<AppKitProvider instance={appKit}>{view}</AppKitProvider>)
}

describe('ProfileWallets view', () => {
  it('lists the signed-in visitor’s EVM and Solana accounts, the active one marked', async () => {
    const { appKit } = await signedInKit({ solanaAddress: SOL })
    const { container } = renderView(appKit)
    expect(container.querySelector('[data-view="ProfileWallets"]')).not.toBeNull()
    const evm = screen.getByTestId('profile-wallet-eip155')
    const sol = screen.getByTestId('profile-wallet-solana')
    expect(evm.textContent).toContain('EVM')
    expect(evm.textContent).toContain('0x1111…1111')
    expect(sol.textContent).toContain('Solana')
    expect(sol.querySelector('[title]')?.getAttribute('title')).toBe(SOL)
    expect(evm.dataset.active).toBe('true')
    expect(evm.getAttribute('aria-current')).toBe('true')
    expect(evm.textContent).toContain('Active')
    expect(sol.dataset.active).toBeUndefined()
    expect((screen.getByTestId('profile-switch-eip155') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('profile-switch-solana') as HTMLButtonElement).disabled).toBe(false)
    // Named by the text it shows (WCAG 2.5.3), described by the account it switches to.
    expect(
      screen.getByRole('button', { name: 'Switch', description: 'Use your Solana account' }),
    ).toBe(screen.getByTestId('profile-switch-solana'))
  })

  it('shows the EVM account alone when the frame holds no Solana key', async () => {
    const { appKit } = await signedInKit()
    renderView(appKit)
    expect(screen.getByTestId('profile-wallet-eip155')).toBeDefined()
    expect(screen.queryByTestId('profile-wallet-solana')).toBeNull()
  })

  it('copies an account’s address', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { appKit } = await signedInKit({ solanaAddress: SOL })
    renderView(appKit)
    const copy = screen.getByTestId('profile-copy-solana')
    expect(copy.getAttribute('aria-label')).toBe('Copy Solana address')
    await act(async () => {
      fireEvent.click(copy)
    })
    expect(writeText).toHaveBeenCalledWith(SOL)
    expect(copy.dataset.copied).toBe('true')
    expect(appKit.core.stores.toast.getState().message).toBe('Address copied')
  })

  it('switches to the namespace on the network its connection is on', async () => {
    const { appKit, switchNetwork } = await signedInKit({ solanaAddress: SOL })
    renderView(appKit)
    await act(async () => {
      fireEvent.click(screen.getByTestId('profile-switch-solana'))
    })
    expect(switchNetwork).toHaveBeenCalledWith(localSolana)
  })

  it('switchTarget: the connection’s network, else the namespace’s first', () => {
    expect(switchTarget('solana', NETWORKS, localSolana.id)).toBe(localSolana)
    expect(switchTarget('solana', NETWORKS, undefined)).toBe(solana)
    expect(switchTarget('solana', NETWORKS, 'unknown')).toBe(solana)
    expect(switchTarget('bip122', NETWORKS, undefined)).toBeUndefined()
  })
})

describe('Account → ProfileWallets', () => {
  it('offers the wallets of the embedded wallet, EVM or Solana, and opens them', async () => {
    const { appKit } = await signedInKit({ solanaAddress: SOL })
    renderView(appKit, <Account />)
    fireEvent.click(screen.getByTestId('account-profile-wallets'))
    expect(appKit.core.router.current().view).toBe('ProfileWallets')
    cleanup()

    const solanaSide = await signedInKit({
      solanaAddress: SOL,
      connectorId: EMBEDDED_SOLANA_CONNECTOR_ID,
    })
    renderView(solanaSide.appKit, <Account />)
    expect(screen.getByTestId('account-profile-wallets')).toBeDefined()
    expect(screen.getByTestId('account-email').textContent).toContain('visitor@example.com')
  })

  it('is not offered for another wallet', async () => {
    const { appKit } = await signedInKit({ connectorId: 'io.metamask' })
    renderView(appKit, <Account />)
    expect(screen.queryByTestId('account-profile-wallets')).toBeNull()
  })
})

describe("Account: the embedded wallet's profile", () => {
  it('names a Farcaster or Telegram profile, which has no email, by its @username', async () => {
    const { appKit } = await signedInKit()
    const user = appKit.core.stores.embedded.getState().user
    if (!user) throw new Error('no user')
    appKit.core.stores.embedded.setState({
      user: { ...user, email: null, authProvider: 'farcaster', userName: 'dwr' },
    })
    renderView(appKit, <Account />)
    const profile = screen.getByTestId('account-email')
    expect(profile.textContent).toBe('@dwrfarcaster')
    // Not a button: only an email login changes its address.
    expect(profile.tagName).toBe('P')
  })

  it('shows nothing for a social profile with neither email nor username', async () => {
    const { appKit } = await signedInKit()
    const user = appKit.core.stores.embedded.getState().user
    if (!user) throw new Error('no user')
    appKit.core.stores.embedded.setState({
      user: { ...user, email: null, authProvider: 'farcaster', userName: null },
    })
    renderView(appKit, <Account />)
    expect(screen.queryByTestId('account-email')).toBeNull()
  })
})
