// The portfolio against a data API that cannot be reached: real connection failures (§8, §9).
import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../api/apiClient.ts'
import { ErrorText } from '../errors.ts'
import { createToastController } from '../router/toast.ts'
import { entry, portfolioStores } from '../testing/portfolioSetup.ts'
import { createPortfolioController } from './portfolio.ts'

describe('portfolio controller against a refused port (real connection failures, §8)', () => {
  function refused() {
    const api = createApiClient({
      apiUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      sdkType: 'a',
      sdkVersion: 'v',
    })
    const toast = createToastController()
    const showError = vi.spyOn(toast, 'showError')
    let now = 0
    const s = portfolioStores()
    const portfolio = createPortfolioController({ api, ...s, toast, now: () => now })
    return {
      api,
      toast,
      showError,
      portfolio,
      ...s,
      setNow: (ms: number) => {
        now = ms
      },
    }
  }

  it('toasts Token Balance Unavailable and Failed to fetch transactions; history is empty', async () => {
    const { portfolio, store, showError, toast } = refused()
    store.setState({ transactions: [entry('0xold')], next: 'c' })
    await portfolio.refresh()
    expect(showError).toHaveBeenCalledWith(ErrorText.tokenBalanceUnavailable)
    expect(showError).toHaveBeenCalledWith(ErrorText.failedToFetchTransactions)
    expect(store.getState()).toMatchObject({
      balancesError: 'Token Balance Unavailable',
      balancesLoading: false,
      transactions: [],
      transactionsLoading: false,
      next: null,
      tokens: [],
    })
    // The second error replaces the first 150 ms after it closes (§4).
    await vi.waitFor(() => {
      expect(toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    })
    expect([ErrorText.tokenBalanceUnavailable, ErrorText.failedToFetchTransactions]).toContain(
      toast.store.getState().message,
    )
    toast.hide()
  })

  it('retries a failed balance at most once per 30 s (§9)', async () => {
    const { api, portfolio, setNow, toast } = refused()
    const getBalances = vi.spyOn(api, 'getBalances')
    await portfolio.refresh()
    expect(getBalances).toHaveBeenCalledTimes(1)
    setNow(29_999)
    await portfolio.refresh({ force: true })
    expect(getBalances).toHaveBeenCalledTimes(1)
    setNow(30_000)
    await portfolio.refresh()
    expect(getBalances).toHaveBeenCalledTimes(2)
    toast.hide()
  })
})
