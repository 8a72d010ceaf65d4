// The account's name (§4): read from the identity service for EVM accounts, and set at once
// when the visitor registers one (names flow), for that account only.
import { describe, expect, it } from 'vitest'
import { localSolana } from '../networks.ts'
import { BOB, setupPortfolio } from '../testing/portfolioSetup.ts'

// As a wallet reports it (checksummed), and as the names service may write it (upper case).
const CAROL = '0xAbCdEfabcdefABCDEFabcdefabcdefabcdefabcd'

describe("the account's name", () => {
  it('a name registered for the connected account shows at once, and a refresh does not ask again', async () => {
    const s = setupPortfolio()
    s.switchTo(CAROL)
    s.answers.identity = { name: null, avatar: null }
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBeUndefined()

    s.portfolio.nameRegistered(CAROL.toUpperCase().replace('0X', '0x'), 'carol.reown.id')
    expect(s.store.getState().profileName).toBe('carol.reown.id')
    await s.portfolio.refresh({ force: true })
    expect(s.store.getState().profileName).toBe('carol.reown.id')
    expect(s.count('getIdentity')).toBe(1)
  })

  it("a name registered for another address is not this account's; it is that one's once it connects", async () => {
    const s = setupPortfolio()
    s.answers.identity = { name: null, avatar: null }
    await s.portfolio.refresh()
    s.portfolio.nameRegistered(BOB, 'bob.reown.id')
    expect(s.store.getState().profileName).toBeUndefined()

    s.switchTo(BOB)
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBe('bob.reown.id')
    expect(s.count('getIdentity')).toBe(1)
  })

  it('a Solana account shows no name and asks for none', async () => {
    const s = setupPortfolio()
    s.answers.identity = { name: 'alice.reown.id', avatar: null }
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBe('alice.reown.id')

    s.chain.setState({ activeCaipNetwork: localSolana, activeNamespace: 'solana' })
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBeUndefined()
    expect(s.count('getIdentity')).toBe(1)
  })

  it("another account whose name cannot be read never shows the previous account's name", async () => {
    const s = setupPortfolio()
    s.answers.identity = { name: 'alice.reown.id', avatar: null }
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBe('alice.reown.id')

    s.switchTo(BOB)
    s.answers.identity = new Error('HTTP status code: 500')
    await s.portfolio.refresh()
    expect(s.store.getState().profileName).toBeUndefined()
  })
})
