import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { WalletItem } from '../api/api.ts'
import { createApiClient } from '../api/apiClient.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import {
  MOBILE_ALWAYS_SHOWN_WALLET_IDS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS_MAX,
} from '../constants.ts'
import type { SetupAlertCode } from '../errors.ts'
import { createDirectoryController } from './directory.ts'
import {
  type DirectoryState,
  type DirectoryWallet,
  initialDirectoryState,
} from './directoryState.ts'
import {
  appendNew,
  connectorsByRdns,
  featuredIdsToRequest,
  filterForPlatform,
  isShownOnMobile,
  markInstalled,
  nextPageAfter,
  normalizeSearch,
  orderByIds,
  pickRecommended,
  sortByRank,
} from './walletLists.ts'

function wallet(id: string, fields: Partial<WalletItem> = {}): WalletItem {
  return {
    id,
    name: id,
    image_id: `img-${id}`,
    rdns: null,
    chains: ['eip155:1'],
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    badge_type: 'none',
    ...fields,
  }
}

function connector(id: string, rdns?: string): ConnectorInfo {
  return { id, name: id, type: 'ANNOUNCED', chain: 'eip155', ...(rdns ? { rdns } : {}) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('normalizeSearch', () => {
  it('trims', () => {
    expect(normalizeSearch('  rain \n')).toBe('rain')
    expect(normalizeSearch('   ')).toBe('')
    expect(normalizeSearch(undefined)).toBe('')
    expect(normalizeSearch(42)).toBe('')
  })
})

describe('mobile filter (§2)', () => {
  it('shows a wallet with a mobile or web-app link', () => {
    expect(isShownOnMobile(wallet('a', { mobile_link: 'a://' }))).toBe(true)
    expect(isShownOnMobile(wallet('b', { webapp_link: 'https://b.app' }))).toBe(true)
  })

  it('hides one lacking both, unless it is in the built-in list', () => {
    expect(isShownOnMobile(wallet('c', { desktop_link: 'c://' }))).toBe(false)
    for (const id of MOBILE_ALWAYS_SHOWN_WALLET_IDS) expect(isShownOnMobile(wallet(id))).toBe(true)
  })

  it('filters on mobile only', () => {
    const list = [wallet('a', { mobile_link: 'a://' }), wallet('c')]
    expect(filterForPlatform(list, true).map((w) => w.id)).toEqual(['a'])
    expect(filterForPlatform(list, false).map((w) => w.id)).toEqual(['a', 'c'])
  })
})

describe('installed wallets', () => {
  it('connectorsByRdns keeps the first connector per rdns and skips those without', () => {
    const map = connectorsByRdns([
      connector('one', 'io.one'),
      connector('one-sol', 'io.one'),
      connector('bare'),
    ])
    expect([...map.entries()].map(([rdns, c]) => [rdns, c.id])).toEqual([['io.one', 'one']])
  })

  it('markInstalled matches by rdns', () => {
    const installed = connectorsByRdns([connector('c1', 'io.one')])
    const marked = markInstalled(
      [wallet('a', { rdns: 'io.one' }), wallet('b'), wallet('c', { rdns: 'io.c' })],
      installed,
    )
    expect(marked.map((w) => [w.id, w.installed, w.connectorId])).toEqual([
      ['a', true, 'c1'],
      ['b', false, undefined],
      ['c', false, undefined],
    ])
  })

  it('markInstalled clears a mark whose connector is gone', () => {
    const before = markInstalled(
      [wallet('a', { rdns: 'io.one' })],
      connectorsByRdns([connector('c1', 'io.one')]),
    )
    const after = markInstalled(before, new Map())
    expect(after[0]).toMatchObject({ installed: false })
    expect(after[0]).not.toHaveProperty('connectorId')
  })
})

describe('featured (§2)', () => {
  it('keeps the order given, without repeats', () => {
    expect(featuredIdsToRequest(['c', 'a', 'c', 'b'], [])).toEqual(['c', 'a', 'b'])
  })

  it('is limited to includeWalletIds when set', () => {
    expect(featuredIdsToRequest(['c', 'a', 'b'], ['b', 'c'])).toEqual(['c', 'b'])
  })

  it('orderByIds restores the given order and drops unknown ids', () => {
    expect(
      orderByIds([wallet('a'), wallet('b'), wallet('c')], ['c', 'x', 'a']).map((w) => w.id),
    ).toEqual(['c', 'a'])
  })
})

describe('pickRecommended (§2)', () => {
  const candidates = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) =>
    wallet(id, { rdns: `io.${id}` }),
  )

  it('is the first 4', () => {
    expect(
      pickRecommended(candidates, { ids: [], installedRdns: new Set() }).map((w) => w.id),
    ).toEqual(['a', 'b', 'c', 'd'])
  })

  it('skips featured, recent and installed wallets', () => {
    const picked = pickRecommended(candidates, {
      ids: ['a', 'c'],
      installedRdns: new Set(['io.b']),
    })
    expect(picked.map((w) => w.id)).toEqual(['d', 'e', 'f', 'g'])
  })
})

describe('paging (§2 pages of 40)', () => {
  it('nextPageAfter', () => {
    expect(nextPageAfter(1, 40, 120)).toBe(2)
    expect(nextPageAfter(2, 40, 120)).toBe(3)
    expect(nextPageAfter(3, 40, 120)).toBeNull()
    expect(nextPageAfter(3, 20, 100)).toBeNull()
    expect(nextPageAfter(1, 0, 0)).toBeNull()
    // The count says more, but a short page is the last one.
    expect(nextPageAfter(1, 39, 120)).toBeNull()
  })

  it('appendNew skips wallets already listed', () => {
    const list = appendNew([wallet('a'), wallet('b')], [wallet('b'), wallet('c'), wallet('c')])
    expect(list.map((w) => w.id)).toEqual(['a', 'b', 'c'])
  })
})

describe('sortByRank (§2 rank prefetch)', () => {
  it('ranked wallets first, in rank order; the others keep their order', () => {
    const ranked = [wallet('r1'), wallet('r2'), wallet('r3')]
    const sorted = sortByRank([wallet('x'), wallet('r3'), wallet('y'), wallet('r1')], ranked)
    expect(sorted.map((w) => w.id)).toEqual(['r1', 'r3', 'x', 'y'])
  })
})

type ControllerOverrides = { state?: Partial<DirectoryState>; connectors?: ConnectorInfo[] }

// The controller without a service: an empty project ID makes every call fail at once with
// APKT008 and no request (api.ts), so timing and ordering are the test's own.
function offlineController(overrides: ControllerOverrides = {}) {
  return controllerWith(
    createApiClient({ apiUrl: 'http://127.0.0.1:1', projectId: '', sdkType: 'a', sdkVersion: 'v' }),
    overrides,
  )
}

function controllerWith(
  api: ReturnType<typeof createApiClient>,
  overrides: ControllerOverrides = {},
) {
  const getWallets = vi.spyOn(api, 'getWallets')
  const store = createStore<DirectoryState>(() => ({
    ...initialDirectoryState(),
    ...overrides.state,
  }))
  const connectors = createStore<{ list: ConnectorInfo[] }>(() => ({
    list: overrides.connectors ?? [],
  }))
  const raised: SetupAlertCode[] = []
  const directory = createDirectoryController({
    api,
    store,
    connectors,
    chains: ['eip155:1'],
    raise: (code) => raised.push(code),
  })
  return { directory, store, connectors, getWallets, raised }
}

describe('search (§2 trimmed, at least 300 ms after the last keystroke)', () => {
  it('asks nothing before 300 ms of quiet, then once for the last text', async () => {
    vi.useFakeTimers()
    const { directory, store, getWallets } = offlineController()
    directory.setSearch('r')
    await vi.advanceTimersByTimeAsync(200)
    directory.setSearch('ra')
    await vi.advanceTimersByTimeAsync(200)
    directory.setSearch('  rai ')
    expect(store.getState().search).toMatchObject({ query: 'rai', loading: true })
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1)
    expect(getWallets).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(getWallets).toHaveBeenCalledTimes(1)
    expect(getWallets.mock.calls[0]?.[0]).toMatchObject({
      search: 'rai',
      entries: SEARCH_RESULTS_MAX,
      page: 1,
    })
  })

  it('a change of whitespace only is not a new search', async () => {
    vi.useFakeTimers()
    const { directory, getWallets } = offlineController()
    directory.setSearch('rain')
    await vi.advanceTimersByTimeAsync(250)
    directory.setSearch('rain ')
    await vi.advanceTimersByTimeAsync(50)
    expect(getWallets).toHaveBeenCalledTimes(1)
  })

  it('an empty query clears the results and cancels the pending search', async () => {
    vi.useFakeTimers()
    const results = [{ ...wallet('a'), installed: false }]
    const { directory, store, getWallets } = offlineController({
      state: { search: { query: 'a', results, loading: false } },
    })
    directory.setSearch('ab')
    directory.setSearch('   ')
    expect(store.getState().search).toEqual({ query: '', results: [], loading: false })
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2)
    expect(getWallets).not.toHaveBeenCalled()
  })

  it('an answer for an older query never overwrites a newer one', async () => {
    vi.useFakeTimers()
    const { directory, store, raised } = offlineController()
    directory.setSearch('old')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS) // the 'old' request starts; its answer is queued
    directory.setSearch('new')
    await vi.advanceTimersByTimeAsync(0) // the 'old' answer arrives now
    expect(store.getState().search).toEqual({ query: 'new', results: [], loading: true })
    expect(raised).toEqual([])
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    expect(store.getState().search).toMatchObject({
      query: 'new',
      loading: false,
      error: 'Project ID Missing',
    })
    expect(raised).toEqual(['APKT008'])
  })

  it('resetSearch drops a search in flight', async () => {
    vi.useFakeTimers()
    const { directory, store } = offlineController()
    directory.setSearch('rain')
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    directory.resetSearch()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getState().search).toEqual({ query: '', results: [], loading: false })
  })

  it(`shows at most ${SEARCH_RESULTS_MAX} results when a directory service answers more than it was asked for`, async () => {
    vi.useFakeTimers()
    // A project's own directory that ignores `entries`: ours never does, so this one is a fake.
    const tooMany = Array.from({ length: SEARCH_RESULTS_MAX + 5 }, (_, i) => wallet(`w${i}`))
    const { directory, store } = controllerWith(
      createApiClient({
        apiUrl: 'http://directory.test',
        projectId: 'p',
        sdkType: 'a',
        sdkVersion: 'v',
        fetch: async () => Response.json({ count: tooMany.length, data: tooMany }),
      }),
    )
    directory.setSearch('w')
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS)
    const { results, loading } = store.getState().search
    expect(loading).toBe(false)
    expect(results.map((w) => w.id)).toEqual(tooMany.slice(0, SEARCH_RESULTS_MAX).map((w) => w.id))
  })
})

describe('controller without a service', () => {
  it('fetchInitial fails softly: an error, one alert, nothing loading', async () => {
    const { directory, store, raised } = offlineController()
    await directory.fetchInitial()
    expect(store.getState()).toMatchObject({
      error: 'Project ID Missing',
      loadingInitial: false,
      loadingPage: false,
      nextPage: 1,
    })
    expect(new Set(raised)).toEqual(new Set(['APKT008']))
  })

  it('fetchNextPage does nothing at the end', async () => {
    const { directory, getWallets } = offlineController({ state: { nextPage: null } })
    await directory.fetchNextPage()
    expect(getWallets).not.toHaveBeenCalled()
  })

  it('fetchNextPage does nothing while a page is loading', async () => {
    const { directory, getWallets } = offlineController()
    const first = directory.fetchNextPage()
    const second = directory.fetchNextPage()
    await Promise.all([first, second])
    expect(getWallets).toHaveBeenCalledTimes(1)
  })

  it('fetchInitial keeps each part at most once in flight', async () => {
    const { directory, getWallets } = offlineController()
    await Promise.all([directory.fetchInitial(), directory.fetchInitial()])
    // featured (none configured: no request), recommended, rank prefetch, first page
    expect(getWallets).toHaveBeenCalledTimes(3)
  })

  it('marks wallets installed when their connector appears, and unmarks when it goes', () => {
    vi.useFakeTimers()
    const listed: DirectoryWallet = { ...wallet('one', { rdns: 'io.one' }), installed: false }
    const { store, connectors, directory } = offlineController({
      state: { pages: [listed], featured: [listed] },
    })
    connectors.setState({ list: [connector('injected-one', 'io.one')] })
    expect(store.getState().pages[0]).toMatchObject({
      installed: true,
      connectorId: 'injected-one',
    })
    expect(store.getState().featured[0]).toMatchObject({ installed: true })
    connectors.setState({ list: [] })
    expect(store.getState().pages[0]).toMatchObject({ installed: false })
    directory.destroy()
  })

  it('looks up the directory entries of a burst of new connectors in one request', async () => {
    vi.useFakeTimers()
    const { connectors, getWallets } = offlineController()
    connectors.setState({ list: [connector('a', 'io.a')] })
    connectors.setState({ list: [connector('a', 'io.a'), connector('b', 'io.b'), connector('c')] })
    await vi.advanceTimersByTimeAsync(0)
    expect(getWallets).toHaveBeenCalledTimes(1)
    expect(getWallets.mock.calls[0]?.[0]).toMatchObject({ rdns: ['io.a', 'io.b'], entries: 2 })
  })

  it('destroy stops following the connectors', () => {
    const listed: DirectoryWallet = { ...wallet('one', { rdns: 'io.one' }), installed: false }
    const { store, connectors, directory } = offlineController({ state: { pages: [listed] } })
    directory.destroy()
    connectors.setState({ list: [connector('x', 'io.one')] })
    expect(store.getState().pages[0]?.installed).toBe(false)
  })
})
