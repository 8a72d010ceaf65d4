// The wallet list's pure rules (§2 wallet list, §9): search text, platform, installed wallets,
// order, paging. The directory controller (directory.ts) applies them.
import type { WalletItem } from '../api/api.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import {
  MOBILE_ALWAYS_SHOWN_WALLET_IDS,
  RECOMMENDED_WALLETS_COUNT,
  WALLET_PAGE_SIZE,
} from '../constants.ts'

/** §2 Search text is trimmed; anything but a string searches for nothing. */
export function normalizeSearch(text: unknown): string {
  return typeof text === 'string' ? text.trim() : ''
}

/** §2 On mobile, a wallet needs a mobile or web-app link, or a place in the built-in list. */
export function isShownOnMobile(wallet: WalletItem): boolean {
  if (wallet.mobile_link || wallet.webapp_link) return true
  return (MOBILE_ALWAYS_SHOWN_WALLET_IDS as readonly string[]).includes(wallet.id)
}

export function filterForPlatform<T extends WalletItem>(
  wallets: readonly T[],
  mobile: boolean,
): T[] {
  return mobile ? wallets.filter(isShownOnMobile) : [...wallets]
}

/** Connectors by rdns; the first connector wins when several namespaces announce one wallet. */
export function connectorsByRdns(connectors: readonly ConnectorInfo[]): Map<string, ConnectorInfo> {
  const byRdns = new Map<string, ConnectorInfo>()
  for (const connector of connectors) {
    if (connector.rdns && !byRdns.has(connector.rdns)) byRdns.set(connector.rdns, connector)
  }
  return byRdns
}

/** Marks each wallet installed (with its connector id) when a connector has its rdns. */
export function markInstalled<T extends WalletItem>(
  wallets: readonly T[],
  installed: ReadonlyMap<string, ConnectorInfo>,
): (T & { installed: boolean; connectorId?: string })[] {
  return wallets.map((wallet) => {
    const { connectorId: _previous, ...rest } = wallet as T & { connectorId?: string }
    const connector = wallet.rdns ? installed.get(wallet.rdns) : undefined
    return connector
      ? { ...(rest as T), installed: true, connectorId: connector.id }
      : { ...(rest as T), installed: false }
  })
}

/** Wallets in the order of `ids`; wallets whose id is not listed are dropped. */
export function orderByIds<T extends WalletItem>(
  wallets: readonly T[],
  ids: readonly string[],
): T[] {
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The ids the featured request includes: featuredWalletIds in the order given, without
 * repeats, limited to includeWalletIds when the app set that, at most a page.
 */
export function featuredIdsToRequest(
  featuredWalletIds: readonly string[],
  includeWalletIds: readonly string[],
): string[] {
  const unique = [...new Set(featuredWalletIds)]
  const allowed =
    includeWalletIds.length > 0 ? unique.filter((id) => includeWalletIds.includes(id)) : unique
  return allowed.slice(0, WALLET_PAGE_SIZE)
}

/** §2 Recommended: the first certified wallets that are not featured, installed or recent. */
export function pickRecommended<T extends WalletItem>(
  candidates: readonly T[],
  skip: { ids: readonly string[]; installedRdns: ReadonlySet<string> },
  count = RECOMMENDED_WALLETS_COUNT,
): T[] {
  return candidates
    .filter((wallet) => !skip.ids.includes(wallet.id))
    .filter((wallet) => !(wallet.rdns && skip.installedRdns.has(wallet.rdns)))
    .slice(0, count)
}

/** The page after `page`, or null when it was the last one (short page, or count reached). */
export function nextPageAfter(page: number, received: number, count: number): number | null {
  if (received < WALLET_PAGE_SIZE || page * WALLET_PAGE_SIZE >= count) return null
  return page + 1
}

/** Appends the wallets not already in the list (pages may shift while they load). */
export function appendNew<T extends WalletItem>(list: readonly T[], incoming: readonly T[]): T[] {
  const result = [...list]
  const seen = new Set(list.map((wallet) => wallet.id))
  for (const wallet of incoming) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    result.push(wallet)
  }
  return result
}

/** §2 rank prefetch: wallets in the certified list first, in its order; the rest keep theirs. */
export function sortByRank<T extends WalletItem>(
  wallets: readonly T[],
  ranked: readonly WalletItem[],
): T[] {
  const rank = new Map(ranked.map((wallet, index) => [wallet.id, index]))
  const rankOf = (wallet: T) => rank.get(wallet.id) ?? ranked.length
  // Array.prototype.sort is stable (ES2019): wallets of the same rank keep their order.
  return [...wallets].sort((a, b) => rankOf(a) - rankOf(b))
}

// ---- The controller ----

/** Method syntax on purpose: it lets globalThis.setTimeout / clearTimeout be passed as they are. */
