import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { BadgeType, Database, WalletRow } from './schema.ts'

/** A validated /getWallets query (§7). Lists are non-empty when present. */
export interface WalletQuery {
  page: number
  entries: number
  include?: string[] | undefined
  exclude?: string[] | undefined
  names?: string[] | undefined
  rdns?: string[] | undefined
  chains?: string[] | undefined
  search?: string | undefined
  badgeType?: BadgeType | undefined
}

export const DIRECTORY_COLUMNS = [
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
] as const

export type DirectoryWallet = Pick<WalletRow, (typeof DIRECTORY_COLUMNS)[number]>

export interface WalletPage {
  wallets: DirectoryWallet[]
  /** Every wallet matching the filters, before paging */
  count: number
}

type WalletsQuery<O> = SelectQueryBuilder<Database, 'wallets', O>
type WalletsExpressions = ExpressionBuilder<Database, 'wallets'>

const lowered = (eb: WalletsExpressions, values: string[]) =>
  values.map((value) => eb.fn<string>('lower', [eb.val(value)]))

function applyFilters<O>(query: WalletsQuery<O>, filters: WalletQuery): WalletsQuery<O> {
  let q = query
  const { include, exclude, names, rdns, chains, search, badgeType } = filters
  if (include) q = q.where('id', 'in', include)
  if (exclude) q = q.where('id', 'not in', exclude)
  if (names) q = q.where((eb) => eb('name_lower', 'in', lowered(eb, names)))
  if (rdns) q = q.where((eb) => eb('rdns_lower', 'in', lowered(eb, rdns)))
  if (chains) {
    // A wallet that adds any EVM network on request serves every eip155 chain.
    const wantsEvm = chains.some((chain) => chain.startsWith('eip155:'))
    q = q.where((eb) =>
      eb.or([
        eb('chains', '&&', sql<string[]>`array[${sql.join(chains)}]::text[]`),
        ...(wantsEvm ? [eb('custom_evm_networks', '=', true)] : []),
      ]),
    )
  }
  if (search) {
    // position() rather than LIKE: the text is matched literally, % and _ included.
    q = q.where((eb) =>
      eb.or([
        eb(sql`position(lower(${search}) in name_lower)`, '>', 0),
        eb(sql`position(lower(${search}) in rdns_lower)`, '>', 0),
      ]),
    )
  }
  if (badgeType) q = q.where('badge_type', '=', badgeType)
  return q
}

/** The directory's order; wallets_directory_order_idx serves it. */
function inDirectoryOrder<O>(query: WalletsQuery<O>): WalletsQuery<O> {
  return query
    .orderBy(sql`badge_type <> 'certified'`)
    .orderBy('rank')
    .orderBy(sql`name_lower collate "C"`)
    .orderBy('id')
}

/** 0 exact, 1 prefix, 2 substring: the best of name and rdns. */
function searchTier(search: string) {
  return sql<number>`case
    when name_lower = lower(${search}) or rdns_lower = lower(${search}) then 0
    when starts_with(name_lower, lower(${search})) or starts_with(rdns_lower, lower(${search}))
      then 1
    else 2 end`
}

async function countWallets(db: Kysely<Database>, query: WalletQuery): Promise<number> {
  const row = await applyFilters(
    db.selectFrom('wallets').select(sql<number>`count(*)::int`.as('count')),
    query,
  ).executeTakeFirstOrThrow()
  return row.count
}

/**
 * Search results are few and sorted anyway, so the count rides along as a window; a listing
 * walks the order index, and a separate count is cheaper than a window over every row.
 */
async function searchPage(db: Kysely<Database>, query: WalletQuery, search: string) {
  const matching = applyFilters(
    db
      .selectFrom('wallets')
      .select(DIRECTORY_COLUMNS)
      .select(sql<number>`(count(*) over ())::int`.as('total')),
    query,
  ).orderBy(searchTier(search))
  const rows = await inDirectoryOrder(matching)
    .limit(query.entries)
    .offset((query.page - 1) * query.entries)
    .execute()
  const wallets = rows.map(({ total: _, ...wallet }) => wallet)
  const first = rows[0]
  if (first) return { wallets, count: first.total }
  return { wallets, count: query.page === 1 ? 0 : await countWallets(db, query) }
}

/** §7 getWallets: one page of the matching wallets and how many match in all. */
export async function findWallets(db: Kysely<Database>, query: WalletQuery): Promise<WalletPage> {
  if (query.search) return searchPage(db, query, query.search)
  const [count, wallets] = await Promise.all([
    countWallets(db, query),
    inDirectoryOrder(applyFilters(db.selectFrom('wallets').select(DIRECTORY_COLUMNS), query))
      .limit(query.entries)
      .offset((query.page - 1) * query.entries)
      .execute(),
  ])
  return { wallets, count }
}

/** A wallet's name and stored logo, or undefined if there is no such wallet. */
export function findWalletForImage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('wallets')
    .select(['id', 'name', 'image_svg'])
    .where('id', '=', id)
    .executeTakeFirst()
}
