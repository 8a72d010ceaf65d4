import { TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject, onTestFailed } from 'vitest'
import { launchBrowser } from './browser'
import { boundWalletWaits, injectHeadlessWeb3Provider } from './wallet'

export interface DemoOptions {
  /** The chain the visitor's wallet starts on. */
  chainId?: number
  rpcUrl?: string
  /** Runs in the page before any of its scripts (e.g. to seed localStorage). */
  init?: () => void
  /** Which of the devnet's test accounts the visitor's wallet holds (default 0). */
  accountIndex?: number
  /** A key of the test's own for the visitor's wallet, in place of a devnet test account */
  privateKey?: `0x${string}`
  /** Another address for the demo (e.g. another origin). */
  url?: (demoUrl: string) => string
  /** A phone: iPhone user agent, touch, a 390 px wide viewport. */
  mobile?: boolean
  /** Runs with the page before it opens the demo (e.g. to inject another wallet). */
  beforeGoto?: (page: Page) => Promise<void>
  /** More of the browser context's options (locale, reducedMotion, viewport, deviceScaleFactor) */
  context?: BrowserContextOptions
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/**
 * One Chromium per test file, a fresh context per test, and the demo opened with
 * headless-web3-provider injected as the visitor's EIP-6963 wallet.
 */
export function useDemo() {
  const demoUrl = inject('demoUrl')
  const rpcA = inject('rpcA')
  let browser: Browser
  let context: BrowserContext | undefined

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  return async function openDemo({
    chainId = 31337,
    rpcUrl = rpcA,
    init,
    accountIndex = 0,
    privateKey,
    url = (demo) => demo,
    mobile = false,
    beforeGoto,
    context: contextOptions,
  }: DemoOptions = {}) {
    context = await browser.newContext({
      ...(mobile
        ? {
            viewport: { width: 390, height: 844 },
            userAgent: IPHONE_UA,
            isMobile: true,
            hasTouch: true,
          }
        : { viewport: { width: 1100, height: 760 } }),
      // The flows run without motion: a centred dialog that grows moves its buttons, and a click
      // aimed at one while it moves can miss on a loaded machine (CI missed the onramp's hosted
      // button so). looks.test.ts and a11y.motion.test.ts test the motion itself.
      reducedMotion: 'reduce',
      ...contextOptions,
    })
    const page: Page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    /** What the page wrote to the console as warnings. */
    const warnings: string[] = []
    /** Everything the page logged (the demo runs with debug logs): printed when the test fails. */
    const consoleLines: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
      consoleLines.push(`${message.type()}: ${message.text()}`)
    })
    onTestFailed(() => {
      console.log(`the page's console before the failure:\n${consoleLines.join('\n')}`)
    })
    if (init) await page.addInitScript(init)
    const wallet = await injectHeadlessWeb3Provider(
      page,
      [privateKey ?? TEST_ACCOUNTS[accountIndex]?.privateKey ?? TEST_ACCOUNTS[0].privateKey],
      chainId,
      rpcUrl,
    ).then(boundWalletWaits)
    await beforeGoto?.(page)
    await page.goto(url(demoUrl))
    return { page, wallet, errors, warnings }
  }
}
