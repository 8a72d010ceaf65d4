// /getWallets from memory (issue 21 "Fast"): the directory is read once, in the directory's
// order, and each query filters and pages that array. It is read again when the directory's
// version (bumped by a trigger on every change to `wallets`) moves, checked at most every
// DIRECTORY_VERSION_CHECK_MS, so another instance's seed reaches this one too.
import { type Kysely, sql } from 'kysely'
import {
  DIRECTORY_ANSWER_CACHE_CHARS,
  DIRECTORY_SEARCH_CACHE_TERMS,
  DIRECTORY_VERSION_CHECK_MS,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import {
  DIRECTORY_COLUMNS,
  type DirectoryWallet,
  type WalletPage,
  type WalletQuery,
} from '../db/wallets.ts'
import { AnswerCache } from '../net/answerCache.ts'

interface IndexedWallet {
  wallet: DirectoryWallet
  /** The wallet as /getWallets sends it (with image_id), serialised once when read */
  json: string
  nameLower: string
  rdnsLower: string
  chains: ReadonlySet<string>
  customEvmNetworks: boolean
}

export interface WalletIndex {
  find(query: WalletQuery): Promise<WalletPage>
  /**
   * The /getWallets body `{ data, count }` for the query, built from serialised wallets. Given
   * the request's raw query string, the body is kept for `answered` under it.
   */
  findJson(query: WalletQuery, rawQuery?: string): Promise<string>
  /** The body kept for this raw query string by the current directory, if any */
  answered(rawQuery: string): Promise<string | undefined>
}

/**
 * The directory as read: its wallets in order, and every name and rdns (lowercased) in one
 * string, so a search is a native indexOf scan rather than a string test per wallet. Control
 * characters separate the parts; a search never holds one (routes/params.ts refuses them).
 */
export interface Directory {
  entries: readonly IndexedWallet[]
  haystack: string
  /** Where each wallet's part of `haystack` starts, ascending */
  starts: readonly number[]
  /**
   * Search term → its matches ranked (before a query's filters), for the last
   * DIRECTORY_SEARCH_CACHE_TERMS terms: typing visitors ask for the same few prefixes. It goes
   * with the directory it was built from, so a directory read afresh starts empty.
   */
  searches: Map<string, readonly IndexedWallet[]>
  /**
   * Raw query string → the body answered for it: a repeated request skips validation and search.
   * It goes with the directory too, so a changed directory answers afresh.
   */
  answers: AnswerCache
}

export function directoryOf(entries: readonly IndexedWallet[]): Directory {
  const starts: number[] = []
  let offset = 0
  const parts = entries.map((entry) => {
    starts.push(offset)
    const part = `${entry.nameLower}\u0001${entry.rdnsLower}\u0000`
    offset += part.length
    return part
  })
  return {
    entries,
    haystack: parts.join(''),
    starts,
    searches: new Map(),
    answers: new AnswerCache(DIRECTORY_ANSWER_CACHE_CHARS),
  }
}

/** The wallet whose part of the haystack holds `position` */
function entryAt(starts: readonly number[], position: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const mid = (low + high + 1) >> 1
    if ((starts[mid] ?? 0) <= position) low = mid
    else high = mid - 1
  }
  return low
}

/** The wallets whose name or rdns holds `search`, in directory order */
function* containing(directory: Directory, search: string): Generator<IndexedWallet> {
  const { haystack, starts, entries } = directory
  let position = haystack.indexOf(search)
  while (position >= 0) {
    const index = entryAt(starts, position)
    const entry = entries[index]
    if (entry) yield entry
    const next = starts[index + 1]
    if (next === undefined) return
    position = haystack.indexOf(search, next)
  }
}

interface IndexPage {
  entries: IndexedWallet[]
  count: number
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
    .select([...DIRECTORY_COLUMNS, 'custom_evm_networks', 'name_lower', 'rdns_lower'])
    // The directory's order, exactly as db/wallets.ts sorts it.
    .orderBy(sql`badge_type <> 'certified'`)
    .orderBy('rank')
    .orderBy(sql`name_lower collate "C"`)
    .orderBy('id')
    .execute()
  return rows.map(({ custom_evm_networks, name_lower, rdns_lower, ...wallet }) => ({
    wallet,
    json: JSON.stringify({ ...wallet, image_id: wallet.id }),
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

/**
 * The same answers as db/wallets.ts findWallets, from memory. One pass that counts every match
 * and keeps only the page's: no array of all matches is built per request.
 */
export function searchIndex(directory: Directory, query: WalletQuery): IndexPage {
  const { entries } = directory
  const start = (query.page - 1) * query.entries
  const end = start + query.entries
  const unfiltered =
    !query.include && !query.exclude && !query.names && !query.rdns && !query.chains
  if (!query.search && unfiltered && !query.badgeType) {
    return { entries: entries.slice(start, end), count: entries.length }
  }
  const keep = filterFor(query)
  if (!query.search) {
    const page: IndexedWallet[] = []
    let count = 0
    for (const entry of entries) {
      if (!keep(entry)) continue
      if (count >= start && count < end) page.push(entry)
      count++
    }
    return { entries: page, count }
  }
  const ranking = rankedMatches(directory, query.search.toLowerCase())
  const ranked = unfiltered && !query.badgeType ? ranking : ranking.filter(keep)
  return { entries: ranked.slice(start, end), count: ranked.length }
}

/** Exact matches first, then prefixes, then substrings, each in directory order. */
function rankedMatches(directory: Directory, search: string): readonly IndexedWallet[] {
  const known = directory.searches.get(search)
  if (known) return known
  const tiers: IndexedWallet[][] = [[], [], []]
  for (const entry of containing(directory, search)) {
    const tier = tierOf(entry, search)
    if (tier !== undefined) tiers[tier]?.push(entry)
  }
  const ranked = tiers.flat()
  if (directory.searches.size >= DIRECTORY_SEARCH_CACHE_TERMS) {
    const [oldest] = directory.searches.keys()
    if (oldest !== undefined) directory.searches.delete(oldest)
  }
  directory.searches.set(search, ranked)
  return ranked
}

export function createWalletIndex(
  db: Kysely<Database>,
  options: { now?: () => number; checkMs?: number } = {},
): WalletIndex {
  const now = options.now ?? Date.now
  const checkMs = options.checkMs ?? DIRECTORY_VERSION_CHECK_MS
  let loaded: Promise<{ version: string; directory: Directory }> | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let checking: Promise<void> | undefined

  const load = async () => {
    const version = await readVersion(db)
    return { version, directory: directoryOf(await readDirectory(db)) }
  }
  const refresh = async () => {
    const current = await loaded
    if (current && (await readVersion(db)) === current.version) return
    const next = load()
    // The old directory answers until the new one is read.
    await next
    loaded = next
  }
  const current = async (): Promise<Directory> => {
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
    return (await loaded).directory
  }
  return {
    async find(query) {
      const { entries, count } = searchIndex(await current(), query)
      return { wallets: entries.map((entry) => entry.wallet), count }
    },
    async findJson(query, rawQuery) {
      const directory = await current()
      const { entries, count } = searchIndex(directory, query)
      const body = `{"data":[${entries.map((entry) => entry.json).join(',')}],"count":${count}}`
      if (rawQuery !== undefined) directory.answers.set(rawQuery, body)
      return body
    },
    async answered(rawQuery) {
      return (await current()).answers.get(rawQuery)
    },
  }
}
