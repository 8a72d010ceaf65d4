import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url))

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true })
  await page.screenshot({ path: `${artifacts}${name}.png` })
}

/** The modal's view root; Playwright's CSS locators pierce the open shadow root. */
export function view(page: Page, name: string): Locator {
  return page.locator(`[data-view="${name}"]`)
}

/**
 * Once a wallet connects the modal closes, as AppKit's does (README "Decisions"); the account
 * button opens it again on Account.
 */
export async function accountAfterConnect(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('[role="dialog"]').waitFor({ state: 'detached', timeout })
  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
}

/** The page's SIWX access token for the account: the server lists sessions only with it. */
export function siwxAccessToken(page: Page, chainId: string, address: string) {
  type WithSiwx = {
    appKit: {
      core: {
        options: { siwx: { getAccessToken(chainId: string, address: string): Promise<string> } }
      }
    }
  }
  return page.evaluate(
    ([chain, account]) =>
      (window as unknown as WithSiwx).appKit.core.options.siwx.getAccessToken(chain, account),
    [chainId, address] as const,
  )
}
