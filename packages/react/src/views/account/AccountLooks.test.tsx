import type { CaipAddress } from '@latchkey/core/internal'
import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../../createAppKit.ts'
import Account from './Account.tsx'

afterEach(cleanup)

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** Connected on chain A, no service behind it, the portfolio set by each test. */
async function showAccount(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA, localChainB],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    ...options,
  })
  appKit.destroy()
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
      <Account />
    </AppKitProvider>,
  )
  return appKit
}

const ether = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 2000,
  price: 2000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'http://127.0.0.1:1/public/getTokenImage/ETH',
}

describe('Account while it loads', () => {
  it('skeleton rows stand in for tokens and activity in busy lists; the real rows replace them', async () => {
    const appKit = await showAccount({ features: { activity: true } })
    act(() =>
      appKit.core.stores.portfolio.setState({
        tokens: [],
        transactions: [],
        balancesLoading: true,
        transactionsLoading: true,
      }),
    )
    for (const id of ['token-list', 'activity-list']) {
      const list = screen.getByTestId(id)
      expect(list.getAttribute('aria-busy'), id).toBe('true')
      const skeletons = list.querySelectorAll('li.lk-skeleton-row')
      expect(skeletons.length, id).toBe(2)
      for (const row of skeletons) expect(row.getAttribute('aria-hidden')).toBe('true')
    }
    act(() =>
      appKit.core.stores.portfolio.setState({
        tokens: [ether],
        balancesLoading: false,
        transactionsLoading: false,
      }),
    )
    const tokens = screen.getByTestId('token-list')
    expect(tokens.hasAttribute('aria-busy')).toBe(false)
    expect(tokens.querySelector('.lk-skeleton-row')).toBeNull()
    expect(tokens.querySelector('[data-token-symbol="ETH"] img')?.getAttribute('alt')).toBe('')
    expect(screen.getByTestId('activity-list').querySelector('.lk-skeleton-row')).toBeNull()
  })
})

describe("the network's icon", () => {
  it("beside the balance and the network: the directory's image, decorative", async () => {
    await showAccount()
    const image = `http://127.0.0.1:1/public/getAssetImage/${encodeURIComponent(localChainA.caipNetworkId)}`
    for (const id of ['account-balance', 'account-network']) {
      await waitFor(() =>
        expect(screen.getByTestId(id).querySelector('img')?.getAttribute('src')).toContain(image),
      )
      expect(screen.getByTestId(id).querySelector('img')?.getAttribute('alt')).toBe('')
    }
    expect(screen.getByTestId('account-network').textContent).toBe(`${localChainA.name}Network`)
  })

  it("the app's chainImages first; the initial until an image is known", async () => {
    await showAccount({ chainImages: { 31337: 'https://example.com/a.png' } })
    const row = screen.getByTestId('account-network')
    expect(row.querySelector('img')?.getAttribute('src')).toBe('https://example.com/a.png')
    cleanup()
    await showAccount({ enableNetworkSwitch: false })
    const initial = screen.getByTestId('account-network').querySelector('[data-initial]')
    expect(initial?.getAttribute('data-initial')).toBe('L')
    expect(initial?.getAttribute('aria-hidden')).toBe('true')
  })
})
