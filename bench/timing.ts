// In-page timings of a served app in headless Chromium: navigation → connect button, and
// click → the Connect view's wallet list.
import type { Browser } from 'playwright-core'

/** `performance.now()` marks recorded inside the page (ms since navigation start). */
export interface BenchMarks {
  button: number | null
  click: number | null
  list: number | null
}

declare global {
  interface Window {
    __latchkeyBench?: BenchMarks
  }
}

export interface TimingRun {
  /** Navigation start → the connect button is in the DOM. */
  buttonMs: number
  /** Click on the button → the first wallet row is in the modal's shadow DOM. */
  openToListMs: number
}

/**
 * Runs in every document before the app: announces a tiny EIP-1193 stub over EIP-6963 (so the
 * Connect view lists a wallet instead of "no wallets") and records the marks with
 * MutationObservers on the document and on the modal's open shadow root. Self-contained:
 * Playwright serialises it into the page.
 */
function installBenchScript() {
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'eth_accounts') return []
      throw Object.assign(new Error(`bench stub: ${method} is not supported`), { code: 4200 })
    },
    on: () => provider,
    removeListener: () => provider,
  }
  const detail = Object.freeze({
    info: {
      uuid: crypto.randomUUID(),
      name: 'Bench Wallet',
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      rdns: 'dev.latchkey.bench',
    },
    provider,
  })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  const marks: BenchMarks = { button: null, click: null, list: null }
  window.__latchkeyBench = marks
  let observedShadow: ShadowRoot | null = null

  const check = () => {
    const now = performance.now()
    if (marks.button === null && document.querySelector('[data-testid="connect-button"]')) {
      marks.button = now
    }
    const shadow = document.querySelector('div[data-latchkey-modal]')?.shadowRoot ?? null
    if (shadow && shadow !== observedShadow) {
      observedShadow = shadow
      new MutationObserver(check).observe(shadow, { childList: true, subtree: true })
    }
    if (marks.click !== null && marks.list === null && shadow?.querySelector('[data-wallet-id]')) {
      marks.list = now
    }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
  document.addEventListener(
    'click',
    () => {
      if (marks.click === null) marks.click = performance.now()
    },
    { capture: true },
  )
}

/**
 * The init script as source. tsx (esbuild's keepNames) wraps named functions in `__name(…)`
 * calls that only exist in Node, so the page gets a no-op `__name` of its own.
 */
export const INIT_SCRIPT = `(() => {
  const __name = (target) => target;
  (${installBenchScript.toString()})();
})()`

/** Settle time after `networkidle`, so the after-first-paint preloading has finished. */
export const IDLE_PAUSE_MS = 500

/** One cold load (fresh context: empty cache and storage) and one open of the modal. */
export async function measureOnce(browser: Browser, url: string): Promise<TimingRun> {
  const context = await browser.newContext()
  try {
    await context.addInitScript({ content: INIT_SCRIPT })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => window.__latchkeyBench?.button != null)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(IDLE_PAUSE_MS)
    await page.click('[data-testid="connect-button"]')
    try {
      await page.waitForFunction(() => window.__latchkeyBench?.list != null, undefined, {
        timeout: 10_000,
      })
    } catch (error) {
      const noWallets = await page.locator('[data-testid="no-wallets"]').count()
      const hint = noWallets > 0 ? ' (the Connect view shows no wallets: stub not discovered)' : ''
      const errors = pageErrors.length > 0 ? `; page errors: ${pageErrors.join(' | ')}` : ''
      throw new Error(`${url}: wallet list never appeared${hint}${errors}`, { cause: error })
    }
    const marks = await page.evaluate(() => window.__latchkeyBench)
    if (marks?.button == null || marks.click == null || marks.list == null) {
      throw new Error(`${url}: incomplete marks ${JSON.stringify(marks)}`)
    }
    return { buttonMs: marks.button, openToListMs: marks.list - marks.click }
  } finally {
    await context.close()
  }
}

export async function measureApp(browser: Browser, url: string, runs: number) {
  const results: TimingRun[] = []
  for (let i = 0; i < runs; i++) results.push(await measureOnce(browser, url))
  return results
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const upper = sorted[mid] as number
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2
}
