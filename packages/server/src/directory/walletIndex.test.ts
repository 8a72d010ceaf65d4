// The in-memory directory answers exactly what the SQL query answers (db/wallets.ts, the
// reference), over the real wallets plus a generated directory, and sees a change to `wallets`.
import { describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { seedDatabase } from '../db/seed.ts'
import { findWallets, type WalletQuery } from '../db/wallets.ts'
import { REAL_WALLETS } from '../seed/wallets.ts'
import { availableDatabases } from '../testing/databases.ts'
import { useStoreDatabase } from '../testing/storeDatabase.ts'
import { createWalletIndex } from './walletIndex.ts'

const base = { page: 1, entries: 40 }
const queries: WalletQuery[] = [
  base,
  { page: 3, entries: 25 },
  { page: 400, entries: 100 },
  { ...base, search: 'wallet' },
  { ...base, search: 'Meta' },
  { ...base, search: 'metamask' },
  { ...base, search: 'io.metamask' },
  { ...base, search: 'a', page: 2 },
  { ...base, search: '%' },
  { ...base, search: 'zzzz-no-such' },
  { ...base, search: 'zzzz-no-such', page: 2 },
  { ...base, chains: ['eip155:1'] },
  { ...base, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
  { ...base, chains: ['bip122:000000000019d6689c085ae165831e93', 'eip155:31337'] },
  { ...base, badgeType: 'certified' },
  { ...base, badgeType: 'none', search: 'o' },
  { ...base, include: ['metamask', 'rabby', 'phantom', 'no-such'] },
  { ...base, exclude: ['metamask', 'rabby'] },
  { ...base, names: ['MetaMask', 'rabby wallet'] },
  { ...base, rdns: ['IO.METAMASK', 'app.phantom'] },
  { ...base, entries: 5, search: 'e', chains: ['eip155:137'], exclude: ['metamask'] },
  // The same term without the filters: what the filtered query ranked is not its answer.
  { ...base, search: 'E', page: 2 },
]

describe.each(availableDatabases())('the in-memory directory on $name', (database) => {
  const opened = useStoreDatabase(database)

  it('answers every query exactly as the SQL query does', async () => {
    const { db } = opened()
    await seedDatabase(db, {
      projectId: DEMO_PROJECT_ID,
      projectName: 'Demo',
      allowedOrigins: [],
      wallets: REAL_WALLETS,
      directorySize: 2_000,
    })
    const index = createWalletIndex(db)
    // Twice: the second round answers from the terms the first one ranked.
    for (const query of [...queries, ...queries]) {
      const reference = await findWallets(db, query)
      expect(await index.find(query), JSON.stringify(query)).toEqual(reference)
      // The body /getWallets sends: the same wallets, each with its image_id.
      expect(JSON.parse(await index.findJson(query))).toEqual({
        data: reference.wallets.map((wallet) => ({ ...wallet, image_id: wallet.id })),
        count: reference.count,
      })
    }
    // Not vacuous: the queries see real answers, and some see none.
    const counts = await Promise.all(queries.map(async (q) => (await index.find(q)).count))
    expect(Math.max(...counts)).toBeGreaterThan(2_000)
    expect(counts).toContain(0)
  })

  it('reads the directory again once its version moved, at most every checkMs', async () => {
    const { db } = opened()
    let clock = 0
    const index = createWalletIndex(db, { now: () => clock, checkMs: 1_000 })
    const search = { ...base, search: 'freshly added' }
    expect((await index.find(search)).count).toBe(0)
    await db
      .insertInto('wallets')
      .values({
        id: 'freshly-added',
        name: 'Freshly Added',
        chains: ['eip155:1'],
        rank: 1,
        badge_type: 'none',
        custom_evm_networks: false,
      })
      .execute()
    clock = 500
    expect((await index.find(search)).count).toBe(0)
    clock = 1_000
    await index.find(search) // starts the check; the answer after it has the new wallet
    await expect.poll(async () => (await index.find(search)).count).toBe(1)
  })

  it('keeps a body by its raw query string for the directory it came from', async () => {
    const { db } = opened()
    let clock = 0
    const index = createWalletIndex(db, { now: () => clock, checkMs: 1_000 })
    const search = { ...base, search: 'kept answer' }
    const raw = 'projectId=p&search=kept%20answer'
    expect(await index.answered(raw)).toBeUndefined()
    const first = await index.findJson(search, raw)
    expect(JSON.parse(first)).toEqual({ data: [], count: 0 })
    expect(await index.answered(raw)).toBe(first)
    // Without a raw query string nothing is kept.
    await index.findJson({ ...base, search: 'x' })
    expect(await index.answered('')).toBeUndefined()
    await db
      .insertInto('wallets')
      .values({
        id: 'kept-answer',
        name: 'Kept Answer',
        chains: ['eip155:1'],
        rank: 1,
        badge_type: 'none',
        custom_evm_networks: false,
      })
      .execute()
    clock = 1_000
    // The directory read afresh has kept nothing: the next request searches the new wallets.
    await expect.poll(() => index.answered(raw)).toBeUndefined()
    expect(JSON.parse(await index.findJson(search, raw)).count).toBe(1)
  })
})
