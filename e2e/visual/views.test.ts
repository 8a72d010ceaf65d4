import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createTestClient, http, keccak256, parseEther, toBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, view } from '../browser'
import { useDemo } from '../harness'
import { approveConnection } from '../wallet'
import { checkScreenshot, describeComparison } from './compare'

// The visual-regression suite (README "Looks"): the modal's views in both themes, left to right
// (English) and right to left (Arabic), each compared with its committed baseline. Reduced
// motion, so every picture is of a view at rest. `npm run test:visual:update` rewrites the
// baselines after an intended change; the README's gallery shows them.

const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url))
const FAILURES = fileURLToPath(new URL('../artifacts/visual/', import.meta.url))
const UPDATE = process.env.VISUAL_UPDATE === '1'
/**
 * The visitor's key, of this test alone (every devnet test account is spent from by some other
 * test, which CI runs beside this one): its balance is set to 10000 ETH before each picture run,
 * and it never holds tokens or has activity, so Account and Send look the same every time.
 */
const VISUAL_KEY = keccak256(toBytes('latchkey visual regression'))
const VISUAL_ADDRESS = privateKeyToAccount(VISUAL_KEY).address
const anvil = createTestClient({ mode: 'anvil', transport: http(inject('rpcA')) })

const openDemo = useDemo()

/**
 * Nothing in the dialog is loading (no skeleton rows: no `aria-busy`), every image in it has
 * loaded (a failed one has become its initial), and the fonts too.
 */
async function settled(page: Page) {
  await expect
    .poll(() => page.locator('[role="dialog"] [aria-busy="true"], .lk-skeleton-row').count())
    .toBe(0)
  await expect
    .poll(() =>
      page
        .locator('[role="dialog"] img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
        ),
    )
    .toBe(true)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

async function shoot(page: Page, name: string, mismatches: string[]) {
  await settled(page)
  const actual = await page
    .getByRole('dialog')
    // Activity rows say how long ago each happened: covered, as that changes by the minute.
    .screenshot({
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: [page.getByTestId('activity-list')],
    })
  const result = checkScreenshot({
    baselinePath: `${BASELINES}${name}.png`,
    actual,
    update: UPDATE,
    failuresDir: FAILURES,
    name,
  })
  if (result.kind !== 'match') mismatches.push(describeComparison(name, result))
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  if ((await page.getByTestId('state-theme').textContent()) !== theme) {
    await page.getByTestId('toggle-theme').click()
  }
  await expect.poll(() => page.getByTestId('state-theme').textContent()).toBe(theme)
}

async function useLanguage(page: Page, language: 'en' | 'ar') {
  await page.getByTestId('modal-language').selectOption(language)
  await expect.poll(() => page.getByTestId('state-locale').textContent()).toMatch(`${language} (`)
}

const CASES = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'ar' },
  { theme: 'dark', language: 'ar' },
] as const

describe('visual regression: every view against its baseline', () => {
  for (const { theme, language } of CASES) {
    it(`${theme}, ${language}`, async () => {
      await anvil.setBalance({ address: VISUAL_ADDRESS, value: parseEther('10000') })
      const { page, wallet } = await openDemo({
        privateKey: VISUAL_KEY,
        context: { reducedMotion: 'reduce' },
      })
      await useTheme(page, theme)
      await useLanguage(page, language)
      const mismatches: string[] = []
      const suffix = `${theme}-${language}`

      await page.getByTestId('connect-button').click()
      await view(page, 'Connect').waitFor()
      await shoot(page, `connect-${suffix}`, mismatches)

      await page.getByTestId('all-wallets').click()
      await view(page, 'AllWallets').waitFor()
      await page.getByTestId('wallet-count').waitFor()
      await shoot(page, `all-wallets-${suffix}`, mismatches)
      await page.getByTestId('modal-back').click()

      await page.getByTestId('connect-email').click()
      await view(page, 'EmailLogin').waitFor()
      await shoot(page, `email-login-${suffix}`, mismatches)
      await page.getByTestId('modal-back').click()

      await page.locator('[data-wallet-id="headless-web3-provider"]').click()
      await approveConnection(wallet)
      await accountAfterConnect(page)
      await page.getByTestId('token-list').waitFor()
      await shoot(page, `account-${suffix}`, mismatches)

      await page.getByTestId('account-network').click()
      await view(page, 'Networks').waitFor()
      await shoot(page, `networks-${suffix}`, mismatches)
      await page.getByTestId('modal-back').click()

      await page.getByTestId('wallet-feature-send').click()
      await view(page, 'WalletSend').waitFor()
      await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/ETH/)
      await shoot(page, `send-${suffix}`, mismatches)
      await page.getByTestId('modal-back').click()

      await page.getByTestId('wallet-feature-receive').click()
      await view(page, 'Receive').waitFor()
      await shoot(page, `receive-${suffix}`, mismatches)

      expect(mismatches).toEqual([])
    })
  }
})
