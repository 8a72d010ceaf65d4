// Analytics end to end (README "Analytics"): a visitor's session in Chromium reaches the
// collector as beacons, the project's figures (GET /v1/analytics/summary) count it, and the
// dashboard (apps/dashboard, built and served here) shows it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { build, type PreviewServer, preview } from 'vite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
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

const dashboardRoot = fileURLToPath(new URL('../apps/dashboard', import.meta.url))
let dashboard: PreviewServer | undefined
let dashboardOut: string | undefined

/** The dashboard built against this stack's services, served by `vite preview` */
async function serveDashboard() {
  dashboardOut = mkdtempSync(join(tmpdir(), 'latchkey-dashboard-'))
  const port = await findFreePort()
  const config = {
    root: dashboardRoot,
    configFile: `${dashboardRoot}/vite.config.ts`,
    logLevel: 'warn' as const,
    define: { 'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl) },
    build: { outDir: dashboardOut, emptyOutDir: true },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  }
  await build(config)
  dashboard = await preview(config)
  return `http://127.0.0.1:${port}/`
}

/** The rows of the table under a section's heading, as cell texts */
function tableRows(page: Page, heading: string) {
  return page
    .locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
    )
}

describe('analytics in a real browser', () => {
  let dashboardUrl: Promise<string>
  beforeAll(() => {
    // Built while the visitor's session runs; awaited where the dashboard is opened.
    dashboardUrl = serveDashboard()
    dashboardUrl.catch(() => {})
  })
  afterAll(async () => {
    await dashboard?.close()
    if (dashboardOut) rmSync(dashboardOut, { recursive: true, force: true })
  })

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

    // The project owner's dashboard shows the same session: its funnel and its wallet share.
    const today = started.toISOString().slice(0, 10)
    const query = new URLSearchParams({ from: today, to: today, since: started.toISOString() })
    const credentials = new URLSearchParams({ project: PROJECT, token: E2E_ADMIN_TOKEN })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${await dashboardUrl}?${query}#${credentials}`)
    await expect
      .poll(() => tableRows(page, 'Funnel'))
      .toEqual([
        ['Opened the modal', '2', '100%'],
        ['Selected a wallet', '1', '50%'],
        ['Connected', '1', '50%'],
        ['Signed in', '0', '0%'],
      ])
    expect(await tableRows(page, 'Connections by wallet')).toEqual([
      ['Headless Web3 Provider', '1'],
    ])
    expect(await tableRows(page, 'Connections by method')).toEqual([['injected', '1']])
    // The token left the address at once (it is in this tab's session storage only).
    expect(new URL(page.url()).hash).toBe('')
    await expect(page.getByRole('img', { name: 'Funnel' }).count()).resolves.toBe(1)
    await screenshot(page, 'dashboard')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'dashboard-dark')
  })
})
