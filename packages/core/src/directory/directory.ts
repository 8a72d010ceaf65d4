import { setupAlertCodeFor, type WalletItem } from '../api/api.ts'
import {
  CERTIFIED_PREFETCH_COUNT,
  FEATURED_WALLETS_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS_MAX,
  WALLET_PAGE_SIZE,
} from '../constants.ts'
import { toUserMessage } from '../errors.ts'
import { type DirectoryOptions, resolveDirectoryOptions } from './directoryOptions.ts'
import type { DirectoryWallet } from './directoryState.ts'

import {
  appendNew,
  connectorsByRdns,
  featuredIdsToRequest,
  filterForPlatform,
  markInstalled,
  nextPageAfter,
  normalizeSearch,
  orderByIds,
  pickRecommended,
  sortByRank,
} from './walletLists.ts'

type InitialPart = 'featured' | 'recommended' | 'certified'

/**
 * The §2 wallet directory over the §7 /getWallets service. All state is in `store`; every
 * request carries the include/exclude/chains filters. Loaded lazily by the instance.
 */
export function createDirectoryController(options: DirectoryOptions) {
  const {
    api,
    store,
    connectors,
    featuredWalletIds,
    includeWalletIds,
    filters,
    recentWalletIds,
    isMobile,
    preload,
    raise,
    track,
    setTimer,
    clearTimer,
  } = resolveDirectoryOptions(options)

  const installedConnectors = () => connectorsByRdns(connectors.getState().list)

  function decorate(items: readonly WalletItem[]): DirectoryWallet[] {
    const withImages = items.map((item) =>
      item.image_id ? { ...item, imageUrl: api.walletImageUrl(item.image_id) } : { ...item },
    )
    return markInstalled(withImages, installedConnectors())
  }

  /** Platform filter + decoration, after the images are warmed (bounded by the preload timeout). */
  async function present(items: readonly WalletItem[]): Promise<DirectoryWallet[]> {
    const wallets = decorate(filterForPlatform(items, isMobile()))
    await Promise.all(
      wallets.map((wallet) => (wallet.imageUrl ? preload(wallet.imageUrl) : undefined)),
    )
    return wallets
  }

  function fail(error: unknown): void {
    store.setState({ error: toUserMessage(error) })
    raise(setupAlertCodeFor(error, 'APKT003'))
  }

  // ---- Initial load: each part at most once in flight, and kept once loaded ----

  const loaded = new Set<InitialPart>()
  const inFlight = new Map<InitialPart, Promise<void>>()

  function runPart(part: InitialPart, load: () => Promise<void>): Promise<void> {
    if (loaded.has(part)) return Promise.resolve()
    let pending = inFlight.get(part)
    if (!pending) {
      pending = load()
        .then(() => void loaded.add(part), fail)
        .finally(() => inFlight.delete(part))
      inFlight.set(part, pending)
    }
    return pending
  }

  async function loadFeatured() {
    const ids = featuredIdsToRequest(featuredWalletIds, includeWalletIds)
    if (ids.length === 0) return
    const { data } = await api.getWallets({
      ...filters,
      page: 1,
      entries: ids.length,
      include: ids,
    })
    const ordered = filterForPlatform(orderByIds(data, ids), isMobile())
    store.setState({ featured: await present(ordered.slice(0, FEATURED_WALLETS_COUNT)) })
  }

  let recommendedCandidates: WalletItem[] = []
  const recommendedSkipIds = () => [...featuredWalletIds, ...recentWalletIds()]

  function pickVisibleRecommended(): WalletItem[] {
    const visible = filterForPlatform(recommendedCandidates, isMobile())
    const installedRdns = new Set(installedConnectors().keys())
    return pickRecommended(visible, { ids: recommendedSkipIds(), installedRdns })
  }

  async function loadRecommended() {
    const skipIds = recommendedSkipIds()
    const { data } = await api.getWallets({
      ...filters,
      page: 1,
      // Installed wallets are known by rdns only, so they are dropped here, not by the service.
      entries: RECOMMENDED_WALLETS_COUNT + installedConnectors().size,
      badge_type: 'certified',
      exclude: [...(filters.exclude ?? []), ...skipIds],
    })
    recommendedCandidates = data
    store.setState({ recommended: await present(pickVisibleRecommended()) })
  }

  async function loadCertified() {
    const { data } = await api.getWallets({
      ...filters,
      page: 1,
      entries: CERTIFIED_PREFETCH_COUNT,
      badge_type: 'certified',
    })
    store.setState({ certified: decorate(data) })
    refreshInstalled()
  }

  // ---- Installed connectors ↔ directory entries (by rdns) ----

  const entriesByRdns = new Map<string, WalletItem>()
  const lookedUpRdns = new Set<string>()

  function refreshInstalled(): void {
    const entries = [...installedConnectors().keys()].flatMap(
      (rdns) => entriesByRdns.get(rdns) ?? [],
    )
    store.setState({ installed: sortByRank(decorate(entries), store.getState().certified) })
  }

  async function lookupInstalled() {
    const missing = [...installedConnectors().keys()].filter((rdns) => !lookedUpRdns.has(rdns))
    if (missing.length === 0) return
    for (const rdns of missing) lookedUpRdns.add(rdns)
    try {
      const { data } = await api.getWallets({
        ...filters,
        page: 1,
        entries: missing.length,
        rdns: missing,
      })
      for (const wallet of data) if (wallet.rdns) entriesByRdns.set(wallet.rdns, wallet)
      refreshInstalled()
    } catch {
      // Quietly: installed wallets still connect and are still marked; a later change retries.
      for (const rdns of missing) lookedUpRdns.delete(rdns)
    }
  }

  let installedLookups: Promise<void> = Promise.resolve()

  /** One lookup at a time, each for the rdns not looked up yet when it runs. */
  function queueInstalledLookup(): Promise<void> {
    installedLookups = installedLookups.then(lookupInstalled)
    return installedLookups
  }

  let lookupTimer: unknown

  function onConnectorsChange(): void {
    const installed = installedConnectors()
    const state = store.getState()
    store.setState({
      featured: markInstalled(state.featured, installed),
      recommended: decorate(pickVisibleRecommended()),
      certified: markInstalled(state.certified, installed),
      pages: markInstalled(state.pages, installed),
      search: { ...state.search, results: markInstalled(state.search.results, installed) },
    })
    refreshInstalled()
    // Connectors announce one by one in a burst: look them up together.
    clearTimer(lookupTimer)
    lookupTimer = setTimer(() => void queueInstalledLookup(), 0)
  }

  const stopConnectors = connectors.subscribe(onConnectorsChange)

  /** Featured, recommended, the rank prefetch, installed entries and the first page, in parallel. */
  function fetchInitial(): Promise<void> {
    const connectView = !loaded.has('featured') || !loaded.has('recommended')
    store.setState({ error: undefined, loadingInitial: connectView })
    const initial = Promise.all([
      runPart('featured', loadFeatured),
      runPart('recommended', loadRecommended),
    ]).finally(() => store.setState({ loadingInitial: false }))
    const rest = [runPart('certified', loadCertified), queueInstalledLookup()]
    const { nextPage, pages } = store.getState()
    if (nextPage === 1 && pages.length === 0) rest.push(fetchNextPage())
    return Promise.all([initial, ...rest]).then(() => undefined)
  }

  // ---- AllWallets paging ----

  let pageRequest: Promise<void> | undefined

  /** Loads the next page of WALLET_PAGE_SIZE; nothing while one loads or after the last. */
  function fetchNextPage(): Promise<void> {
    const { nextPage } = store.getState()
    if (pageRequest) return pageRequest
    if (nextPage === null) return Promise.resolve()
    store.setState({ loadingPage: true })
    pageRequest = api
      .getWallets({ ...filters, page: nextPage, entries: WALLET_PAGE_SIZE })
      .then(async ({ data, count }) => {
        const wallets = await present(data)
        store.setState({
          pages: appendNew(store.getState().pages, wallets),
          count,
          nextPage: nextPageAfter(nextPage, data.length, count),
        })
      })
      .catch(fail)
      .finally(() => {
        pageRequest = undefined
        store.setState({ loadingPage: false })
      })
    return pageRequest
  }

  // ---- Search ----

  let searchTimer: unknown
  /** Bumped by every change of query: an answer for an older one is dropped. */
  let searchGeneration = 0

  async function runSearch(query: string, generation: number) {
    track('SEARCH_WALLET', { search: query })
    try {
      const { data } = await api.getWallets({
        ...filters,
        page: 1,
        entries: SEARCH_RESULTS_MAX,
        search: query,
      })
      // Not preloaded: results show as soon as they come; their images load as they render.
      const results = decorate(filterForPlatform(data, isMobile()).slice(0, SEARCH_RESULTS_MAX))
      if (generation !== searchGeneration) return
      store.setState({ search: { query, results, loading: false } })
    } catch (error) {
      if (generation !== searchGeneration) return
      store.setState({
        search: { query, results: [], loading: false, error: toUserMessage(error) },
      })
      raise(setupAlertCodeFor(error, 'APKT003'))
    }
  }

  /** §2 Trimmed; searches SEARCH_DEBOUNCE_MS after the last change; '' clears the results. */
  function setSearch(text: string): void {
    const query = normalizeSearch(text)
    const current = store.getState().search
    if (query === current.query) return
    clearTimer(searchTimer)
    const generation = ++searchGeneration
    if (query === '') {
      store.setState({ search: { query: '', results: [], loading: false } })
      return
    }
    store.setState({ search: { query, results: current.results, loading: true } })
    searchTimer = setTimer(() => void runSearch(query, generation), SEARCH_DEBOUNCE_MS)
  }

  function resetSearch(): void {
    clearTimer(searchTimer)
    searchGeneration++
    store.setState({ search: { query: '', results: [], loading: false } })
  }

  function destroy(): void {
    stopConnectors()
    clearTimer(searchTimer)
    clearTimer(lookupTimer)
    searchGeneration++
  }

  return { fetchInitial, fetchNextPage, setSearch, resetSearch, destroy }
}

export type DirectoryController = ReturnType<typeof createDirectoryController>
