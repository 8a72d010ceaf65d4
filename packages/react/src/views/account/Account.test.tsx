import type { CaipAddress, Transaction } from '@latchkey/core/internal'
import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitAccountButton, AppKitNetworkButton } from '../../buttons/Buttons.tsx'
import { AppKitProvider } from '../../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../../createAppKit.ts'
import { en } from '../../messages.ts'
import Account from './Account.tsx'
import { activitySummary, visibleWalletFeatures } from './accountRules.ts'

afterEach(cleanup)

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** An instance with a connected account and no background work (no service behind it). */
async function connectedKit(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA, localChainB],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    ...options,
  })
  appKit.destroy()
  // The modal mounts itself when idle; loaded now, it never outlives the test environment.
  await appKit.preload()
  const refresh = vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  appKit.core.stores.account.setState({
    status: 'connected',
    address: ADDRESS,
    caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
    namespace: 'eip155',
    balance: {
      formatted: '10000',
      symbol: 'ETH',
      caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
      fetchedAt: 0,
    },
  })
  return { appKit, refresh }
}

function renderAccount(appKit: ReturnType<typeof createAppKit>) {
  return render(
    <AppKitProvider instance={appKit}>
      <Account />
    </AppKitProvider>,
  )
}

const transaction: Transaction = {
  id: 't1',
  metadata: {
    minedAt: new Date().toISOString(),
    chain: 'eip155:31337',
    hash: '0xabc',
    sentFrom: '0x2222222222222222222222222222222222222222',
    sentTo: ADDRESS,
    status: 'confirmed',
    operationType: 'receive',
  },
  transfers: [
    {
      direction: 'in',
      fungible_info: { name: 'Ether', symbol: 'ETH' },
      quantity: { numeric: '1.23456' },
      value: 2469,
      price: 2000,
    },
  ],
}

describe('visibleWalletFeatures (§1 order onramp, swaps, receive, send)', () => {
  const all = ['onramp', 'swaps', 'receive', 'send'] as const
  const evm = { namespace: 'eip155', caipNetworkId: 'eip155:1' } as const
  const solana = { namespace: 'solana', caipNetworkId: 'solana:devnet' } as const
  const bitcoin = {
    namespace: 'bip122',
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  } as const
  it('keeps the default order when everything is on and built', () => {
    expect(visibleWalletFeatures({ onramp: true, swaps: true }, evm, all)).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
    ])
  })
  it('hides features that are off, send and buying outside EVM and Solana, swaps outside EVM', () => {
    expect(visibleWalletFeatures({ onramp: false, swaps: true }, evm, all)).toEqual([
      'swaps',
      'receive',
      'send',
    ])
    expect(visibleWalletFeatures({ onramp: true, swaps: false }, bitcoin, all)).toEqual(['receive'])
    expect(visibleWalletFeatures({ onramp: true, swaps: true }, solana, all)).toEqual([
      'onramp',
      'receive',
      'send',
    ])
  })
  it('shows only built ones: all four in this release, in the default order', () => {
    expect(visibleWalletFeatures({ onramp: true, swaps: true }, evm)).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
    ])
    expect(visibleWalletFeatures({ onramp: true, swaps: true }, evm, ['send', 'receive'])).toEqual([
      'receive',
      'send',
    ])
  })

  it('offers swap only on the swap-supported EVM networks and the devnet (§9)', () => {
    const on = { onramp: false, swaps: true }
    for (const caipNetworkId of ['eip155:1', 'eip155:8453', 'eip155:31337', 'eip155:31338']) {
      expect(visibleWalletFeatures(on, { namespace: 'eip155', caipNetworkId })).toContain('swaps')
    }
    for (const caipNetworkId of ['eip155:11155111', 'eip155:7777777']) {
      expect(visibleWalletFeatures(on, { namespace: 'eip155', caipNetworkId })).not.toContain(
        'swaps',
      )
    }
    expect(visibleWalletFeatures(on, solana)).not.toContain('swaps')
  })

  it("follows the app's walletFeaturesOrder and its receive/send switches", () => {
    const on = { onramp: true, swaps: true }
    expect(
      visibleWalletFeatures(on, evm, all, { walletFeaturesOrder: ['send', 'x', 'onramp'] }),
    ).toEqual(['send', 'onramp'])
    expect(visibleWalletFeatures(on, evm, all, { receive: false, send: false })).toEqual([
      'onramp',
      'swaps',
    ])
  })

  it('offers send on EVM and Solana only (§9)', () => {
    expect(visibleWalletFeatures({ onramp: false, swaps: false }, solana)).toEqual([
      'receive',
      'send',
    ])
    expect(visibleWalletFeatures({ onramp: false, swaps: false }, bitcoin)).toEqual(['receive'])
  })
})

describe('activitySummary', () => {
  it('says direction, signed floored amount and symbol', () => {
    expect(activitySummary(transaction, en)).toEqual({
      direction: 'in',
      label: 'Received',
      amount: '+1.234',
      symbol: 'ETH',
    })
    const [received] = transaction.transfers
    if (!received) throw new Error('fixture has a transfer')
    const sent = { ...transaction, transfers: [{ ...received, direction: 'out' as const }] }
    expect(activitySummary(sent, en)).toMatchObject({ label: 'Sent', amount: '-1.234' })
  })

  it('shows a send to oneself as one entry, neither sent nor received, without a sign', () => {
    const [received] = transaction.transfers
    if (!received) throw new Error('fixture has a transfer')
    const self = { ...transaction, transfers: [{ ...received, direction: 'self' as const }] }
    expect(activitySummary(self, en)).toEqual({
      direction: 'self',
      label: 'Sent to self',
      amount: '1.234',
      symbol: 'ETH',
    })
  })
})

describe('Account view', () => {
  it('keeps address, native balance, network and disconnect; refreshes on open', async () => {
    const { appKit, refresh } = await connectedKit()
    renderAccount(appKit)
    expect(screen.getByTestId('account-balance').textContent).toBe('10000 ETH')
    expect(screen.getByTestId('account-address').textContent).toBe('0x1111…1111')
    expect(screen.getByTestId('account-network').textContent).toContain(localChainA.name)
    expect(screen.getByTestId('disconnect')).toBeTruthy()
    expect(screen.getByTestId('copy-address')).toBeTruthy()
    expect(refresh).toHaveBeenCalled()
  })

  it('shows only the built wallet feature buttons, whatever the features say', async () => {
    const { appKit } = await connectedKit()
    renderAccount(appKit)
    const buttons = within(screen.getByTestId('wallet-features')).getAllByRole('button')
    expect(buttons.map((b) => b.dataset.testid)).toEqual([
      'wallet-feature-onramp',
      'wallet-feature-swaps',
      'wallet-feature-receive',
      'wallet-feature-send',
    ])
    fireEvent.click(screen.getByTestId('wallet-feature-onramp'))
    expect(appKit.core.stores.router.getState().history.at(-1)?.view).toBe('OnRampProviders')
    fireEvent.click(screen.getByTestId('wallet-feature-receive'))
    expect(appKit.core.stores.router.getState().history.at(-1)?.view).toBe('Receive')
    fireEvent.click(screen.getByTestId('wallet-feature-swaps'))
    expect(appKit.core.stores.router.getState().history.at(-1)?.view).toBe('Swap')
  })

  it('shows the portfolio total, tokens floored to 3 decimals, activity and identity', async () => {
    const { appKit } = await connectedKit()
    renderAccount(appKit)
    act(() => {
      appKit.core.stores.portfolio.setState({
        tokens: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:31337',
            value: 20_000_000,
            price: 2000,
            quantity: { decimals: '18', numeric: '10000.99999' },
            iconUrl: '',
          },
        ],
        totalValue: 30_000_000,
        transactions: [transaction],
        profileName: 'alice.reown.id',
      })
    })
    expect(screen.getByTestId('portfolio-total').textContent).toBe('$30,000,000.00')
    const row = screen
      .getByTestId('token-list')
      .querySelector<HTMLElement>('[data-token-symbol="ETH"]')
    expect(row?.textContent).toContain('10000.999 ETH')
    const activity = screen
      .getByTestId('activity-list')
      .querySelector<HTMLElement>('[data-tx-hash="0xabc"]')
    expect(activity?.textContent).toContain('Received')
    expect(activity?.textContent).toContain('+1.234 ETH')
    expect(activity?.textContent).toContain('now')
    expect(screen.getByTestId('account-identity').textContent).toBe('alice.reown.id')
  })

  it('writes amounts, fiat values and times in the chosen language (German, Japanese)', async () => {
    const { appKit } = await connectedKit()
    await appKit.setLocale('de')
    renderAccount(appKit)
    const older = {
      ...transaction,
      id: 't2',
      metadata: { ...transaction.metadata, hash: '0xdef', minedAt: '2025-12-01T12:00:00Z' },
    }
    act(() => {
      appKit.core.stores.portfolio.setState({
        tokens: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:31337',
            value: 20_000_000,
            price: 2000,
            quantity: { decimals: '18', numeric: '10000.99999' },
            iconUrl: '',
          },
        ],
        totalValue: 30_000_000,
        transactions: [transaction, older],
      })
    })
    expect(screen.getByTestId('portfolio-total').textContent).toBe('30.000.000,00\u00a0$')
    expect(screen.getByTestId('token-amount').textContent).toBe('10000,999 ETH')
    expect(screen.getByTestId('account-balance').textContent).toBe('10000 ETH')
    const activity = screen.getByTestId('activity-list')
    expect(activity.querySelector('[data-tx-hash="0xabc"]')?.textContent).toBe(
      'Empfangen+1,234 ETHjetzt',
    )
    expect(activity.querySelector('[data-tx-hash="0xdef"] time')?.textContent).toBe('01.12.2025')
    await act(() => appKit.setLocale('ja'))
    expect(activity.querySelector('[data-tx-hash="0xdef"] time')?.textContent).toBe('2025/12/01')
    expect(screen.getByTestId('portfolio-total').textContent).toBe('$30,000,000.00')
  })

  it('shows Token Balance Unavailable as the total when balances failed', async () => {
    const { appKit } = await connectedKit()
    appKit.core.stores.portfolio.setState({ balancesError: 'Token Balance Unavailable' })
    renderAccount(appKit)
    expect(screen.getByTestId('portfolio-total').textContent).toBe('Token Balance Unavailable')
  })

  it('hides the activity list when the activity feature is off', async () => {
    const { appKit } = await connectedKit()
    const { features } = appKit.core.stores.features.getState()
    appKit.core.stores.features.setState({ features: { ...features, activity: false } })
    renderAccount(appKit)
    expect(screen.queryByTestId('activity-list')).toBeNull()
  })

  it('enableNetworkSwitch false: the network shows but the list does not open', async () => {
    const { appKit } = await connectedKit({ enableNetworkSwitch: false })
    render(
      <AppKitProvider instance={appKit}>
        <Account />
        <AppKitNetworkButton />
      </AppKitProvider>,
    )
    const row = screen.getByTestId('account-network')
    expect(row.textContent).toContain(localChainA.name)
    expect(row.tagName).not.toBe('BUTTON')
    const button = screen.getByTestId('network-button')
    expect(button.textContent).toBe(localChainA.name)
    expect(button.matches(':disabled')).toBe(true)
  })

  it('with network switching on, both open the network list', async () => {
    const { appKit } = await connectedKit()
    render(
      <AppKitProvider instance={appKit}>
        <Account />
        <AppKitNetworkButton />
      </AppKitProvider>,
    )
    fireEvent.click(screen.getByTestId('account-network'))
    expect(appKit.core.router.current().view).toBe('Networks')
    expect(screen.getByTestId('network-button').matches(':disabled')).toBe(false)
  })
})

describe('Account: names (README "Names")', () => {
  it('offers "Choose a name" to an embedded-wallet account without one; the name replaces the offer', async () => {
    const { appKit } = await connectedKit()
    renderAccount(appKit)
    expect(screen.queryByTestId('account-choose-name')).toBeNull()
    act(() => appKit.core.stores.account.setState({ connectorId: 'AUTH' }))
    fireEvent.click(screen.getByTestId('account-choose-name'))
    expect(appKit.core.router.current().view).toBe('RegisterAccountName')
    act(() => appKit.core.stores.portfolio.setState({ profileName: 'alice.latchkey.id' }))
    expect(screen.queryByTestId('account-choose-name')).toBeNull()
    expect(screen.getByTestId('account-identity').textContent).toBe('alice.latchkey.id')
  })

  it('the account button shows the name in place of the short address', async () => {
    const { appKit } = await connectedKit()
    render(
      <AppKitProvider instance={appKit}>
        <AppKitAccountButton />
      </AppKitProvider>,
    )
    expect(screen.getByTestId('account-button-label').textContent).toBe('0x1111…1111')
    act(() => appKit.core.stores.portfolio.setState({ profileName: 'alice.latchkey.id' }))
    expect(screen.getByTestId('account-button-label').textContent).toBe('alice.latchkey.id')
  })
})
