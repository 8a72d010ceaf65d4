import { describe, expect, it } from 'vitest'
import type { HistoryPage, TokenBalance } from '../api/api.ts'
import { localChainB } from '../networks.ts'
import { BOB, coin, entry, later, setupPortfolio } from '../testing/portfolioSetup.ts'
import { initialPortfolioState } from './portfolioState.ts'

describe('pending sends in the activity (§4, README "Send")', () => {
  it('show first, on their own network only, until the history lists them', async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    const mine = entry('0xmine')
    const listed = entry('0xlisted')
    const elsewhere = entry('0xelsewhere', localChainB.caipNetworkId)
    p.store.setState({ pending: [mine, listed, elsewhere] })
    p.answers.history = { data: [entry('0xlisted'), entry('0xolder')], next: 'c2' }
    await p.portfolio.refresh({ force: true })
    expect(p.store.getState().transactions.map((t) => t.id)).toEqual([
      '0xmine',
      '0xlisted',
      '0xolder',
    ])
    expect(p.store.getState().next).toBe('c2')
    // Listed: no longer pending. The other network's send waits for its own history.
    expect(p.store.getState().pending.map((t) => t.id)).toEqual(['0xmine', '0xelsewhere'])
  })

  it("switching network keeps the account's pending sends; another account sees none of them", async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    p.store.setState({ pending: [entry('0xonA'), entry('0xonB', localChainB.caipNetworkId)] })
    p.chain.setState({ activeCaipNetwork: localChainB })
    await p.portfolio.refresh()
    expect(p.store.getState().transactions.map((t) => t.id)).toEqual(['0xonB'])
    expect(p.store.getState().pending.map((t) => t.id)).toEqual(['0xonA', '0xonB'])
    p.switchTo(BOB)
    await p.portfolio.refresh()
    expect(p.store.getState().pending).toEqual([])
  })

  it('a send made while the history is cached still shows first', async () => {
    const p = setupPortfolio()
    p.answers.history = { data: [entry('0xolder')], next: null }
    await p.portfolio.refresh()
    p.store.setState({ pending: [entry('0xnew')] })
    p.setNow(1_000)
    await p.portfolio.refresh()
    expect(p.count('getHistory')).toBe(1)
    expect(p.store.getState().transactions.map((t) => t.id)).toEqual(['0xnew', '0xolder'])
  })

  it('shows the history as loading while it is asked for', async () => {
    const p = setupPortfolio()
    const page = later<{ data: never[]; next: null }>()
    p.answers.history = page.promise
    const refreshing = p.portfolio.refresh()
    expect(p.store.getState().transactionsLoading).toBe(true)
    page.resolve({ data: [], next: null })
    await refreshing
    expect(p.store.getState().transactionsLoading).toBe(false)
  })
})

describe('identity: the name shown for the account', () => {
  it('is asked once per 5 min by address, also across networks', async () => {
    const p = setupPortfolio()
    await p.portfolio.refresh()
    expect(p.store.getState().profileName).toBe('alice')
    expect(p.calls.find((c) => c.method === 'getIdentity')?.args).toEqual([
      '0x1111111111111111111111111111111111111111',
      '0x1111111111111111111111111111111111111111',
    ])
    // Another network starts from empty data; the name comes back from the cache.
    p.chain.setState({ activeCaipNetwork: localChainB })
    p.account.setState({
      caipAddress: `${localChainB.caipNetworkId}:${p.account.getState().address}` as never,
    })
    await p.portfolio.refresh()
    expect(p.store.getState().profileName).toBe('alice')
    expect(p.count('getIdentity')).toBe(1)
  })

  it('an account without a name shows none, also from the cache', async () => {
    const p = setupPortfolio()
    p.answers.identity = { name: null, avatar: null }
    await p.portfolio.refresh()
    expect(p.store.getState().profileName).toBeUndefined()
    p.store.setState({ profileName: 'left over' })
    await p.portfolio.refresh()
    expect(p.store.getState().profileName).toBeUndefined()
    expect(p.count('getIdentity')).toBe(1)
  })

  it("a failed history call empties the list, says 'Failed to fetch transactions', and is logged", async () => {
    const p = setupPortfolio()
    p.answers.history = { data: [entry('0xold')], next: 'c2' }
    await p.portfolio.refresh()
    expect(p.store.getState().transactions).toHaveLength(1)
    p.answers.history = new Error('HTTP status code: 500')
    await p.portfolio.refresh({ force: true })
    expect(p.store.getState()).toMatchObject({ transactions: [], next: null })
    expect(p.shownErrors).toContain('Failed to fetch transactions')
    expect(p.logs).toContain('transactions failed')
  })

  it('a failed identity call shows no name and no error, and is logged', async () => {
    const p = setupPortfolio()
    p.answers.identity = new Error('HTTP status code: 500')
    await p.portfolio.refresh()
    expect(p.store.getState().profileName).toBeUndefined()
    expect(p.shownErrors).toEqual([])
    expect(p.logs).toContain('identity failed')
  })
})

describe("answers for an account that is no longer connected are not shown (another account's data never is)", () => {
  it('balances, history and name of the previous account are dropped', async () => {
    const p = setupPortfolio()
    const balances = later<ReturnType<typeof coin>[]>()
    const history = later<{ data: ReturnType<typeof entry>[]; next: null }>()
    const identity = later<{ name: string; avatar: null }>()
    p.answers.balances = balances.promise
    p.answers.history = history.promise
    p.answers.identity = identity.promise
    const refreshing = p.portfolio.refresh()
    p.switchTo(BOB)
    balances.resolve([coin('5')])
    history.resolve({ data: [entry('0xalice')], next: null })
    identity.resolve({ name: 'alice', avatar: null })
    await refreshing
    expect(p.store.getState()).toMatchObject({ tokens: [], transactions: [], totalValue: 0 })
    expect(p.store.getState().profileName).toBeUndefined()
    expect(p.account.getState().balance).toBeUndefined()
  })

  it("the previous account's failures toast nothing", async () => {
    const p = setupPortfolio()
    const balances = later<never[]>()
    const history = later<never>()
    p.answers.balances = balances.promise
    p.answers.history = history.promise
    const refreshing = p.portfolio.refresh()
    p.switchTo(BOB)
    balances.reject(new Error('HTTP status code: 502'))
    history.reject(new Error('HTTP status code: 502'))
    await refreshing
    expect(p.shownErrors).toEqual([])
    expect(p.store.getState().balancesError).toBeUndefined()
  })
})

describe('who the portfolio is for', () => {
  it('nobody while connecting, or while the account has no namespace', async () => {
    for (const change of [
      { status: 'connecting' as const },
      { namespace: undefined },
      { address: undefined },
    ]) {
      const p = setupPortfolio()
      await p.portfolio.refresh()
      p.account.setState(change)
      await p.portfolio.refresh()
      expect(p.store.getState()).toEqual(initialPortfolioState())
      expect(p.count('getBalances')).toBe(1)
    }
  })

  it("on a supported network, the active network's, even before the account follows it", async () => {
    const p = setupPortfolio()
    p.chain.setState({ activeCaipNetwork: localChainB })
    await p.portfolio.refresh()
    expect(p.store.getState().caipAddress).toBe(
      'eip155:31338:0x1111111111111111111111111111111111111111',
    )
    expect(p.calls.find((c) => c.method === 'getBalances')?.args[1]).toBe('eip155:31338')
  })

  it("an old account's late answers do not end the new account's loading", async () => {
    const p = setupPortfolio()
    const alice = { balances: later<TokenBalance[]>(), history: later<HistoryPage>() }
    const bob = { balances: later<TokenBalance[]>(), history: later<HistoryPage>() }
    p.answers.balances = alice.balances.promise
    p.answers.history = alice.history.promise
    const first = p.portfolio.refresh()
    p.switchTo(BOB)
    p.answers.balances = bob.balances.promise
    p.answers.history = bob.history.promise
    const second = p.portfolio.refresh()
    alice.balances.resolve([coin('5')])
    alice.history.resolve({ data: [entry('0xalice')], next: null })
    await first
    expect(p.store.getState()).toMatchObject({
      balancesLoading: true,
      transactionsLoading: true,
      tokens: [],
      transactions: [],
    })
    bob.balances.resolve([coin('7')])
    bob.history.resolve({ data: [], next: null })
    await second
    expect(p.store.getState()).toMatchObject({ balancesLoading: false, transactionsLoading: false })
    expect(p.store.getState().totalValue).toBe(14)
  })

  it("on an unsupported network, the wallet's own network and address, with no data", async () => {
    const p = setupPortfolio()
    p.chain.setState({ unsupported: true })
    p.account.setState({ caipAddress: `eip155:1:${p.account.getState().address}` as never })
    p.store.setState({ transactions: [entry('0xold')], next: 'c', balancesLoading: true })
    await p.portfolio.refresh()
    expect(p.store.getState()).toMatchObject({
      caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111',
      tokens: [],
      totalValue: 0,
      transactions: [],
      next: null,
      balancesLoading: false,
      balancesError: 'Token Balance Unavailable',
    })
    expect(p.shownErrors).toEqual(['Token Balance Unavailable'])
    expect(p.calls).toEqual([])
  })
})
