// Client search: in headless Chromium, the demo (built against a bench server with a
// 10,000-wallet directory) from the last keystroke in AllWallets' search field to the first
// animation frame that shows only matching rows.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SEARCH_DEBOUNCE_MS } from '@latchkey/core/internal'
import { launchBrowser } from '@latchkey/e2e/browser'
import { REAL_WALLETS, type RunningServer, startServer } from '@latchkey/server'
import type { Browser } from 'playwright-core'
import { APPS, type BenchApp, buildApp, type Served, serveBuild } from './build'
import { closeAll } from './close'
import { DIRECTORY_SIZE } from './directory'
import { markdownTable } from './table'
import { median } from './timing'

export const SEARCH_QUERY = 'rain'
export { SEARCH_DEBOUNCE_MS }

/** `performance.now()` marks recorded inside the page. */
interface SearchMarks {
  /** The query whose last keystroke starts the watch. */
  query: string | null
  /** The latest `input` event on the search field. */
  input: number | null
  /** First animation frame after the final `input` with only matching rows (at least one). */
  done: number | null
  rows: number
}

declare global {
  interface Window {
    __latchkeySearchBench?: SearchMarks
  }
}

export interface ClientSearchResult {
  query: string
  walletCount: number
  /** §2: the modal searches this long after the last keystroke; included in the timings. */
  debounceMs: number
  medianMs: number
  afterDebounceMedianMs: number
  runs: { ms: number; afterDebounceMs: number; rows: number }[]
}

/**
 * Runs in the page before the app: a capture listener on the document sees the search field's
 * `input` events (composed, so they leave the modal's open shadow root); once the field holds
 * the whole query, a requestAnimationFrame loop waits for a frame whose list rows all match.
 * Self-contained: Playwright serialises it into the page.
 */
function installSearchBench() {
  const marks: SearchMarks = { query: null, input: null, done: null, rows: 0 }
  window.__latchkeySearchBench = marks
  document.addEventListener(
    'input',
    (event) => {
      const field = event.composedPath()[0]
      if (!(field instanceof HTMLInputElement) || field.dataset.testid !== 'wallet-search') return
      const startedAt = performance.now()
      marks.input = startedAt
      marks.done = null
      if (marks.query === null || field.value !== marks.query) return
      const expected = marks.query.toLowerCase()
      const root = field.getRootNode() as Document | ShadowRoot
      const watch = () => {
        if (marks.input !== startedAt) return
        const rows = [...root.querySelectorAll('[data-testid="all-wallets-list"] li')]
        const matching = rows.filter((row) =>
          row.querySelector('.lk-item-name')?.textContent?.toLowerCase().includes(expected),
        )
        if (rows.length > 0 && matching.length === rows.length) {
          marks.done = performance.now()
          marks.rows = rows.length
        } else {
          requestAnimationFrame(watch)
        }
      }
      requestAnimationFrame(watch)
    },
    { capture: true },
  )
}

/** See timing.ts: tsx's keepNames needs a `__name` in the page. */
const INIT_SCRIPT = `(() => {
  const __name = (target) => target;
  (${installSearchBench.toString()})();
})()`

/** One fresh context: load, open the modal, AllWallets, type the query, read the marks. */
async function searchOnce(browser: Browser, url: string, query: string) {
  const context = await browser.newContext()
  try {
    await context.addInitScript({ content: INIT_SCRIPT })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    const fail = (what: string, cause: unknown) =>
      new Error(
        `${url}: ${what}${pageErrors.length > 0 ? `; page errors: ${pageErrors.join(' | ')}` : ''}`,
        { cause },
      )
    try {
      await page.goto(url, { waitUntil: 'load' })
      await page.click('[data-testid="connect-button"]')
      await page.click('[data-testid="all-wallets"]')
      await page.waitForSelector('[data-view="AllWallets"]')
      await page.waitForSelector('[data-testid="all-wallets-list"] li')
    } catch (error) {
      throw fail('the AllWallets list never appeared', error)
    }
    await page.waitForLoadState('networkidle')
    await page.evaluate((q) => {
      if (window.__latchkeySearchBench) window.__latchkeySearchBench.query = q
    }, query)
    await page.click('[data-testid="wallet-search"]')
    await page.keyboard.type(query, { delay: 30 })
    try {
      await page.waitForFunction(() => window.__latchkeySearchBench?.done != null, undefined, {
        timeout: 10_000,
      })
    } catch (error) {
      throw fail(`no frame showed only rows matching '${query}'`, error)
    }
    const marks = await page.evaluate(() => window.__latchkeySearchBench)
    if (marks?.input == null || marks.done == null) {
      throw new Error(`${url}: incomplete marks ${JSON.stringify(marks)}`)
    }
    return { ms: marks.done - marks.input, rows: marks.rows }
  } finally {
    await context.close()
  }
}

const round = (value: number) => Math.round(value * 10) / 10

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      )
    })
  })
}

/** Builds `app` with VITE_API_URL set for the build only, and checks the URL made it in. */
async function buildWithApiUrl(app: BenchApp, outDir: string, apiUrl: string) {
  const previous = process.env.VITE_API_URL
  process.env.VITE_API_URL = apiUrl
  try {
    await buildApp(app, outDir)
  } finally {
    if (previous === undefined) Reflect.deleteProperty(process.env, 'VITE_API_URL')
    else process.env.VITE_API_URL = previous
  }
  const assets = join(outDir, 'assets')
  const inlined = existsSync(assets)
    ? readdirSync(assets).some(
        (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(apiUrl),
      )
    : false
  if (!inlined) throw new Error(`${outDir}: the build does not contain VITE_API_URL ${apiUrl}`)
}

/**
 * Starts a server with a 10,000-wallet directory that allows the preview's origin, builds the
 * demo against it into `outDir`, serves it and times `runs` searches, each in a fresh context.
 */
export async function benchClientSearch({
  outDir,
  runs,
  query = SEARCH_QUERY,
}: {
  outDir: string
  runs: number
  query?: string
}): Promise<ClientSearchResult> {
  const demo = APPS.find((app) => app.name === 'demo')
  if (!demo) throw new Error('bench/build.ts has no demo app')
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-search-'))
  let server: RunningServer | undefined
  let preview: Served | undefined
  let browser: Browser | undefined
  try {
    const previewPort = await freePort()
    server = await startServer({
      port: 0,
      // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
      mode: 'development',
      databaseUrl: null,
      dataDir,
      directorySize: DIRECTORY_SIZE,
      allowedOrigins: [`http://127.0.0.1:${previewPort}`],
      logLevel: 'silent',
    })
    await buildWithApiUrl(demo, outDir, server.url)
    preview = await serveBuild(demo.root, outDir, previewPort)
    browser = await launchBrowser()
    const results: ClientSearchResult['runs'] = []
    for (let i = 0; i < runs; i++) {
      const { ms, rows } = await searchOnce(browser, preview.url, query)
      results.push({ ms: round(ms), afterDebounceMs: round(ms - SEARCH_DEBOUNCE_MS), rows })
    }
    const medianMs = round(median(results.map((run) => run.ms)))
    return {
      query,
      walletCount: REAL_WALLETS.length + DIRECTORY_SIZE,
      debounceMs: SEARCH_DEBOUNCE_MS,
      medianMs,
      afterDebounceMedianMs: round(medianMs - SEARCH_DEBOUNCE_MS),
      runs: results,
    }
  } finally {
    await closeAll([
      () => browser?.close(),
      () => preview?.close(),
      () => server?.close(),
      () => rm(dataDir, { recursive: true, force: true }),
    ])
  }
}

const ms = (value: number) => value.toFixed(1)

export function searchTable(result: ClientSearchResult): string {
  const header = [
    'query',
    `last keystroke → matching rows ms (median of ${result.runs.length})`,
    `after the ${result.debounceMs} ms debounce`,
    'runs ms',
  ]
  const rows = [
    [
      `'${result.query}'`,
      ms(result.medianMs),
      ms(result.afterDebounceMedianMs),
      result.runs.map((run) => ms(run.ms)).join(', '),
    ],
  ]
  return markdownTable(header, rows)
}
