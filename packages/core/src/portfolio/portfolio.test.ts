import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { ApiClient, HistoryPage, TokenBalance, Transaction } from '../api/api.ts'
import { createApiClient } from '../api/apiClient.ts'
import { toBalances, toHistoryPage, toIdentity } from '../api/apiShapes.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { CaipAddress } from '../caip.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localChainB } from '../networks.ts'
import { createToastController } from '../router/toast.ts'
import { createPortfolioController } from './portfolio.ts'
import { dropSpamTransactions, dropZeroDecimalTokens } from './portfolioFilters.ts'
import { initialPortfolioState, type PortfolioState } from './portfolioState.ts'
import { totalValueOf } from './portfolioTokens.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'

function token(symbol: string, decimals: string, value = 1, numeric = '1'): TokenBalance {
  return {
    name: symbol,
    symbol,
    chainId: 'eip155:31337',
    value,
    price: 1,
    quantity: { decimals, numeric },
    iconUrl: '',
  }
}

function tx(id: string, transfers: Transaction['transfers']): Transaction {
  return {
    id,
    metadata: {
      minedAt: '2026-01-01T00:00:00Z',
      chain: 'eip155:31337',
      hash: `0x${id}`,
      sentFrom: ADDRESS,
      sentTo: ADDRESS,
      status: 'confirmed',
      operationType: 'receive',
    },
    transfers,
  }
}

const fungible = {
  direction: 'in',
  fungible_info: { name: 'Ether', symbol: 'ETH' },
  quantity: { numeric: '1.5' },
  value: 3000,
  price: 2000,
} as const
const spamNft = {
  direction: 'in',
  nft_info: { flags: { is_spam: true } },
  quantity: { numeric: '1' },
  value: 0,
  price: 0,
} as const
const realNft = { ...spamNft, nft_info: { flags: { is_spam: false } } }

describe('portfolio rules (§5)', () => {
  it('drops tokens with 0 decimals', () => {
    const kept = dropZeroDecimalTokens([token('ETH', '18'), token('PTS', '0'), token('USDC', '6')])
    expect(kept.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
  })

  it('drops transactions whose transfers are all spam NFTs, and only those', () => {
    const kept = dropSpamTransactions([
      tx('a', [spamNft]),
      tx('b', [spamNft, spamNft]),
      tx('c', [spamNft, fungible]),
      tx('d', [realNft]),
      tx('e', [fungible]),
    ])
    expect(kept.map((t) => t.id)).toEqual(['c', 'd', 'e'])
  })

  it('totals the fiat values', () => {
    expect(totalValueOf([token('A', '18', 10_000), token('B', '6', 29_990_000)])).toBe(30_000_000)
  })
})

describe('shape checks (drop malformed items, keep the rest)', () => {
  it('balances', () => {
    const good = { ...token('ETH', '18'), quantity: { decimals: '18', numeric: '10000' } }
    const balances = toBalances({
      balances: [
        good,
        { ...good, symbol: 5 },
        { ...good, quantity: { decimals: '18', numeric: 'lots' } },
        { ...good, chainId: 'eip155' },
        { ...good, address: 'eip155:31337:0xabc', iconUrl: undefined },
      ],
    })
    expect(balances?.map((b) => [b.symbol, b.address, b.iconUrl])).toEqual([
      ['ETH', undefined, ''],
      ['ETH', 'eip155:31337:0xabc', ''],
    ])
    expect(toBalances({})).toBeUndefined()
    expect(toBalances([])).toBeUndefined()
  })

  it('history', () => {
    const good = tx('a', [fungible])
    const page = toHistoryPage({
      data: [
        good,
        { ...good, id: '' },
        { ...good, metadata: { ...good.metadata, operationType: 'mint' } },
        { ...good, id: 'swap', metadata: { ...good.metadata, operationType: 'trade' } },
        { ...good, transfers: [{ ...fungible, direction: 'sideways' }] },
        tx('b', [spamNft]),
      ],
      next: 'cursor-2',
    })
    expect(page?.data.map((t) => t.id)).toEqual(['a', 'swap', 'b'])
    expect(page?.next).toBe('cursor-2')
    expect(toHistoryPage({ data: [] })).toEqual({ data: [], next: null })
    expect(toHistoryPage({ data: [], next: 3 })).toBeUndefined()
  })

  it('identity', () => {
    expect(toIdentity({ name: 'alice.reown.id', avatar: null })).toEqual({
      name: 'alice.reown.id',
      avatar: null,
    })
    expect(toIdentity({})).toEqual({ name: null, avatar: null })
    expect(toIdentity({ name: 1 })).toBeUndefined()
  })
})

function stores(overrides: { unsupported?: boolean } = {}) {
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address: ADDRESS,
    caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
    namespace: 'eip155',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [localChainA, localChainB],
    activeCaipNetwork: localChainA,
    activeNamespace: 'eip155',
    unsupported: overrides.unsupported ?? false,
  }))
  const store = createStore<PortfolioState>(initialPortfolioState)
  return { account, chain, store }
}

function fakeApi(page: HistoryPage = { data: [], next: null }) {
  return {
    getBalances: vi.fn<ApiClient['getBalances']>(async () => [
      token('ETH', '18', 20_000_000, '10000'),
      token('PTS', '0', 5, '7'),
      token('USDC', '6', 10_000_000, '10000000'),
    ]),
    getHistory: vi.fn<ApiClient['getHistory']>(async () => page),
    getIdentity: vi.fn<ApiClient['getIdentity']>(async () => ({ name: 'alice', avatar: null })),
    getTokenPrices: vi.fn<ApiClient['getTokenPrices']>(async () => []),
  }
}

describe('portfolio controller', () => {
  it('fills the store, and serves balances 30 s and history 15 s from the cache', async () => {
    let now = 0
    const api = fakeApi({ data: [tx('a', [fungible]), tx('s', [spamNft])], next: 'c2' })
    const s = stores()
    const toast = { showError: vi.fn() }
    const portfolio = createPortfolioController({ api, ...s, toast, now: () => now })
    await portfolio.refresh()
    expect(s.store.getState()).toMatchObject({
      caipAddress: `eip155:31337:${ADDRESS}`,
      totalValue: 30_000_000,
      balancesLoading: false,
      transactionsLoading: false,
      next: 'c2',
      profileName: 'alice',
    })
    expect(s.store.getState().tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(s.store.getState().transactions.map((t) => t.id)).toEqual(['a'])
    // The client's cache decides when to ask; when it asks, the service reads the chain.
    expect(api.getBalances).toHaveBeenCalledWith(ADDRESS, 'eip155:31337', { forceUpdate: true })
    expect(api.getHistory).toHaveBeenCalledWith(ADDRESS, 'eip155:31337')

    now = 14_999
    await portfolio.refresh()
    expect(api.getHistory).toHaveBeenCalledTimes(1)
    now = 15_000
    await portfolio.refresh()
    expect(api.getHistory).toHaveBeenCalledTimes(2)
    expect(api.getBalances).toHaveBeenCalledTimes(1)
    now = 29_999
    await portfolio.refresh()
    expect(api.getBalances).toHaveBeenCalledTimes(1)
    now = 30_000
    await portfolio.refresh()
    expect(api.getBalances).toHaveBeenCalledTimes(2)
    expect(api.getIdentity).toHaveBeenCalledTimes(1)
    expect(toast.showError).not.toHaveBeenCalled()
  })

  it('re-prices cached balances once their prices are 15 s old, without extending the 30 s', async () => {
    let now = 0
    const api = fakeApi()
    const usdc = 'eip155:31337:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
    api.getBalances.mockResolvedValue([
      token('ETH', '18', 2_000, '1'),
      { ...token('USDC', '6', 10, '10'), address: usdc },
    ])
    api.getTokenPrices.mockResolvedValue([
      {
        address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        price: 2_500,
        symbol: 'ETH',
      },
      { address: usdc, price: 0.5, symbol: 'USDC' },
    ])
    const s = stores()
    const portfolio = createPortfolioController({
      api,
      ...s,
      toast: { showError: vi.fn() },
      now: () => now,
    })
    await portfolio.refresh()
    // The balance answer's prices are fresh: no price call yet.
    expect(api.getTokenPrices).not.toHaveBeenCalled()
    now = 14_999
    await portfolio.refresh()
    expect(api.getTokenPrices).not.toHaveBeenCalled()
    now = 15_000
    await portfolio.refresh()
    expect(api.getTokenPrices).toHaveBeenCalledExactlyOnceWith([
      usdc,
      'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    ])
    expect(s.store.getState().tokens.map((t) => [t.symbol, t.price, t.value])).toEqual([
      ['ETH', 2_500, 2_500],
      ['USDC', 0.5, 5],
    ])
    expect(s.store.getState().totalValue).toBe(2_505)
    now = 29_999
    await portfolio.refresh()
    expect(api.getTokenPrices).toHaveBeenCalledTimes(1)
    expect(api.getBalances).toHaveBeenCalledTimes(1)
    now = 30_000
    await portfolio.refresh()
    expect(api.getBalances).toHaveBeenCalledTimes(2)
  })

  it('keeps the last prices when the price call fails', async () => {
    let now = 0
    const api = fakeApi()
    api.getTokenPrices.mockRejectedValue(new Error('HTTP status code: 503'))
    const s = stores()
    const toast = { showError: vi.fn() }
    const portfolio = createPortfolioController({ api, ...s, toast, now: () => now })
    await portfolio.refresh()
    now = 20_000
    await portfolio.refresh()
    expect(api.getTokenPrices).toHaveBeenCalledTimes(1)
    expect(s.store.getState().totalValue).toBe(30_000_000)
    expect(toast.showError).not.toHaveBeenCalled()
  })

  it('force skips the balance and history caches and asks for fresh balances', async () => {
    const api = fakeApi()
    const s = stores()
    const portfolio = createPortfolioController({ api, ...s, toast: { showError: vi.fn() } })
    await portfolio.refresh()
    await portfolio.refresh({ force: true })
    expect(api.getBalances).toHaveBeenLastCalledWith(ADDRESS, 'eip155:31337', {
      forceUpdate: true,
    })
    expect(api.getHistory).toHaveBeenCalledTimes(2)
  })

  it('starts from empty data on another network, and clears when disconnected', async () => {
    const api = fakeApi()
    const s = stores()
    const portfolio = createPortfolioController({ api, ...s, toast: { showError: vi.fn() } })
    await portfolio.refresh()
    s.chain.setState({ activeCaipNetwork: localChainB })
    api.getBalances.mockResolvedValueOnce([])
    await portfolio.refresh()
    expect(api.getBalances).toHaveBeenLastCalledWith(ADDRESS, 'eip155:31338', {
      forceUpdate: true,
    })
    expect(s.store.getState()).toMatchObject({ tokens: [], totalValue: 0 })
    s.account.setState({ status: 'disconnected', address: undefined })
    await portfolio.refresh()
    expect(s.store.getState()).toEqual(initialPortfolioState())
  })

  it('unsupported network: Token Balance Unavailable, without a request', async () => {
    const api = fakeApi()
    const s = stores({ unsupported: true })
    const toast = { showError: vi.fn() }
    const portfolio = createPortfolioController({ api, ...s, toast })
    await portfolio.refresh()
    expect(api.getBalances).not.toHaveBeenCalled()
    expect(api.getHistory).not.toHaveBeenCalled()
    expect(s.store.getState().balancesError).toBe('Token Balance Unavailable')
    expect(toast.showError).toHaveBeenCalledWith('Token Balance Unavailable')
  })
})

describe('portfolio controller against a refused port (real connection failures, §8)', () => {
  function refused() {
    const api = createApiClient({
      apiUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      sdkType: 'a',
      sdkVersion: 'v',
    })
    const toast = createToastController()
    const showError = vi.spyOn(toast, 'showError')
    let now = 0
    const s = stores()
    const portfolio = createPortfolioController({ api, ...s, toast, now: () => now })
    return {
      api,
      toast,
      showError,
      portfolio,
      ...s,
      setNow: (ms: number) => {
        now = ms
      },
    }
  }

  it('toasts Token Balance Unavailable and Failed to fetch transactions; history is empty', async () => {
    const { portfolio, store, showError, toast } = refused()
    store.setState({ transactions: [tx('old', [fungible])], next: 'c' })
    await portfolio.refresh()
    expect(showError).toHaveBeenCalledWith(ErrorText.tokenBalanceUnavailable)
    expect(showError).toHaveBeenCalledWith(ErrorText.failedToFetchTransactions)
    expect(store.getState()).toMatchObject({
      balancesError: 'Token Balance Unavailable',
      balancesLoading: false,
      transactions: [],
      transactionsLoading: false,
      next: null,
      tokens: [],
    })
    // The second error replaces the first 150 ms after it closes (§4).
    await vi.waitFor(() => {
      expect(toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    })
    expect([ErrorText.tokenBalanceUnavailable, ErrorText.failedToFetchTransactions]).toContain(
      toast.store.getState().message,
    )
    toast.hide()
  })

  it('retries a failed balance at most once per 30 s (§9)', async () => {
    const { api, portfolio, setNow, toast } = refused()
    const getBalances = vi.spyOn(api, 'getBalances')
    await portfolio.refresh()
    expect(getBalances).toHaveBeenCalledTimes(1)
    setNow(29_999)
    await portfolio.refresh({ force: true })
    expect(getBalances).toHaveBeenCalledTimes(1)
    setNow(30_000)
    await portfolio.refresh()
    expect(getBalances).toHaveBeenCalledTimes(2)
    toast.hide()
  })
})

describe('api client: balance, history and identity URLs (§7)', () => {
  it('sends projectId/st/sv and each call’s parameters', async () => {
    const urls: string[] = []
    const api = createApiClient({
      apiUrl: 'http://api.test',
      projectId: 'p',
      sdkType: 'appkit',
      sdkVersion: 'v1',
      fetch: async (input) => {
        urls.push(input)
        const body = input.includes('/balance')
          ? { balances: [] }
          : input.includes('/history')
            ? { data: [], next: null }
            : { name: null, avatar: null }
        return new Response(JSON.stringify(body), { status: 200 })
      },
    })
    await api.getBalances(ADDRESS, 'eip155:1', { forceUpdate: true })
    await api.getHistory(ADDRESS, 'eip155:1', 'c2')
    await api.getHistory(ADDRESS, 'eip155:1')
    await api.getIdentity(ADDRESS, ADDRESS)
    expect(urls).toEqual([
      `http://api.test/v1/account/${ADDRESS}/balance?projectId=p&st=appkit&sv=v1&currency=usd&chainId=eip155%3A1&forceUpdate=true`,
      `http://api.test/v1/account/${ADDRESS}/history?projectId=p&st=appkit&sv=v1&chainId=eip155%3A1&cursor=c2`,
      `http://api.test/v1/account/${ADDRESS}/history?projectId=p&st=appkit&sv=v1&chainId=eip155%3A1`,
      `http://api.test/v1/identity/${ADDRESS}?projectId=p&st=appkit&sv=v1&sender=${ADDRESS}`,
    ])
  })

  it('a non-OK answer is an ApiError with HTTP status code: N', async () => {
    const api = createApiClient({
      apiUrl: 'http://api.test',
      projectId: 'p',
      sdkType: 'appkit',
      sdkVersion: 'v1',
      fetch: async () => new Response('{}', { status: 502 }),
    })
    await expect(api.getBalances(ADDRESS, 'eip155:1')).rejects.toMatchObject({
      name: 'ApiError',
      message: 'HTTP status code: 502',
      status: 502,
    })
  })
})

describe('the native balance follows the token list (README "Balances")', () => {
  const native = (numeric: string): TokenBalance => ({ ...token('ETH', '18', 1, numeric) })

  it("shows the app's token instead (AppKit's tokens option), by plain or CAIP-10 address", async () => {
    const usdc = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
    const api = fakeApi()
    api.getBalances.mockResolvedValue([
      native('10000'),
      { ...token('USDC', '6', 1, '1234.5678'), address: `eip155:31337:${usdc}` },
    ])
    const s = stores()
    const tokens = { 'eip155:31337': { address: usdc.toUpperCase().replace('0X', '0x') } }
    const portfolio = createPortfolioController({
      api,
      ...s,
      toast: { showError: vi.fn() },
      tokens,
    })
    await portfolio.refresh()
    expect(s.account.getState().balance).toMatchObject({ formatted: '1234.567', symbol: 'USDC' })

    // A token the account does not hold: the native balance, as without the option.
    const s2 = stores()
    const other = createPortfolioController({
      api,
      ...s2,
      toast: { showError: vi.fn() },
      tokens: { 'eip155:31337': { address: '0x0000000000000000000000000000000000000001' } },
    })
    await other.refresh()
    expect(s2.account.getState().balance).toMatchObject({ formatted: '10000', symbol: 'ETH' })
  })

  it('takes the native entry of the same answer, also after a forced refresh', async () => {
    const api = fakeApi()
    api.getBalances.mockResolvedValueOnce([native('10000')])
    const s = stores()
    const portfolio = createPortfolioController({ api, ...s, toast: { showError: vi.fn() } })
    await portfolio.refresh()
    expect(s.account.getState().balance).toMatchObject({
      formatted: '10000',
      symbol: 'ETH',
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
    api.getBalances.mockResolvedValueOnce([native('9999.49995558')])
    await portfolio.refresh({ force: true })
    expect(s.account.getState().balance?.formatted).toBe('9999.499')
    expect(s.store.getState().tokens[0]?.quantity.numeric).toBe('9999.49995558')
  })

  it("never shows another network's balance while the new one loads", async () => {
    const api = fakeApi()
    const s = stores()
    const portfolio = createPortfolioController({ api, ...s, toast: { showError: vi.fn() } })
    await portfolio.refresh()
    expect(s.account.getState().balance?.formatted).toBe('10000')
    s.chain.setState({ activeCaipNetwork: localChainB })
    let answer: (tokens: TokenBalance[]) => void = () => {}
    api.getBalances.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const switching = portfolio.refresh()
    expect(s.account.getState().balance).toBeUndefined()
    answer([{ ...native('3'), chainId: 'eip155:31338' }])
    await switching
    expect(s.account.getState().balance).toMatchObject({
      formatted: '3',
      caipAddress: `eip155:31338:${ADDRESS}`,
    })
  })

  it('reads the native balance from the chain when the data API fails, keeping the 30 s retry rule', async () => {
    let now = 0
    const api = fakeApi()
    api.getBalances.mockRejectedValue(new Error('HTTP status code: 502'))
    const s = stores()
    const readNativeBalance = vi.fn(async () => {})
    const portfolio = createPortfolioController({
      api,
      ...s,
      toast: { showError: vi.fn() },
      now: () => now,
      readNativeBalance,
    })
    await portfolio.refresh()
    expect(readNativeBalance).toHaveBeenLastCalledWith({ force: false })
    now = 10_000
    await portfolio.refresh({ force: true })
    expect(api.getBalances).toHaveBeenCalledTimes(1)
    expect(readNativeBalance).toHaveBeenLastCalledWith({ force: true })
    expect(readNativeBalance).toHaveBeenCalledTimes(2)
  })
})
