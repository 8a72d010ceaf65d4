import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { ApiError } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { CaipAddress } from '../caip.ts'
import { localChainA } from '../networks.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'
import { createPortfolioController } from './portfolio.ts'
import { initialPortfolioState, type PortfolioState } from './portfolioState.ts'

// Against the colleague's real server, started without any chain: the data API has no node to
// read, so the balance and history calls fail with a real HTTP status.

const ADDRESS = '0x1111111111111111111111111111111111111111'
let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer({ chains: [] })
})
afterAll(async () => {
  await server?.close()
})

describe('portfolio against the real server (no chains configured)', () => {
  it('identity answers in shape', async () => {
    const identity = await realClient(server.url).getIdentity(ADDRESS, ADDRESS)
    expect(identity).toHaveProperty('name')
    expect(identity).toHaveProperty('avatar')
  })

  it('prices tokens by CAIP-10 id through POST /v1/fungible/price', async () => {
    // The price table needs no node: a chain that is configured (and not running) is enough.
    const server31337 = await startRealServer({
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    })
    try {
      const native = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
      const prices = await realClient(server31337.url).getTokenPrices([native])
      expect(prices).toEqual([{ address: native, price: expect.any(Number), symbol: 'ETH' }])
      expect(prices[0]?.price).toBeGreaterThan(0)
      const refused = await realClient(server31337.url)
        .getTokenPrices(['not-an-id'])
        .catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ApiError)
      expect((refused as ApiError).status).toBe(400)
    } finally {
      await server31337.close()
    }
  })

  it('an unknown chain is an ApiError with HTTP status code: N', async () => {
    const error = await realClient(server.url)
      .getBalances(ADDRESS, 'eip155:31337')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toMatch(/^HTTP status code: \d{3}$/)
  })

  it('the controller shows Token Balance Unavailable and empty history, with toasts', async () => {
    const account = createStore<AccountState>(() => ({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
      namespace: 'eip155',
      balanceLoading: false,
    }))
    const chain = createStore<ChainState>(() => ({
      networks: [localChainA],
      activeCaipNetwork: localChainA,
      activeNamespace: 'eip155',
      unsupported: false,
    }))
    const store = createStore<PortfolioState>(initialPortfolioState)
    const toast = { showError: vi.fn() }
    const portfolio = createPortfolioController({
      api: realClient(server.url),
      store,
      account,
      chain,
      toast,
    })
    await portfolio.refresh()
    expect(store.getState()).toMatchObject({
      balancesError: 'Token Balance Unavailable',
      transactions: [],
      next: null,
    })
    expect(toast.showError).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(toast.showError).toHaveBeenCalledWith('Failed to fetch transactions')
  })
})
