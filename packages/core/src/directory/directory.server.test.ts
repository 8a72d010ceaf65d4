import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { ApiClient } from '../api/api.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import {
  CERTIFIED_PREFETCH_COUNT,
  FEATURED_WALLETS_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS_MAX,
  WALLET_PAGE_SIZE,
} from '../constants.ts'
import type { SetupAlertCode } from '../errors.ts'
import { manualClock, realClient, startRealServer } from '../testing/realServer.ts'
import { createDirectoryController } from './directory.ts'
import type { DirectoryOptions } from './directoryOptions.ts'
import { type DirectoryState, initialDirectoryState } from './directoryState.ts'
import { isShownOnMobile } from './walletLists.ts'

// The wallet directory controller against the real server (packages/server), seeded with the
// demo project, its real wallets and generated ones after them.

const GENERATED_WALLETS = 200

let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer({ directorySize: GENERATED_WALLETS })
})

afterAll(async () => {
  await server?.close()
})

function connector(id: string, rdns: string): ConnectorInfo {
  return { id, name: id, type: 'ANNOUNCED', chain: 'eip155', rdns }
}

function setup(options: Partial<DirectoryOptions> & { connectorList?: ConnectorInfo[] } = {}) {
  const api = options.api ?? realClient(server.url)
  const clock = manualClock()
  const store = createStore<DirectoryState>(initialDirectoryState)
  const connectors = createStore<{ list: ConnectorInfo[] }>(() => ({
    list: options.connectorList ?? [],
  }))
  const raised: SetupAlertCode[] = []
  const getWallets = vi.spyOn(api, 'getWallets')
  const directory = createDirectoryController({
    store,
    connectors,
    timers: clock,
    raise: (code) => raised.push(code),
    ...options,
    api,
  })
  const ids = (key: 'featured' | 'recommended' | 'certified' | 'installed' | 'pages') =>
    store.getState()[key].map((w) => w.id)
  return { api, clock, store, connectors, raised, getWallets, directory, ids }
}

describe('fetchInitial', () => {
  it('loads featured in the order given, recommended, the rank prefetch and page 1', async () => {
    const { directory, store, ids, raised } = setup({
      featuredWalletIds: ['no-such-wallet', 'rainbow', 'phantom', 'metamask', 'trust', 'coinbase'],
      recentWalletIds: () => ['okx'],
    })
    await directory.fetchInitial()
    expect(raised).toEqual([])
    // An unknown id is skipped; at most FEATURED_WALLETS_COUNT, in the order given.
    expect(ids('featured')).toEqual(['rainbow', 'phantom', 'metamask', 'trust'])
    expect(ids('featured')).toHaveLength(FEATURED_WALLETS_COUNT)

    const state = store.getState()
    expect(state.recommended).toHaveLength(RECOMMENDED_WALLETS_COUNT)
    expect(state.recommended.every((w) => w.badge_type === 'certified')).toBe(true)
    for (const id of ['rainbow', 'phantom', 'metamask', 'trust', 'coinbase', 'okx']) {
      expect(ids('recommended')).not.toContain(id)
    }

    expect(state.certified).toHaveLength(CERTIFIED_PREFETCH_COUNT)
    expect(state.certified.every((w) => w.badge_type === 'certified')).toBe(true)

    expect(state.pages).toHaveLength(WALLET_PAGE_SIZE)
    expect(state.count).toBeGreaterThanOrEqual(100 + GENERATED_WALLETS)
    expect(state.nextPage).toBe(2)
    expect(state).toMatchObject({ loadingInitial: false, loadingPage: false, error: undefined })
    expect(state.featured[0]?.imageUrl).toBe(
      realClient(server.url).walletImageUrl(state.featured[0]?.image_id ?? ''),
    )
  })

  it('sends each part at most once while in flight, and keeps what is loaded', async () => {
    const { directory, getWallets } = setup({ featuredWalletIds: ['rainbow'] })
    await Promise.all([directory.fetchInitial(), directory.fetchInitial()])
    // featured, recommended, rank prefetch, page 1
    expect(getWallets).toHaveBeenCalledTimes(4)
    await directory.fetchInitial()
    expect(getWallets).toHaveBeenCalledTimes(4)
  })
})

describe('paging (§2 pages of 40)', () => {
  it('page 1, 2, ..., the last; then nothing more', async () => {
    const { directory, store, getWallets } = setup()
    await directory.fetchNextPage()
    const { count } = store.getState()
    expect(store.getState().pages).toHaveLength(WALLET_PAGE_SIZE)
    await directory.fetchNextPage()
    expect(store.getState().pages).toHaveLength(2 * WALLET_PAGE_SIZE)
    expect(store.getState().nextPage).toBe(3)

    const lastPage = Math.ceil(count / WALLET_PAGE_SIZE)
    while (store.getState().nextPage !== null) await directory.fetchNextPage()
    expect(getWallets).toHaveBeenCalledTimes(lastPage)
    expect(store.getState().pages).toHaveLength(count)
    const ids = store.getState().pages.map((w) => w.id)
    expect(new Set(ids).size).toBe(count)

    await directory.fetchNextPage()
    expect(getWallets).toHaveBeenCalledTimes(lastPage)
  })

  it('one request while a page is loading', async () => {
    const { directory, getWallets, store } = setup()
    const first = directory.fetchNextPage()
    expect(store.getState().loadingPage).toBe(true)
    await Promise.all([first, directory.fetchNextPage()])
    expect(getWallets).toHaveBeenCalledTimes(1)
    expect(store.getState().loadingPage).toBe(false)
  })
})

describe('include / exclude on every request', () => {
  it('includeWalletIds limits every list', async () => {
    const include = ['rainbow', 'metamask', 'phantom', 'keplr', 'trust']
    const { directory, store, clock, getWallets } = setup({
      includeWalletIds: include,
      featuredWalletIds: ['keplr', 'rabby'],
    })
    await directory.fetchInitial()
    const state = store.getState()
    expect(state.featured.map((w) => w.id)).toEqual(['keplr'])
    expect(state.count).toBe(include.length)
    for (const w of [...state.recommended, ...state.certified, ...state.pages]) {
      expect(include).toContain(w.id)
    }
    directory.setSearch('a')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    for (const w of store.getState().search.results) expect(include).toContain(w.id)
    for (const [params] of getWallets.mock.calls) expect(params?.include?.length).toBeGreaterThan(0)
  })

  it('excludeWalletIds keeps them out of every list', async () => {
    const exclude = ['rainbow', 'metamask']
    const { directory, store, clock } = setup({
      excludeWalletIds: exclude,
      featuredWalletIds: ['rainbow', 'phantom'],
    })
    await directory.fetchInitial()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    const state = store.getState()
    expect(state.featured.map((w) => w.id)).toEqual(['phantom'])
    const everyId = [state.recommended, state.certified, state.pages, state.search.results]
      .flat()
      .map((w) => w.id)
    for (const id of exclude) expect(everyId).not.toContain(id)
  })

  it("the chain filter is the networks' caipNetworkIds", async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const { directory, store, getWallets } = setup({ chains: [solana] })
    await directory.fetchNextPage()
    expect(getWallets.mock.calls[0]?.[0]?.chains).toEqual([solana])
    expect(store.getState().pages.length).toBeGreaterThan(0)
    expect(store.getState().pages.every((w) => w.chains.includes(solana))).toBe(true)
  })
})

describe('search (§2)', () => {
  it("'rain' gives Rainbow first, 300 ms after the last keystroke", async () => {
    const { directory, store, clock, getWallets } = setup()
    directory.setSearch('r')
    clock.advance(100)
    directory.setSearch('ra')
    clock.advance(100)
    directory.setSearch('  rain  ')
    clock.advance(SEARCH_DEBOUNCE_MS - 1)
    expect(getWallets).not.toHaveBeenCalled()
    clock.advance(1)
    expect(getWallets).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    expect(store.getState().search.query).toBe('rain')
    expect(store.getState().search.results[0]?.name).toBe('Rainbow')
  })

  it('returns at most 100', async () => {
    const { directory, store, clock } = setup()
    directory.setSearch('a')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    expect(store.getState().search.results).toHaveLength(SEARCH_RESULTS_MAX)
  })

  it('an answer for an older query never overwrites a newer one', async () => {
    const api = realClient(server.url)
    let releaseOld: () => void = () => undefined
    const oldHeld = new Promise<void>((resolve) => {
      releaseOld = resolve
    })
    // The real client, with the 'meta' answer held back until the 'rain' one is in.
    const slowOld: ApiClient = {
      ...api,
      getWallets: async (params) => {
        const page = await api.getWallets(params)
        if (params?.search === 'meta') await oldHeld
        return page
      },
    }
    const { directory, store, clock } = setup({ api: slowOld })
    directory.setSearch('meta')
    clock.advance(SEARCH_DEBOUNCE_MS)
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    expect(store.getState().search.results[0]?.name).toBe('Rainbow')
    releaseOld()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(store.getState().search.query).toBe('rain')
    expect(store.getState().search.results[0]?.name).toBe('Rainbow')
  })

  it('an empty query clears the results', async () => {
    const { directory, store, clock } = setup()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.results.length).toBeGreaterThan(0))
    directory.setSearch('  ')
    expect(store.getState().search).toEqual({ query: '', results: [], loading: false })
  })
})

describe('installed wallets', () => {
  it('are marked by rdns, matched to their entry, and left out of recommended', async () => {
    const { directory, store, clock, connectors } = setup({
      connectorList: [connector('injected-rabby', 'io.rabby')],
    })
    await directory.fetchInitial()
    let state = store.getState()
    expect(state.recommended.map((w) => w.id)).not.toContain('rabby')
    expect(state.installed.map((w) => [w.id, w.connectorId])).toEqual([['rabby', 'injected-rabby']])
    const listed = [...state.pages, ...state.certified].filter((w) => w.id === 'rabby')
    expect(listed.length).toBeGreaterThan(0)
    for (const w of listed)
      expect(w).toMatchObject({ installed: true, connectorId: 'injected-rabby' })

    // MetaMask announces later: marked at once, its entry looked up, ranked first.
    connectors.setState({
      list: [connector('injected-rabby', 'io.rabby'), connector('injected-mm', 'io.metamask')],
    })
    expect(store.getState().pages.find((w) => w.id === 'metamask')?.installed).toBe(true)
    clock.advance(0)
    await vi.waitFor(() => expect(store.getState().installed).toHaveLength(2))
    state = store.getState()
    expect(state.installed.map((w) => w.id)).toEqual(['metamask', 'rabby'])
    expect(state.recommended.map((w) => w.id)).not.toContain('metamask')
  })
})

describe('mobile (§2)', () => {
  it('hides wallets without mobile or web-app links, except the built-in list', async () => {
    const { directory, store } = setup({
      isMobile: () => true,
      featuredWalletIds: ['rabby', 'rainbow'],
    })
    await directory.fetchInitial()
    while (store.getState().nextPage !== null) await directory.fetchNextPage()
    const state = store.getState()
    const shown = [...state.featured, ...state.recommended, ...state.pages]
    expect(shown.every(isShownOnMobile)).toBe(true)
    expect(state.featured.map((w) => w.id)).toEqual(['rainbow'])
    expect(state.pages.map((w) => w.id)).not.toContain('rabby')
    expect(state.pages.map((w) => w.id)).toContain('coinbase')
    expect(state.pages.length).toBeLessThan(state.count)
  })
})

describe('project errors', () => {
  it('an unknown project raises APKT007 and leaves the lists empty', async () => {
    const { directory, store, raised } = setup({ api: realClient(server.url, 'f'.repeat(32)) })
    await directory.fetchInitial()
    expect(new Set(raised)).toEqual(new Set(['APKT007']))
    expect(store.getState()).toMatchObject({
      error: 'HTTP status code: 403',
      pages: [],
      nextPage: 1,
      loadingPage: false,
    })
  })
})
