import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SEARCH_DEBOUNCE_MS } from '../constants.ts'
import { announced, directoryHarness, refusedClient } from '../testing/directoryHarness.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'

// The directory's loading flags, failures and connectors arriving after the lists, against the
// real server (packages/server); failures from a port nothing listens on.

let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer({ directorySize: 20 })
})
afterAll(async () => {
  await server?.close()
})

const refused = refusedClient
const connector = announced
const setup = (options: Parameters<typeof directoryHarness>[1] = {}) =>
  directoryHarness(server.url, options)

describe('the connect view loading (§2)', () => {
  it('shows loading until featured and recommended are in; once in, never again', async () => {
    const { directory, store } = setup({ featuredWalletIds: ['rainbow'] })
    const first = directory.fetchInitial()
    expect(store.getState().loadingInitial).toBe(true)
    await first
    expect(store.getState()).toMatchObject({ loadingInitial: false, error: undefined })
    store.setState({ error: 'an old error' })
    const again = directory.fetchInitial()
    expect(store.getState()).toMatchObject({ loadingInitial: false, error: undefined })
    await again
  })

  it('a loaded part is not asked again; one that failed is, next time', async () => {
    const api = realClient(server.url)
    const working = api.getWallets.bind(api)
    const down = refused().getWallets
    let online = false
    api.getWallets = (params) => (online ? working(params) : down(params))
    const { directory, store, requests } = setup({ api, featuredWalletIds: ['rainbow'] })
    await directory.fetchInitial()
    expect(store.getState().featured).toEqual([])
    online = true
    await directory.fetchInitial()
    expect(store.getState().featured.map((w) => w.id)).toEqual(['rainbow'])
    const asked = requests.length
    await directory.fetchInitial()
    expect(requests).toHaveLength(asked)
  })

  it("the lists wait for their wallets' images (bounded by the preload timeout)", async () => {
    let release: () => void = () => {}
    const images = new Promise<void>((resolve) => (release = resolve))
    const { directory, store } = setup({
      featuredWalletIds: ['rainbow'],
      preloadImage: () => images,
    })
    const loading = directory.fetchInitial()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(store.getState().featured).toEqual([])
    release()
    await loading
    expect(store.getState().featured.map((w) => w.id)).toEqual(['rainbow'])
  })

  it('asks for page 1 only while nothing is listed', async () => {
    const { directory, store, requests } = setup()
    await directory.fetchInitial()
    const pages = () => requests.filter((r) => r?.entries === 40 && !r.badge_type && !r.rdns)
    expect(pages()).toHaveLength(1)
    store.setState({ nextPage: 1, pages: [] })
    await directory.fetchInitial()
    expect(pages()).toHaveLength(2)
  })

  it('asks recommended for the certified, beyond featured, recent and installed', async () => {
    const { directory, requests, connectors } = setup({
      featuredWalletIds: ['rainbow'],
      recentWalletIds: () => ['okx'],
      excludeWalletIds: ['trust'],
    })
    connectors.setState({ list: [connector('a', 'io.a'), connector('b', 'io.b')] })
    await directory.fetchInitial()
    const recommended = requests.find((r) => r?.badge_type === 'certified' && r.entries !== 8)
    expect(recommended).toMatchObject({
      page: 1,
      entries: 4 + 2,
      exclude: ['trust', 'rainbow', 'okx'],
    })
  })
})

describe('failures (§8)', () => {
  it('a page that fails says so, raises the alert and stops loading', async () => {
    const { directory, store, raised } = setup({ api: refused() })
    const loading = directory.fetchNextPage()
    expect(store.getState().loadingPage).toBe(true)
    await loading
    expect(store.getState()).toMatchObject({ loadingPage: false, nextPage: 1, pages: [] })
    expect(store.getState().error).toEqual(expect.any(String))
    expect(raised).toEqual(['APKT003'])
  })

  it('tracks SEARCH_WALLET once per search sent, not per keystroke (§7)', async () => {
    const searches: unknown[] = []
    const { directory, store, clock } = setup({
      api: refused(),
      track: (event, properties) => searches.push([event, properties]),
    })
    directory.setSearch('r')
    directory.setSearch('ra')
    directory.setSearch('  rain ')
    expect(searches).toEqual([])
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    expect(searches).toEqual([['SEARCH_WALLET', { search: 'rain' }]])
    directory.setSearch('')
    clock.advance(SEARCH_DEBOUNCE_MS)
    expect(searches).toHaveLength(1)
  })

  it('a search that fails shows its error with no results, and raises the alert', async () => {
    const { directory, store, raised, clock } = setup({ api: refused() })
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    expect(store.getState().search).toMatchObject({
      query: 'rain',
      results: [],
      error: expect.any(String),
    })
    expect(raised).toEqual(['APKT003'])
  })

  it('an installed wallet whose entry could not be looked up is looked up again later', async () => {
    const { connectors, clock, requests } = setup({ api: refused() })
    connectors.setState({ list: [connector('a', 'io.a')] })
    clock.advance(0)
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    // Lookups run one after the other: this one starts once the failed one has ended.
    connectors.setState({ list: [connector('a', 'io.a'), connector('b', 'io.b')] })
    clock.advance(0)
    await vi.waitFor(() => expect(requests).toHaveLength(2))
    expect(requests.map((r) => r?.rdns)).toEqual([['io.a'], ['io.a', 'io.b']])
  })
})

describe('a wallet installed after the lists loaded', () => {
  it('is marked in every list, search results too, and leaves recommended', async () => {
    const { directory, store, connectors, clock } = setup()
    await directory.fetchInitial()
    directory.setSearch(store.getState().recommended[0]?.name ?? '')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.results.length).toBeGreaterThan(0))
    const target = store.getState().recommended.find((w) => w.rdns)
    expect(target).toBeDefined()
    const rdns = target?.rdns ?? ''
    connectors.setState({ list: [connector('injected', rdns)] })
    const state = store.getState()
    expect(state.recommended.map((w) => w.id)).not.toContain(target?.id)
    for (const list of [state.certified, state.pages, state.search.results]) {
      const entry = list.find((w) => w.id === target?.id)
      if (entry) expect(entry).toMatchObject({ installed: true, connectorId: 'injected' })
    }
    expect(state.search.results.find((w) => w.id === target?.id)?.installed).toBe(true)
  })
})

describe('the lists from the real directory (§2)', () => {
  const ids = (wallets: readonly { id: string }[]) => wallets.map((w) => w.id)
  const imageOf = (imageId: string | null | undefined) =>
    realClient(server.url).walletImageUrl(imageId ?? '')

  it('featured: the ids in the order given, the first four shown, each with its image', async () => {
    const { directory, store } = setup({
      featuredWalletIds: ['zerion', 'rabby', 'metamask', 'trust', 'rainbow'],
    })
    await directory.fetchInitial()
    const { featured } = store.getState()
    expect(ids(featured)).toEqual(['zerion', 'rabby', 'metamask', 'trust'])
    for (const wallet of featured) {
      expect(wallet.imageUrl).toBe(imageOf(wallet.image_id))
      expect(wallet.installed).toBe(false)
    }
  })

  it('featured on a phone: a wallet without a mobile link leaves its place to the next', async () => {
    const { directory, store } = setup({
      featuredWalletIds: ['zerion', 'rabby', 'metamask', 'trust', 'rainbow'],
      isMobile: () => true,
    })
    await directory.fetchInitial()
    expect(ids(store.getState().featured)).toEqual(['zerion', 'metamask', 'trust', 'rainbow'])
  })

  it('installed wallets get their directory entry, ranked as certified, with their connector', async () => {
    const { directory, store, connectors } = setup()
    connectors.setState({
      list: [
        connector('trust-ext', 'com.trustwallet.app'),
        connector('unknown', 'io.nobody'),
        connector('mm-ext', 'io.metamask'),
      ],
    })
    await directory.fetchInitial()
    const { installed, certified } = store.getState()
    expect(ids(certified.slice(0, 2))).toEqual(['metamask', 'trust'])
    expect(ids(installed)).toEqual(['metamask', 'trust'])
    expect(installed[0]).toMatchObject({ installed: true, connectorId: 'mm-ext' })
    expect(installed[1]).toMatchObject({ installed: true, connectorId: 'trust-ext' })
    expect(installed[0]?.imageUrl).toBe(imageOf(installed[0]?.image_id))
  })

  it('certified: the first twenty certified wallets, for ranking', async () => {
    const { directory, store } = setup()
    await directory.fetchInitial()
    const { certified } = store.getState()
    expect(certified).toHaveLength(20)
    expect(certified.every((w) => w.badge_type === 'certified')).toBe(true)
  })

  it("search: the service's matches with images, loading off; on a phone without the desktop-only ones", async () => {
    const { directory, store, clock } = setup()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(store.getState().search.loading).toBe(false))
    const { search } = store.getState()
    expect(search).toMatchObject({ query: 'rain', loading: false })
    expect(search.error).toBeUndefined()
    expect(ids(search.results)).toContain('rainbow')
    expect(search.results[0]?.imageUrl).toBe(imageOf(search.results[0]?.image_id))

    const phone = setup({ isMobile: () => true })
    phone.directory.setSearch('rabby')
    phone.clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(phone.store.getState().search.loading).toBe(false))
    expect(phone.store.getState().search.results).toEqual([])
    directory.setSearch('rabby')
    clock.advance(SEARCH_DEBOUNCE_MS)
    await vi.waitFor(() => expect(ids(store.getState().search.results)).toEqual(['rabby']))
  })
})
