import type { StoreApi } from 'zustand/vanilla'
import { isSameAddress } from '../address.ts'
import type { ApiClient, HistoryPage, TokenBalance, TokenPrice, Transaction } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { CaipAddress, CaipNetworkId } from '../caip.ts'
import { ErrorText } from '../errors.ts'
import { floorDecimalString } from '../format.ts'
import type { ToastController } from '../router/toast.ts'
import { cacheKeys, canRetryBalance, createTtlCache, type TtlCache } from './cache.ts'
import { dropSpamTransactions, dropZeroDecimalTokens } from './portfolioFilters.ts'
import { initialPortfolioState, type PortfolioState } from './portfolioState.ts'
import { nativeTokenOf, tokenOf, totalValueOf } from './portfolioTokens.ts'
import { priceIdOf, withPrices } from './tokenPrices.ts'

// Token balances, activity and identity of the connected account (§3, §5, §8, §9). Loaded
// lazily from appkit.ts, like the directory: nothing here is in the first load.

export interface PortfolioContext {
  api: Pick<ApiClient, 'getBalances' | 'getHistory' | 'getIdentity' | 'getTokenPrices'>
  store: StoreApi<PortfolioState>
  account: StoreApi<AccountState>
  chain: StoreApi<ChainState>
  toast: Pick<ToastController, 'showError'>
  now?: () => number
  cache?: TtlCache
  log?: (message: string, detail?: unknown) => void
  /**
   * Reads the native balance from the wallet's chain when the data API has no answer for the
   * account (failed, or a network it does not serve); sets `account.balance` itself.
   */
  readNativeBalance?: (opts: { force: boolean }) => Promise<void>
  /** AppKit's `tokens`: the token whose balance the account shows, per CAIP-2 network id */
  tokens?: Record<string, { address: string; image?: string }>
}

interface Target {
  address: string
  chainId: CaipNetworkId
  caipAddress: CaipAddress
}

export function createPortfolioController(ctx: PortfolioContext) {
  const { api, store, account, chain, toast } = ctx
  const now = ctx.now ?? (() => Date.now())
  const cache = ctx.cache ?? createTtlCache({ now })
  const log = ctx.log ?? (() => {})
  /** §9 When the last balance call for an account failed: retried at most once per 30 s. */
  const balanceFailedAt = new Map<CaipAddress, number>()

  /** The connected account on the active network; undefined when there is none. */
  function target(): Target | undefined {
    const state = account.getState()
    if (state.status !== 'connected' || !state.address || !state.namespace) return undefined
    const { unsupported, activeCaipNetwork } = chain.getState()
    const chainId = activeCaipNetwork.caipNetworkId
    // On an unsupported network the account's own CAIP address names where the wallet is.
    const caipAddress =
      unsupported && state.caipAddress
        ? state.caipAddress
        : (`${chainId}:${state.address}` as CaipAddress)
    return { address: state.address, chainId, caipAddress }
  }

  const isCurrent = (t: Target) => target()?.caipAddress === t.caipAddress

  /**
   * Switching account or network starts from empty data, never another account's; the
   * account's own pending sends stay, each waiting for its network's history.
   */
  function claim(t: Target) {
    if (store.getState().caipAddress !== t.caipAddress) {
      const pending = store
        .getState()
        .pending.filter((p) => isSameAddress(t.chainId, p.metadata.sentFrom, t.address))
      store.setState({ ...initialPortfolioState(), caipAddress: t.caipAddress, pending }, true)
    }
    if (account.getState().balance?.caipAddress !== t.caipAddress) {
      account.setState({ balance: undefined, balanceError: undefined })
    }
  }

  /**
   * The tokens, and the account's native balance from the same answer: the header, the account
   * button and the token list never disagree (README "Balances").
   */
  function setTokens(t: Target, tokens: TokenBalance[]) {
    store.setState({ tokens, totalValue: totalValueOf(tokens), balancesError: undefined })
    const wanted = ctx.tokens?.[t.chainId]?.address
    const headline =
      (typeof wanted === 'string' && tokenOf(tokens, t.chainId, wanted)) ||
      nativeTokenOf(tokens, t.chainId)
    if (!headline) return
    const formatted = floorDecimalString(headline.quantity.numeric)
    const shown = account.getState().balance
    if (
      shown?.caipAddress === t.caipAddress &&
      shown.formatted === formatted &&
      shown.symbol === headline.symbol
    ) {
      return
    }
    account.setState({
      balance: { formatted, symbol: headline.symbol, caipAddress: t.caipAddress, fetchedAt: now() },
      balanceError: undefined,
    })
  }

  async function nativeFromChain(t: Target, force: boolean) {
    if (!ctx.readNativeBalance || !isCurrent(t)) return
    await ctx.readNativeBalance({ force }).catch((error) => log('native balance failed', error))
  }

  function failBalances() {
    store.setState({ tokens: [], totalValue: 0, balancesError: ErrorText.tokenBalanceUnavailable })
    toast.showError(ErrorText.tokenBalanceUnavailable)
  }

  /** The ids priced for these tokens, and the cache key of that list. */
  function priceQuery(tokens: readonly TokenBalance[]) {
    const ids = [...new Set(tokens.flatMap((token) => priceIdOf(token) ?? []))].sort()
    return { ids, key: cacheKeys.tokenPrice(ids) }
  }

  /**
   * §9 Prices live 15 s, balances 30 s: tokens from the balance cache get their prices again
   * from POST /v1/fungible/price once those are older than 15 s. Failing, the old ones stay.
   */
  async function refreshPrices(t: Target, tokens: TokenBalance[]) {
    const { ids, key } = priceQuery(tokens)
    if (ids.length === 0) return
    let prices = cache.get<TokenPrice[]>('tokenPrice', key)
    if (!prices) {
      try {
        prices = await api.getTokenPrices(ids)
        cache.set('tokenPrice', key, prices)
      } catch (error) {
        log('token prices failed', error)
        return
      }
    }
    const priced = withPrices(tokens, prices)
    cache.set('portfolio', cacheKeys.portfolio(t.caipAddress), priced, priceTimestamp(t))
    if (isCurrent(t)) setTokens(t, priced)
  }

  /** Re-priced tokens keep their balance's age: repricing must not extend the 30 s cache. */
  const balanceFetchedAt = new Map<CaipAddress, number>()
  const priceTimestamp = (t: Target) => balanceFetchedAt.get(t.caipAddress) ?? now()

  /** A fresh balance answer carries fresh prices: they count as the 15 s price entry. */
  function seedPrices(tokens: readonly TokenBalance[]) {
    const { ids, key } = priceQuery(tokens)
    const prices: TokenPrice[] = tokens.flatMap((token) => {
      const address = priceIdOf(token)
      return address ? [{ address, price: token.price, symbol: token.symbol }] : []
    })
    if (ids.length > 0) cache.set('tokenPrice', key, prices)
  }

  async function refreshBalances(t: Target, force: boolean) {
    const key = cacheKeys.portfolio(t.caipAddress)
    const cached = force ? undefined : cache.get<TokenBalance[]>('portfolio', key)
    if (cached) {
      setTokens(t, cached)
      await refreshPrices(t, cached)
      return
    }
    const failedAt = balanceFailedAt.get(t.caipAddress)
    if (!canRetryBalance(failedAt, now())) {
      await nativeFromChain(t, force)
      return
    }
    store.setState({ balancesLoading: true })
    let failed = false
    try {
      // The 30 s cache and the retry rule are kept here; when they let a request through, the
      // service reads the chain rather than answer from its own cache (a send made outside the
      // modal would otherwise show up to 30 s late).
      const tokens = dropZeroDecimalTokens(
        await api.getBalances(t.address, t.chainId, { forceUpdate: true }),
      )
      balanceFailedAt.delete(t.caipAddress)
      cache.set('portfolio', key, tokens)
      balanceFetchedAt.set(t.caipAddress, now())
      seedPrices(tokens)
      if (isCurrent(t)) setTokens(t, tokens)
    } catch (error) {
      log('token balances failed', error)
      failed = true
      balanceFailedAt.set(t.caipAddress, now())
      if (isCurrent(t)) failBalances()
    } finally {
      if (isCurrent(t)) store.setState({ balancesLoading: false })
    }
    if (failed) await nativeFromChain(t, force)
  }

  /** The history, after the sends it does not list yet; a send it lists is no longer pending. */
  function withPending(history: Transaction[], chainId: string): Transaction[] {
    const listed = new Set(history.map((t) => t.metadata.hash))
    const pending = store.getState().pending.filter((t) => !listed.has(t.metadata.hash))
    store.setState({ pending })
    return [...pending.filter((t) => t.metadata.chain === chainId), ...history]
  }

  async function refreshHistory(t: Target, force: boolean) {
    const key = cacheKeys.transactions(t.address, t.chainId)
    const cached = force ? undefined : cache.get<HistoryPage>('transactions', key)
    if (cached) {
      store.setState({ transactions: withPending(cached.data, t.chainId), next: cached.next })
      return
    }
    store.setState({ transactionsLoading: true })
    try {
      const page = await api.getHistory(t.address, t.chainId)
      const kept: HistoryPage = { data: dropSpamTransactions(page.data), next: page.next }
      cache.set('transactions', key, kept)
      if (isCurrent(t)) {
        store.setState({ transactions: withPending(kept.data, t.chainId), next: kept.next })
      }
    } catch (error) {
      log('transactions failed', error)
      // §8 'Failed to fetch transactions': error toast; history marked empty.
      if (isCurrent(t)) {
        store.setState({ transactions: [], next: null })
        toast.showError(ErrorText.failedToFetchTransactions)
      }
    } finally {
      if (isCurrent(t)) store.setState({ transactionsLoading: false })
    }
  }

  async function refreshIdentity(t: Target) {
    // The identity service names EVM addresses only (its `sender` is one too); claim() has
    // already cleared the name of the account shown before.
    if (!t.chainId.startsWith('eip155:')) return
    const key = cacheKeys.identity(t.address)
    const cached = cache.get<string | null>('identity', key)
    if (cached !== undefined) {
      store.setState({ profileName: cached ?? undefined })
      return
    }
    try {
      const identity = await api.getIdentity(t.address, t.address)
      cache.set('identity', key, identity.name)
      if (isCurrent(t)) store.setState({ profileName: identity.name ?? undefined })
    } catch (error) {
      // No name is shown; the address stays the account's label.
      log('identity failed', error)
    }
  }

  /**
   * Balances (cache 30 s), history (15 s) and identity (5 min) of the connected account on the
   * active network. `force` skips the balance and history caches (and asks the service for
   * fresh balances); a failed balance call is still retried at most once per 30 s (§9).
   */
  async function refresh({ force = false }: { force?: boolean } = {}): Promise<void> {
    const t = target()
    if (!t) {
      store.setState(initialPortfolioState(), true)
      return
    }
    claim(t)
    if (chain.getState().unsupported) {
      // §8 Unsupported network: 'Token Balance Unavailable', and no request. claim() emptied
      // the data: the wallet's own network is never one the account was shown on before.
      failBalances()
      return
    }
    await Promise.all([refreshBalances(t, force), refreshHistory(t, force), refreshIdentity(t)])
  }

  /** §4 A name registered: the account's profileName now, and the identity cache's (5 min) */
  function nameRegistered(address: string, name: string) {
    cache.set('identity', cacheKeys.identity(address), name)
    const t = target()
    if (t && t.address.toLowerCase() === address.toLowerCase())
      store.setState({ profileName: name })
  }

  return { refresh, cache, nameRegistered }
}

export type PortfolioController = ReturnType<typeof createPortfolioController>
