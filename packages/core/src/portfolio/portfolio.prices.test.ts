// Token prices (§9: 15 s) apart from balances (30 s): a fresh balance answer's prices count as
// the price entry of the tokens it names, for whichever account holds them.
import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/api.ts'
import { localSolana } from '../networks.ts'
import { ALICE, BOB, coin, setupPortfolio } from '../testing/portfolioSetup.ts'

const SOLANA = localSolana.caipNetworkId
const sol = (numeric: string): TokenBalance => ({
  ...coin(numeric, SOLANA),
  name: 'Solana',
  symbol: 'SOL',
  quantity: { decimals: '9', numeric },
})
const splToken = (numeric: string): TokenBalance => ({
  ...coin(numeric, SOLANA),
  name: 'Local USD',
  symbol: 'lUSD',
  address: `${SOLANA}:So11111111111111111111111111111111111111112`,
  quantity: { decimals: '6', numeric },
})
const priced = (token: TokenBalance, price: number): TokenBalance => ({
  ...token,
  price,
  value: Number(token.quantity.numeric) * price,
})

describe('token prices', () => {
  it('a Solana account with a coin that has no price id and a token that has one: shown again from the cache', async () => {
    const s = setupPortfolio()
    s.chain.setState({ activeCaipNetwork: localSolana, activeNamespace: 'solana' })
    s.answers.balances = [sol('2'), splToken('5')]
    await s.portfolio.refresh()
    s.setNow(10_000)
    await s.portfolio.refresh()
    expect(s.store.getState().tokens.map((t) => t.symbol)).toEqual(['SOL', 'lUSD'])
    expect(s.count('getBalances')).toBe(1)
    expect(s.count('getTokenPrices')).toBe(0)
  })

  it("another account's fresh answer re-prices the tokens of a balance still cached", async () => {
    const s = setupPortfolio()
    s.answers.balances = [priced(coin('10'), 2)]
    await s.portfolio.refresh()
    expect(s.store.getState().totalValue).toBe(20)

    s.setNow(5_000)
    s.switchTo(BOB)
    s.answers.balances = [priced(coin('1'), 3)]
    await s.portfolio.refresh()

    s.setNow(10_000)
    s.switchTo(ALICE)
    await s.portfolio.refresh()
    expect(s.count('getBalances')).toBe(2)
    expect(s.count('getTokenPrices')).toBe(0)
    expect(s.store.getState().totalValue).toBe(30)

    // Bob's prices are 15 s old, Alice's balance not yet 30 s: when the price service then
    // fails, her tokens keep the newer price they were shown with, not the older one.
    s.setNow(21_000)
    s.answers.prices = new Error('prices down')
    await s.portfolio.refresh()
    expect(s.count('getTokenPrices')).toBe(1)
    expect(s.count('getBalances')).toBe(2)
    expect(s.store.getState().totalValue).toBe(30)
  })
})
