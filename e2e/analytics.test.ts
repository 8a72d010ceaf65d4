// Analytics end to end (README "Analytics"): a visitor's session in Chromium reaches the
// collector as beacons, and the project's figures (GET /v1/analytics/summary) count it.
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, view } from './browser'
import { useDemo } from './harness'
import { E2E_ADMIN_TOKEN } from './setup/stack'
import { approveConnection } from './wallet'

const apiUrl = inject('apiUrl')
const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

interface Summary {
  funnel: { opened: number; walletSelected: number; connected: number }
  connectionsByWallet: { wallet: string; count: number }[]
  connectionsByMethod: { method: string; count: number }[]
  counts: { pageLoads: number }
}

/** The figures of the events since `since`: other test files' late beacons count before it */
async function summary(since: Date): Promise<Summary> {
  const query = new URLSearchParams({ projectId: PROJECT, since: since.toISOString() })
  const response = await fetch(`${apiUrl}/v1/analytics/summary?${query}`, {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Summary
}

const countOf = (rows: { count: number }[], match: (row: never) => boolean) =>
  rows.find((row) => match(row as never))?.count ?? 0

const openDemo = useDemo()

describe('analytics in a real browser', () => {
  it("a visitor's session reaches the collector: the page load, the open, the wallet picked, the connection", async () => {
    const started = new Date()
    const { page, wallet } = await openDemo()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    // Leaving the page sends what is pending (pagehide), without waiting for the 10 s.
    await page.goto('about:blank')

    await expect
      .poll(async () => (await summary(started)).funnel.connected, { timeout: 20_000 })
      .toBe(1)
    const after = await summary(started)
    // Two opens: Connect, then Account (accountAfterConnect opens it again once connected)
    expect(after.funnel.opened).toBe(2)
    expect(after.funnel.walletSelected).toBe(1)
    expect(after.counts.pageLoads).toBe(1)
    const byName = (r: { wallet: string }) => r.wallet === 'Headless Web3 Provider'
    expect(countOf(after.connectionsByWallet, byName)).toBe(1)
    const injected = (r: { method: string }) => r.method === 'injected'
    expect(countOf(after.connectionsByMethod, injected)).toBe(1)
  })
})
