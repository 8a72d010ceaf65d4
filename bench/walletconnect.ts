// Click "WalletConnect" → the pairing URI is on screen (the QR code's data): loads the sign
// client chunk, opens the relay socket and publishes the proposal. Against our relay.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchBrowser } from '@latchkey/e2e/browser'
import { startServer } from '@latchkey/server'
import { APPS, buildApp, serveBuild } from './build'
import { markdownTable } from './table'
import { median } from './timing'

const APP = 'minimal-walletconnect'
const PROJECT_ID = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

/**
 * In the page: clicks the WalletConnect entry and resolves with the ms until the pairing URI is
 * in the modal's shadow DOM. A string, so the bundler's helpers do not leak into the page.
 */
const CLICK_TO_URI = `new Promise((resolve, reject) => {
  const root = document.querySelector('[data-latchkey-modal]')?.shadowRoot
  const button = root?.querySelector('[data-wallet-id="walletConnect"]')
  if (!root || !button) return reject(new Error('no WalletConnect entry'))
  const started = performance.now()
  const timer = setTimeout(() => {
    observer.disconnect()
    reject(new Error('no pairing URI within 30 s (is the page origin allowed for the project?)'))
  }, 30000)
  const observer = new MutationObserver(() => {
    if (!root.querySelector('[data-testid="wc-pairing"][data-uri^="wc:"]')) return
    observer.disconnect()
    clearTimeout(timer)
    resolve(performance.now() - started)
  })
  observer.observe(root, { subtree: true, childList: true, attributes: true })
  button.click()
})`

export interface WalletConnectBenchResult {
  runs: number[]
  medianMs: number
}

export async function runWalletConnectBench(opts: {
  outDir: string
  runs: number
}): Promise<WalletConnectBenchResult> {
  const app = APPS.find((a) => a.name === APP)
  if (!app) throw new Error(`bench app ${APP} missing`)
  await buildApp(app, opts.outDir)
  const served = await serveBuild(app.root, opts.outDir)
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-wc-'))
  try {
    // The relay lets in only pages of the project's origins: this run's preview port is one.
    const server = await startServer({
      port: 0,
      // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
      mode: 'development',
      databaseUrl: null,
      dataDir,
      logLevel: 'silent',
      allowedOrigins: [new URL(served.url).origin],
    })
    try {
      const browser = await launchBrowser()
      try {
        const query = new URLSearchParams({
          relay: server.relayUrl,
          projectId: PROJECT_ID,
          api: server.url,
        })
        const runs: number[] = []
        for (let i = 0; i < opts.runs; i++) {
          const context = await browser.newContext()
          const page = await context.newPage()
          await page.goto(`${served.url}?${query}`, { waitUntil: 'networkidle' })
          await page.getByTestId('connect-button').click()
          await page.locator('[data-wallet-id="walletConnect"]').waitFor()
          runs.push((await page.evaluate(CLICK_TO_URI)) as number)
          await context.close()
        }
        return { runs, medianMs: median(runs) }
      } finally {
        await browser.close()
      }
    } finally {
      await server.close()
    }
  } finally {
    await served.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function walletConnectTable(result: WalletConnectBenchResult): string {
  return markdownTable(
    ['step', `median ms (of ${result.runs.length})`, 'runs ms'],
    [
      [
        'click "WalletConnect" → pairing URI shown (cold: sign client chunk + relay)',
        result.medianMs.toFixed(1),
        result.runs.map((r) => r.toFixed(1)).join(', '),
      ],
    ],
  )
}
