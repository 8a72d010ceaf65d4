// Test support only: nothing in the library imports this module.
import { createStore } from 'zustand/vanilla'
import type { ApiClient, HistoryPage, TokenBalance, TokenPrice, Transaction } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { CaipAddress } from '../caip.ts'
import { localChainA, localChainB } from '../networks.ts'
import { createPortfolioController, type PortfolioContext } from '../portfolio/portfolio.ts'
import { initialPortfolioState, type PortfolioState } from '../portfolio/portfolioState.ts'
import { createToastController } from '../router/toast.ts'
import { manualClock } from './realServer.ts'

export const ALICE = '0x1111111111111111111111111111111111111111'
export const BOB = '0x2222222222222222222222222222222222222222'

export function coin(numeric: string, chainId: string = localChainA.caipNetworkId): TokenBalance {
  return {
    name: 'Ether',
    symbol: 'ETH',
    chainId,
    value: Number(numeric) * 2,
    price: 2,
    quantity: { decimals: '18', numeric },
    iconUrl: '',
  }
}

export function entry(hash: string, chain: string = localChainA.caipNetworkId): Transaction {
  return {
    id: hash,
    metadata: {
      minedAt: '2026-01-01T00:00:00Z',
      chain,
      hash,
      sentFrom: ALICE,
      sentTo: BOB,
      status: 'confirmed',
      operationType: 'send',
    },
    transfers: [],
  }
}

type Answer<T> = T | Error | Promise<T>
const answer = async <T>(a: Answer<T>): Promise<T> => {
  if (a instanceof Error) throw a
  return a
}

/**
 * The data API's answers as the test sets them (the server's own are checked in
 * portfolio.server.test.ts); every request is recorded.
 */
export function scriptedApi() {
  const calls: { method: string; args: unknown[] }[] = []
  const answers = {
    balances: [coin('1')] as Answer<TokenBalance[]>,
    history: { data: [], next: null } as Answer<HistoryPage>,
    identity: { name: 'alice', avatar: null } as Answer<{ name: string | null; avatar: null }>,
    prices: [] as Answer<TokenPrice[]>,
  }
  const api: PortfolioContext['api'] = {
    getBalances: (...args: Parameters<ApiClient['getBalances']>) => {
      calls.push({ method: 'getBalances', args })
      return answer(answers.balances)
    },
    getHistory: (...args: Parameters<ApiClient['getHistory']>) => {
      calls.push({ method: 'getHistory', args })
      return answer(answers.history)
    },
    getIdentity: (...args: Parameters<ApiClient['getIdentity']>) => {
      calls.push({ method: 'getIdentity', args })
      return answer(answers.identity)
    },
    getTokenPrices: (...args: Parameters<ApiClient['getTokenPrices']>) => {
      calls.push({ method: 'getTokenPrices', args })
      return answer(answers.prices)
    },
  }
  const count = (method: string) => calls.filter((c) => c.method === method).length
  return { api, answers, calls, count }
}

/** An answer the test gives later. */
export function later<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: Error) => void = () => {}
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Alice connected on local chain A (or on a network the app does not support), no portfolio yet */
export function portfolioStores(overrides: { unsupported?: boolean } = {}) {
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address: ALICE,
    caipAddress: `${localChainA.caipNetworkId}:${ALICE}` as CaipAddress,
    namespace: 'eip155',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [localChainA, localChainB],
    activeCaipNetwork: localChainA,
    activeNamespace: 'eip155',
    unsupported: overrides.unsupported ?? false,
  }))
  const store = createStore<PortfolioState>(initialPortfolioState)
  return { account, chain, store }
}

export function setupPortfolio(
  options: Partial<Pick<PortfolioContext, 'readNativeBalance' | 'tokens'>> = {},
) {
  const { account, chain, store } = portfolioStores()
  const { api, answers, calls, count } = scriptedApi()
  const toasts = createToastController(manualClock())
  const shownErrors: string[] = []
  const toast = {
    showError(message: string) {
      shownErrors.push(message)
      toasts.showError(message)
    },
  }
  const logs: string[] = []
  let now = 0
  const portfolio = createPortfolioController({
    api,
    store,
    account,
    chain,
    toast,
    now: () => now,
    log: (message) => logs.push(message),
    ...options,
  })
  return {
    portfolio,
    store,
    account,
    chain,
    answers,
    calls,
    count,
    shownErrors,
    logs,
    setNow: (ms: number) => {
      now = ms
    },
    /** Another account of the wallet becomes the connected one. */
    switchTo(address: string) {
      const network = chain.getState().activeCaipNetwork.caipNetworkId
      account.setState({ address, caipAddress: `${network}:${address}` as CaipAddress })
    },
  }
}
