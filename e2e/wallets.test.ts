import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, view } from './browser'
import { useDemo } from './harness'
import { EXCLUDED_WALLET_ID } from './setup/stack'
import { approveConnection } from './wallet'

const openDemo = useDemo()

const list = (page: Page) => page.getByTestId('all-wallets-list')

/** The number of wallets the virtual list holds (each row announces the whole list's size). */
async function listSize(page: Page) {
  const first = list(page).locator('li').first()
  return Number((await first.getAttribute('aria-setsize')) ?? 0)
}

async function visibleNames(page: Page) {
  return list(page).locator('.lk-item-name').allTextContents()
}

describe('wallet directory', () => {
  it('Connect lists the installed wallet, featured wallets and "All Wallets" with the count', async () => {
    const { page } = await openDemo()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-wallet-id="metamask"]').waitFor()
    const ids = await page
      .locator('[data-view="Connect"] [data-wallet-id]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-wallet-id')))
    expect(ids[0]).toBe('headless-web3-provider')
    expect(ids).toContain('rainbow')
    expect(ids).not.toContain(EXCLUDED_WALLET_ID)
    await expect
      .poll(async () => Number(await page.getByTestId('all-wallets-count').textContent()))
      .toBeGreaterThan(80)
    await screenshot(page, 'connect-directory')
  })

  it('AllWallets pages with infinite scroll, searches, clears, and never shows an excluded wallet', async () => {
    const { page } = await openDemo()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('all-wallets').click()
    await view(page, 'AllWallets').waitFor()
    await expect.poll(() => listSize(page)).toBe(40)
    const total = Number(await page.getByTestId('wallet-count').textContent())

    for (const size of [80, 120]) {
      await list(page).evaluate((el) => {
        el.scrollTop = el.scrollHeight
      })
      await expect.poll(() => listSize(page)).toBe(Math.min(size, total))
    }
    await screenshot(page, 'all-wallets-page-3')
    expect(await page.locator(`[data-wallet-id="${EXCLUDED_WALLET_ID}"]`).count()).toBe(0)

    await page.getByTestId('wallet-search').fill('  rain ')
    await expect.poll(async () => (await visibleNames(page))[0]).toBe('Rainbow')
    const names = await visibleNames(page)
    for (const name of names) expect(name.toLowerCase()).toContain('rain')
    await screenshot(page, 'all-wallets-search')

    await page.getByTestId('wallet-search').fill('trust')
    await expect
      .poll(() => page.getByTestId('wallet-count').textContent())
      .not.toBe(String(names.length))
    expect(await page.locator(`[data-wallet-id="${EXCLUDED_WALLET_ID}"]`).count()).toBe(0)

    await page.getByTestId('wallet-search').fill('')
    await expect.poll(() => listSize(page)).toBeGreaterThanOrEqual(Math.min(120, total))
    await list(page).evaluate((el) => {
      el.scrollTop = 0
    })
    await expect.poll(async () => (await visibleNames(page)).length).toBeGreaterThan(3)
  })
})

describe('legal links (AppKit’s termsConditionsUrl, privacyPolicyUrl, features.legalCheckbox)', () => {
  it('with the checkbox, no wallet connects until the visitor agrees; then one does', async () => {
    const { page, wallet } = await openDemo({ url: (demo) => `${demo}?legal=checkbox` })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    const installed = page.locator('[data-wallet-id="headless-web3-provider"]')
    await installed.waitFor()
    expect(await installed.isDisabled()).toBe(true)
    expect(await page.getByTestId('connect-email').isDisabled()).toBe(true)
    const terms = page.getByTestId('legal-consent').getByRole('link', { name: 'Terms of Service' })
    expect(await terms.getAttribute('href')).toMatch(/#terms$/)
    await screenshot(page, 'connect-legal-checkbox')

    await page.getByRole('checkbox', { name: /I agree to our Terms of Service/ }).check()
    expect(await installed.isDisabled()).toBe(false)
    await installed.click()
    await approveConnection(wallet)
    await page.getByTestId('account-button').waitFor()
  })

  it('without it, the links are a line under the wallets and connecting is not held back', async () => {
    const { page } = await openDemo({ url: (demo) => `${demo}?legal=notice` })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    expect(await page.getByTestId('legal-notice').textContent()).toBe(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy',
    )
    expect(await page.locator('[data-wallet-id="headless-web3-provider"]').isDisabled()).toBe(false)
  })
})
