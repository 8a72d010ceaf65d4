// The native balance the account button shows follows the data API's token list, or the app's
// token (README "Balances"); the chain is read when the data API fails.
import { describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from '../api/api.ts'
import { localChainB } from '../networks.ts'
import {
  ALICE,
  coin,
  later,
  portfolioStores,
  scriptedApi,
  setupPortfolio,
} from '../testing/portfolioSetup.ts'
import { createPortfolioController } from './portfolio.ts'

const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const usdc = (numeric: string): TokenBalance => ({
  ...coin(numeric),
  name: 'USD Coin',
  symbol: 'USDC',
  address: `eip155:31337:${USDC}`,
  quantity: { decimals: '6', numeric },
})

describe('the native balance follows the token list (README "Balances")', () => {
  it("shows the app's token instead (AppKit's tokens option), by plain or CAIP-10 address", async () => {
    const shown = setupPortfolio({
      tokens: { 'eip155:31337': { address: USDC.toUpperCase().replace('0X', '0x') } },
    })
    shown.answers.balances = [coin('10000'), usdc('1234.5678')]
    await shown.portfolio.refresh()
    expect(shown.account.getState().balance).toMatchObject({
      formatted: '1234.567',
      symbol: 'USDC',
    })

    // A token the account does not hold: the native balance, as without the option.
    const other = setupPortfolio({
      tokens: { 'eip155:31337': { address: '0x0000000000000000000000000000000000000001' } },
    })
    other.answers.balances = [coin('10000'), usdc('1234.5678')]
    await other.portfolio.refresh()
    expect(other.account.getState().balance).toMatchObject({ formatted: '10000', symbol: 'ETH' })
  })

  it('takes the native entry of the same answer, also after a forced refresh', async () => {
    const s = setupPortfolio()
    s.answers.balances = [coin('10000')]
    await s.portfolio.refresh()
    expect(s.account.getState().balance).toMatchObject({
      formatted: '10000',
      symbol: 'ETH',
      caipAddress: `eip155:31337:${ALICE}`,
    })
    s.answers.balances = [coin('9999.49995558')]
    await s.portfolio.refresh({ force: true })
    expect(s.account.getState().balance?.formatted).toBe('9999.499')
    expect(s.store.getState().tokens[0]?.quantity.numeric).toBe('9999.49995558')
  })

  it("never shows another network's balance while the new one loads", async () => {
    const s = setupPortfolio()
    s.answers.balances = [coin('10000')]
    await s.portfolio.refresh()
    expect(s.account.getState().balance?.formatted).toBe('10000')
    s.chain.setState({ activeCaipNetwork: localChainB })
    const answer = later<TokenBalance[]>()
    s.answers.balances = answer.promise
    const switching = s.portfolio.refresh()
    expect(s.account.getState().balance).toBeUndefined()
    answer.resolve([coin('3', localChainB.caipNetworkId)])
    await switching
    expect(s.account.getState().balance).toMatchObject({
      formatted: '3',
      caipAddress: `eip155:31338:${ALICE}`,
    })
  })

  it('reads the native balance from the chain when the data API fails, keeping the 30 s retry rule', async () => {
    const readNativeBalance = vi.fn(async () => {})
    const s = setupPortfolio({ readNativeBalance })
    s.answers.balances = new Error('HTTP status code: 502')
    await s.portfolio.refresh()
    expect(readNativeBalance).toHaveBeenLastCalledWith({ force: false })
    s.setNow(10_000)
    await s.portfolio.refresh({ force: true })
    expect(s.count('getBalances')).toBe(1)
    expect(readNativeBalance).toHaveBeenLastCalledWith({ force: true })
    expect(readNativeBalance).toHaveBeenCalledTimes(2)
  })
})

describe('the balance while a refresh runs', () => {
  it('a refresh of the same account keeps its tokens and balance shown until the answer comes', async () => {
    const s = setupPortfolio()
    s.answers.balances = [coin('10000')]
    await s.portfolio.refresh()
    const fresh = later<TokenBalance[]>()
    s.answers.balances = fresh.promise
    const refreshing = s.portfolio.refresh({ force: true })
    await Promise.resolve()
    expect(s.store.getState().tokens).toEqual([coin('10000')])
    expect(s.account.getState().balance?.formatted).toBe('10000')
    fresh.resolve([coin('9')])
    await refreshing
    expect(s.account.getState().balance?.formatted).toBe('9')
  })

  it('an answer arriving after the visitor disconnected is dropped, and the refresh ends quietly', async () => {
    const s = setupPortfolio()
    const answer = later<TokenBalance[]>()
    s.answers.balances = answer.promise
    const refreshing = s.portfolio.refresh()
    s.account.setState({ status: 'disconnected', address: undefined, caipAddress: undefined })
    answer.resolve([coin('10000')])
    await expect(refreshing).resolves.toBeUndefined()
    expect(s.store.getState().tokens).toEqual([])
    expect(s.shownErrors).toEqual([])
  })

  it("an app's token for another network leaves this one's native balance shown", async () => {
    const s = setupPortfolio({ tokens: { 'eip155:31338': { address: USDC } } })
    s.answers.balances = [coin('10000'), usdc('5')]
    await s.portfolio.refresh()
    expect(s.account.getState().balance).toMatchObject({ formatted: '10000', symbol: 'ETH' })
  })

  it("without a clock of the app's the balance is stamped with the time it came", async () => {
    const s = portfolioStores()
    const { api } = scriptedApi()
    const portfolio = createPortfolioController({ api, ...s, toast: { showError: () => {} } })
    const before = Date.now()
    await portfolio.refresh()
    const fetchedAt = s.account.getState().balance?.fetchedAt ?? 0
    expect(fetchedAt).toBeGreaterThanOrEqual(before)
    expect(fetchedAt).toBeLessThanOrEqual(Date.now())
  })
})
