import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CERTIFIED_PREFETCH_COUNT, SEARCH_DEBOUNCE_MS } from '../constants.ts'
import { announced, directoryHarness, refusedClient } from '../testing/directoryHarness.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'

// What the directory asks the real server (packages/server) for, and what it does with answers
// that arrive late or lack fields.

let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer({ directorySize: 20 })
})
afterAll(async () => {
  await server?.close()
})

const setup = (options: Parameters<typeof directoryHarness>[1] = {}) =>
  directoryHarness(server.url, options)
const ids = (wallets: readonly { id: string }[]) => wallets.map((w) => w.id)
/** Lets every settled answer's continuations run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('requests', () => {
  it('featured asks for exactly its ids, with the project filters', async () => {
    const { directory, requests } = setup({
      featuredWalletIds: ['rainbow', 'zerion'],
      excludeWalletIds: ['trust'],
      chains: ['eip155:1'],
    })
    await directory.fetchInitial()
    expect(requests).toContainEqual(
      expect.objectContaining({
        page: 1,
        entries: 2,
        include: ['rainbow', 'zerion'],
        exclude: ['trust'],
        chains: ['eip155:1'],
      }),
    )
  })

  it('the rank prefetch asks for certified wallets only', async () => {
    const { directory, requests } = setup()
    await directory.fetchInitial()
    expect(requests).toContainEqual(
      expect.objectContaining({
        page: 1,
        entries: CERTIFIED_PREFETCH_COUNT,
        badge_type: 'certified',
      }),
    )
  })

  it('an installed wallet already looked up is not asked for again', async () => {
    const { connectors, clock, requests } = setup()
    connectors.setState({ list: [announced('a', 'io.a')] })
    clock.advance(0)
    await settle()
    connectors.setState({ list: [announced('a', 'io.a'), announced('b', 'io.b')] })
    clock.advance(0)
    await expect.poll(() => requests.length).toBe(2)
    expect(requests.map((r) => r?.rdns)).toEqual([['io.a'], ['io.b']])
  })
})

describe('answers', () => {
  it('a wallet the service gives no image is listed by name, without an image', async () => {
    const api = realClient(server.url)
    const getWallets = api.getWallets.bind(api)
    api.getWallets = async (params) => {
      const answer = await getWallets(params)
      return { ...answer, data: answer.data.map((w) => ({ ...w, image_id: null })) }
    }
    const { directory, store } = setup({ api, featuredWalletIds: ['rainbow'] })
    await directory.fetchInitial()
    const [rainbow] = store.getState().featured
    expect(rainbow).toMatchObject({ id: 'rainbow', name: 'Rainbow', installed: false })
    expect(rainbow?.imageUrl).toBeUndefined()
  })

  it('connectors announcing before recommended loads leave recommended empty until it does', () => {
    const { connectors, store, directory } = setup()
    connectors.setState({ list: [announced('a', 'io.a')] })
    expect(store.getState().recommended).toEqual([])
    directory.destroy()
  })

  it('featured in but recommended failed: the next open shows loading again', async () => {
    const api = realClient(server.url)
    const working = api.getWallets.bind(api)
    const down = refusedClient().getWallets
    let online = false
    api.getWallets = (params) => (online ? working(params) : down(params))
    const { directory, store } = setup({ api })
    await directory.fetchInitial()
    expect(store.getState().recommended).toEqual([])
    online = true
    const again = directory.fetchInitial()
    expect(store.getState().loadingInitial).toBe(true)
    await again
    expect(store.getState()).toMatchObject({ loadingInitial: false, error: undefined })
    expect(store.getState().recommended.length).toBeGreaterThan(0)
  })

  it('the answer for an older search is dropped when it comes after a newer query', async () => {
    const { directory, store, clock, answers } = setup()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    directory.setSearch('rabby')
    await answers[0]
    await settle()
    expect(store.getState().search).toEqual({ query: 'rabby', results: [], loading: true })
    clock.advance(SEARCH_DEBOUNCE_MS)
    await expect.poll(() => store.getState().search.loading).toBe(false)
    expect(ids(store.getState().search.results)).toEqual(['rabby'])
  })

  it('search, clear, search again: the first answer is still dropped', async () => {
    const { directory, store, clock, answers } = setup()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    directory.resetSearch()
    directory.setSearch('rabby')
    await answers[0]
    await settle()
    expect(store.getState().search).toEqual({ query: 'rabby', results: [], loading: true })
  })
  it('a search answered after destroy changes nothing', async () => {
    const { directory, store, clock, answers } = setup()
    directory.setSearch('rain')
    clock.advance(SEARCH_DEBOUNCE_MS)
    directory.destroy()
    await answers[0]
    await settle()
    expect(store.getState().search).toEqual({ query: 'rain', results: [], loading: true })
  })
})
