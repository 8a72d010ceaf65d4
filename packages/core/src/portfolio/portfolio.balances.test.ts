import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/api.ts'
import { localSolana } from '../networks.ts'
import { BOB, coin, later, setupPortfolio } from '../testing/portfolioSetup.ts'

const USDC = 'eip155:31337:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const usdc = (numeric: string): TokenBalance => ({
  ...coin(numeric),
  name: 'USD Coin',
  symbol: 'USDC',
  address: USDC,
  price: 1,
  value: Number(numeric),
  quantity: { decimals: '6', numeric },
})

describe('balances (§5, §8, §9)', () => {
  it('show as loading while they are asked for', async () => {
    const p = setupPortfolio()
    const balances = later<TokenBalance[]>()
    p.answers.balances = balances.promise
    const refreshing = p.portfolio.refresh()
    expect(p.store.getState().balancesLoading).toBe(true)
    balances.resolve([coin('1')])
    await refreshing
    expect(p.store.getState().balancesLoading).toBe(false)
  })

  it('a failure after a success empties the list and says so; the next success clears it', async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    expect(p.store.getState().totalValue).toBe(2)
    p.answers.balances = new Error('HTTP status code: 502')
    await p.portfolio.refresh({ force: true })
    expect(p.store.getState()).toMatchObject({
      tokens: [],
      totalValue: 0,
      balancesError: 'Token Balance Unavailable',
      balancesLoading: false,
    })
    expect(p.shownErrors).toEqual(['Token Balance Unavailable'])
    expect(p.logs).toContain('token balances failed')
    p.answers.balances = [coin('3')]
    p.setNow(30_000)
    await p.portfolio.refresh()
    expect(p.store.getState().balancesError).toBeUndefined()
    expect(p.store.getState().totalValue).toBe(6)
  })

  it("the account's balance is kept, with its time, while the answer does not change it", async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    expect(p.account.getState().balance).toEqual({
      formatted: '1',
      symbol: 'ETH',
      caipAddress: `eip155:31337:${p.account.getState().address}`,
      fetchedAt: 0,
    })
    p.setNow(5_000)
    await p.portfolio.refresh({ force: true })
    expect(p.account.getState().balance?.fetchedAt).toBe(0)
    p.answers.balances = [coin('2')]
    p.setNow(6_000)
    await p.portfolio.refresh({ force: true })
    expect(p.account.getState().balance).toMatchObject({ formatted: '2', fetchedAt: 6_000 })
  })

  it("clears the shown balance and its error when another account's data is claimed", async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    p.account.setState({ balanceError: 'old error' })
    const balances = later<TokenBalance[]>()
    p.answers.balances = balances.promise
    p.switchTo(BOB)
    const refreshing = p.portfolio.refresh()
    expect(p.account.getState().balance).toBeUndefined()
    expect(p.account.getState().balanceError).toBeUndefined()
    balances.resolve([coin('4')])
    await refreshing
    expect(p.account.getState().balance?.caipAddress).toBe(`eip155:31337:${BOB}`)
  })

  it('a coin renamed by the data API is shown with its new symbol', async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    p.answers.balances = [{ ...coin('1'), symbol: 'GO' }]
    await p.portfolio.refresh({ force: true })
    expect(p.account.getState().balance).toMatchObject({ formatted: '1', symbol: 'GO' })
  })

  it('a network without a native entry or app token leaves the account balance alone', async () => {
    const p = setupPortfolio()
    p.answers.balances = [usdc('5')]
    await p.portfolio.refresh()
    expect(p.store.getState().tokens).toHaveLength(1)
    expect(p.account.getState().balance).toBeUndefined()
  })
})

describe('the native balance read from the chain when the data API has none', () => {
  it('is not read while the data API answers', async () => {
    let reads = 0
    const p = setupPortfolio({ readNativeBalance: async () => void reads++ })
    await p.portfolio.refresh()
    expect(reads).toBe(0)
  })

  it('a failing read is logged, and the refresh still ends', async () => {
    const p = setupPortfolio({
      readNativeBalance: () => Promise.reject(new Error('rpc down')),
    })
    p.answers.balances = new Error('HTTP status code: 502')
    await p.portfolio.refresh()
    expect(p.logs).toEqual(['token balances failed', 'native balance failed'])
  })

  it('is not read for an account that is no longer connected', async () => {
    let reads = 0
    const p = setupPortfolio({ readNativeBalance: async () => void reads++ })
    const balances = later<TokenBalance[]>()
    p.answers.balances = balances.promise
    const refreshing = p.portfolio.refresh()
    p.switchTo(BOB)
    balances.reject(new Error('HTTP status code: 502'))
    await refreshing
    expect(reads).toBe(0)
  })
})

describe('prices (§9: 15 s)', () => {
  it('asks each priced id once, sorted; the balance answer counts as the first prices', async () => {
    const p = setupPortfolio()
    p.answers.balances = [usdc('5'), coin('1'), { ...usdc('1'), name: 'again' }]
    await p.portfolio.refresh()
    expect(p.count('getTokenPrices')).toBe(0)
    p.answers.prices = [
      { address: NATIVE, price: 4, symbol: 'ETH' },
      { address: USDC, price: 2, symbol: 'USDC' },
    ]
    p.setNow(15_000)
    await p.portfolio.refresh()
    expect(p.calls.filter((c) => c.method === 'getTokenPrices').map((c) => c.args)).toEqual([
      [[USDC, NATIVE]],
    ])
    expect(p.store.getState().totalValue).toBe(5 * 2 + 4 + 2)
    // Fresh again for 15 s.
    p.setNow(29_999)
    await p.portfolio.refresh()
    expect(p.count('getTokenPrices')).toBe(1)
  })

  it('a failed price call is logged, and the values stay', async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    p.answers.prices = new Error('HTTP status code: 503')
    p.setNow(15_000)
    await p.portfolio.refresh()
    expect(p.logs).toEqual(['token prices failed'])
    expect(p.store.getState().totalValue).toBe(2)
    expect(p.shownErrors).toEqual([])
  })

  it('tokens the price service does not know are never priced', async () => {
    const p = setupPortfolio()
    p.chain.setState({ activeCaipNetwork: localSolana })
    p.account.setState({
      namespace: 'solana',
      caipAddress: `${localSolana.caipNetworkId}:${p.account.getState().address}` as never,
    })
    p.answers.balances = [coin('1', localSolana.caipNetworkId)]
    await p.portfolio.refresh()
    p.setNow(20_000)
    await p.portfolio.refresh()
    expect(p.count('getTokenPrices')).toBe(0)
    expect(p.store.getState().tokens).toHaveLength(1)
    // Names are EVM names: the identity service is not asked about a Solana address.
    expect(p.count('getIdentity')).toBe(0)
    expect(p.store.getState().profileName).toBeUndefined()
  })

  it("new prices for an account that is no longer connected are not shown as the new one's", async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    const prices = later<{ address: string; price: number; symbol: string }[]>()
    p.answers.prices = prices.promise
    p.setNow(20_000)
    const refreshing = p.portfolio.refresh()
    p.switchTo(BOB)
    prices.resolve([{ address: NATIVE, price: 100, symbol: 'ETH' }])
    await refreshing
    expect(p.store.getState().totalValue).toBe(2)
  })
})
