import { describe, expect, it, vi } from 'vitest'
import type { ApiClient, HistoryPage, TokenBalance, Transaction } from '../api/api.ts'
import { toBalances, toHistoryPage, toIdentity } from '../api/apiShapes.ts'
import { localChainB } from '../networks.ts'
import { portfolioStores } from '../testing/portfolioSetup.ts'
import { createPortfolioController } from './portfolio.ts'
import { dropSpamTransactions, dropZeroDecimalTokens } from './portfolioFilters.ts'
import { initialPortfolioState } from './portfolioState.ts'
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
    const s = portfolioStores()
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
    // A clock that does not start at 0, so a time of 0 is never mistaken for none.
    let now = 1_000
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
    const s = portfolioStores()
    const portfolio = createPortfolioController({
      api,
      ...s,
      toast: { showError: vi.fn() },
      now: () => now,
    })
    await portfolio.refresh()
    // The balance answer's prices are fresh: no price call yet.
    expect(api.getTokenPrices).not.toHaveBeenCalled()
    now = 15_999
    await portfolio.refresh()
    expect(api.getTokenPrices).not.toHaveBeenCalled()
    now = 16_000
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
    now = 30_999
    await portfolio.refresh()
    expect(api.getTokenPrices).toHaveBeenCalledTimes(1)
    expect(api.getBalances).toHaveBeenCalledTimes(1)
    now = 31_000
    await portfolio.refresh()
    expect(api.getBalances).toHaveBeenCalledTimes(2)
  })

  it('keeps the last prices when the price call fails', async () => {
    let now = 0
    const api = fakeApi()
    api.getTokenPrices.mockRejectedValue(new Error('HTTP status code: 503'))
    const s = portfolioStores()
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
    const s = portfolioStores()
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
    const s = portfolioStores()
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
    const s = portfolioStores({ unsupported: true })
    const toast = { showError: vi.fn() }
    const portfolio = createPortfolioController({ api, ...s, toast })
    await portfolio.refresh()
    expect(api.getBalances).not.toHaveBeenCalled()
    expect(api.getHistory).not.toHaveBeenCalled()
    expect(s.store.getState().balancesError).toBe('Token Balance Unavailable')
    expect(toast.showError).toHaveBeenCalledWith('Token Balance Unavailable')
  })
})
