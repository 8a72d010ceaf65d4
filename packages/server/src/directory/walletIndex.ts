// /getWallets from memory (issue 21 "Fast"): the directory is read once, in the directory's
// order, and each query filters and pages that array. It is read again when the directory's
// version (bumped by a trigger on every change to `wallets`) moves, checked at most every
// DIRECTORY_VERSION_CHECK_MS, so another instance's seed reaches this one too.
import { type Kysely, sql } from 'kysely'
import { DIRECTORY_VERSION_CHECK_MS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { DirectoryWallet, WalletPage, WalletQuery } from '../db/wallets.ts'

interface IndexedWallet {
  wallet: DirectoryWallet
  nameLower: string
  rdnsLower: string
  chains: ReadonlySet<string>
  customEvmNetworks: boolean
}

export interface WalletIndex {
  find(query: WalletQuery): Promise<WalletPage>
}

async function readVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('directory_version')
    .select(sql<string>`version::text`.as('version'))
    .where('id', '=', 1)
    .executeTakeFirst()
  return row?.version ?? '0'
}

async function readDirectory(db: Kysely<Database>): Promise<IndexedWallet[]> {
  const rows = await db
    .selectFrom('wallets')
    .select([
      'id',
      'name',
      'rdns',
      'chains',
      'homepage',
      'mobile_link',
      'universal_link',
      'desktop_link',
      'webapp_link',
      'app_store',
      'play_store',
      'chrome_store',
      'badge_type',
      'custom_evm_networks',
      'name_lower',
      'rdns_lower',
    ])
    // The directory's order, exactly as db/wallets.ts sorts it.
    .orderBy(sql`badge_type <> 'certified'`)
    .orderBy('rank')
    .orderBy(sql`name_lower collate "C"`)
    .orderBy('id')
    .execute()
  return rows.map(({ custom_evm_networks, name_lower, rdns_lower, ...wallet }) => ({
    wallet,
    nameLower: name_lower,
    rdnsLower: rdns_lower,
    chains: new Set(wallet.chains),
    customEvmNetworks: custom_evm_networks,
  }))
}

const lowerSet = (values: string[] | undefined) =>
  values && new Set(values.map((value) => value.toLowerCase()))

/** 0 exact, 1 prefix, 2 substring, undefined no match: the best of name and rdns */
function tierOf(entry: IndexedWallet, search: string): number | undefined {
  const { nameLower, rdnsLower } = entry
  if (nameLower === search || rdnsLower === search) return 0
  if (nameLower.startsWith(search) || rdnsLower.startsWith(search)) return 1
  if (nameLower.includes(search) || rdnsLower.includes(search)) return 2
  return undefined
}

function filterFor(query: WalletQuery): (entry: IndexedWallet) => boolean {
  const include = query.include && new Set(query.include)
  const exclude = query.exclude && new Set(query.exclude)
  const names = lowerSet(query.names)
  const rdns = lowerSet(query.rdns)
  const chains = query.chains
  const wantsEvm = chains?.some((chain) => chain.startsWith('eip155:')) ?? false
  return (entry) =>
    (!include || include.has(entry.wallet.id)) &&
    !exclude?.has(entry.wallet.id) &&
    (!names || names.has(entry.nameLower)) &&
    (!rdns || rdns.has(entry.rdnsLower)) &&
    (!chains ||
      (wantsEvm && entry.customEvmNetworks) ||
      chains.some((chain) => entry.chains.has(chain))) &&
    (!query.badgeType || entry.wallet.badge_type === query.badgeType)
}

/** The same answers as db/wallets.ts findWallets, from memory */
export function searchIndex(entries: readonly IndexedWallet[], query: WalletQuery): WalletPage {
  const keep = filterFor(query)
  const start = (query.page - 1) * query.entries
  if (!query.search) {
    const matching = entries.filter(keep)
    return {
      wallets: matching.slice(start, start + query.entries).map((entry) => entry.wallet),
      count: matching.length,
    }
  }
  const search = query.search.toLowerCase()
  const tiers: IndexedWallet[][] = [[], [], []]
  for (const entry of entries) {
    if (!keep(entry)) continue
    const tier = tierOf(entry, search)
    if (tier !== undefined) tiers[tier]?.push(entry)
  }
  const ranked = tiers.flat()
  return {
    wallets: ranked.slice(start, start + query.entries).map((entry) => entry.wallet),
    count: ranked.length,
  }
}

export function createWalletIndex(
  db: Kysely<Database>,
  options: { now?: () => number; checkMs?: number } = {},
): WalletIndex {
  const now = options.now ?? Date.now
  const checkMs = options.checkMs ?? DIRECTORY_VERSION_CHECK_MS
  let loaded: Promise<{ version: string; entries: IndexedWallet[] }> | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let checking: Promise<void> | undefined

  const load = async () => {
    const version = await readVersion(db)
    return { version, entries: await readDirectory(db) }
  }
  const refresh = async () => {
    const current = await loaded
    if (current && (await readVersion(db)) === current.version) return
    const next = load()
    // The old directory answers until the new one is read.
    await next
    loaded = next
  }
  return {
    async find(query) {
      if (!loaded) {
        loaded = load()
        loaded.catch(() => {
          loaded = undefined
        })
        checkedAt = now()
      } else if (now() - checkedAt >= checkMs && !checking) {
        checkedAt = now()
        checking = refresh()
          .catch(() => undefined)
          .finally(() => {
            checking = undefined
          })
      }
      return searchIndex((await loaded).entries, query)
    },
  }
}
