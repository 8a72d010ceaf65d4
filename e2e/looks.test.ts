// Issue 29 "Looks" in a real browser: the dialog rises on open, its height follows a change of
// view, closing fades out an inert copy while focus is already back; Account shows the network's
// and the tokens' icons. (Reduced motion: a11y.motion.test.ts.)
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()

/** The names of the CSS animations and transitions running in the modal's shadow root now. */
const running = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('[data-latchkey-modal]')?.shadowRoot?.getAnimations() ?? [])
      .filter(
        (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
      )
      .map((a) =>
        'animationName' in a
          ? (a as CSSAnimation).animationName
          : (a as CSSTransition).transitionProperty,
      ),
  )

describe('motion and icons', () => {
  it('rises, follows the height of the view, fades out on close; Account shows its icons', async () => {
    const { page, wallet } = await openDemo({ context: { reducedMotion: 'no-preference' } })
    await page.getByTestId('connect-button').click()
    await expect
      .poll(() => running(page), { timeout: 2_000, interval: 10 })
      .toEqual(expect.arrayContaining(['lk-fade', 'lk-rise']))
    await view(page, 'Connect').waitFor()
    await page.getByTestId('all-wallets').click()
    await view(page, 'AllWallets').waitFor()
    await expect.poll(() => running(page), { timeout: 2_000, interval: 10 }).toContain('height')

    // Closing: the dialog is gone at once and focus is back on the button; a copy fades out.
    await page.keyboard.press('Escape')
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    const leaving = page.locator('.lk-leaving')
    expect(await leaving.count()).toBeLessThanOrEqual(1)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'connect-button',
    )
    await leaving.waitFor({ state: 'detached', timeout: 2_000 })

    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    const ether = page.locator('[data-testid="token-list"] [data-token-symbol="ETH"] img')
    await ether.waitFor()
    await expect
      .poll(() => ether.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(await ether.getAttribute('alt')).toBe('')
    // The devnet's chains have no logo (the directory answers 404): the initial, hidden from
    // assistive technology, beside the balance and the network.
    for (const id of ['account-balance', 'account-network']) {
      const initial = page.locator(`[data-testid="${id}"] [data-initial]`)
      await initial.waitFor()
      expect(await initial.getAttribute('aria-hidden')).toBe('true')
    }
    await screenshot(page, 'account-icons')
  })
})
