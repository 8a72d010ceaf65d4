import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from './a11yCheck'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()

/** The element that has focus, looking through shadow roots. */
function focusedTestId(page: Page) {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active?.getAttribute('data-testid') ?? active?.getAttribute('data-wallet-id') ?? null
  })
}

function focusInDialog(page: Page) {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return Boolean(active?.closest('[role="dialog"]'))
  })
}

describe('accessibility', () => {
  it('axe finds no violations on Connect and Account', async () => {
    const { page, wallet } = await openDemo()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    expect(await axeViolations(page, 'check 1')).toEqual([])
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
    expect(await axeViolations(page, 'check 2')).toEqual([])
  })

  it('axe finds no violations on EmailLogin, with an error shown', async () => {
    const { page } = await openDemo()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-email').click()
    await view(page, 'EmailLogin').waitFor()
    await page.getByTestId('email-login-submit').click()
    await page.getByTestId('email-login-error').waitFor()
    expect(await axeViolations(page, 'check 3')).toEqual([])
  })

  it('is a labelled modal dialog; focus moves in, stays trapped, Esc closes and focus returns', async () => {
    const { page } = await openDemo()
    const opener = page.getByTestId('connect-button')
    await opener.focus()
    await page.keyboard.press('Enter')
    await view(page, 'Connect').waitFor()
    const dialog = page.locator('[role="dialog"]')
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    const labelId = await dialog.getAttribute('aria-labelledby')
    expect(await page.locator(`[id="${labelId}"]`).textContent()).toBe('Connect Wallet')
    // The first control: "Continue with email" (the demo project has the email feature on).
    expect(await focusedTestId(page)).toBe('connect-email')

    const focusables = await page.locator('[role="dialog"] :is(a[href], button, input)').count()
    const seen = new Set<string | null>()
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog(page)).toBe(true)
      seen.add(await focusedTestId(page))
    }
    expect(seen).toContain('modal-close')
    expect(seen).toContain('all-wallets')
    expect(seen).toContain('wallet-headless-web3-provider')
    await page.keyboard.press('Shift+Tab')
    expect(await focusInDialog(page)).toBe(true)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focusedTestId(page)).toBe('connect-button')
  })

  it('renders the light theme and the <appkit-button> element', async () => {
    const { page } = await openDemo()
    await page.getByTestId('toggle-theme').click()
    await page.evaluate(() => {
      const el = document.createElement('appkit-button')
      el.id = 'element-button'
      document.body.prepend(el)
    })
    const elementButton = page.locator('#element-button [data-testid="connect-button"]')
    expect(await elementButton.textContent()).toBe('Connect Wallet')
    await elementButton.click()
    await view(page, 'Connect').waitFor()
    const theme = await page.locator('.lk-root').getAttribute('data-theme')
    expect(theme).toBe('light')
    await screenshot(page, 'connect-light')
  })
})

describe('setup alerts', () => {
  it('a page on an origin the project does not allow shows APKT002 in the modal and the console', async () => {
    const { page } = await openDemo({ url: (demoUrl) => demoUrl.replace('127.0.0.1', 'localhost') })
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await page.reload()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-alert-code="APKT002"]').waitFor()
    expect(await page.locator('[data-alert-code="APKT002"] strong').textContent()).toBe(
      'Invalid App Configuration',
    )
    await expect.poll(() => consoleErrors.some((m) => m.includes('APKT002'))).toBe(true)
    await screenshot(page, 'alert-origin-not-allowed')
  })
})
