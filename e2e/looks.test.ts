// Issue 29 "Looks" in a real browser: the dialog rises on open, its height follows a change of
// view, closing fades out an inert copy while focus is already back; Account shows the network's
// and the tokens' icons. (Reduced motion: a11y.motion.test.ts.)
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()

/**
 * Records, in the page, the name of every CSS animation and transition that starts in a shadow
 * root: the events fire even when an animation starts and ends between two of the test's polls
 * (a loaded machine), which sampling `getAnimations()` from here missed.
 */
async function recordMotion(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __motion: seen })
    const attach = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init)
      root.addEventListener('animationstart', (e) => seen.push((e as AnimationEvent).animationName))
      root.addEventListener('transitionrun', (e) => seen.push((e as TransitionEvent).propertyName))
      return root
    }
  })
}

/** Waits until each of `names` has started since the last wait. */
async function motionStarted(page: Page, names: string[]) {
  const takeStarted = () =>
    page.evaluate(() => (window as unknown as { __motion: string[] }).__motion.splice(0))
  const seen: string[] = []
  await expect
    .poll(async () => {
      seen.push(...(await takeStarted()))
      return seen
    })
    .toEqual(expect.arrayContaining(names))
}

describe('motion and icons', () => {
  it('rises, follows the height of the view, fades out on close; Account shows its icons', async () => {
    const { page, wallet } = await openDemo({
      context: { reducedMotion: 'no-preference' },
      beforeGoto: recordMotion,
    })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await motionStarted(page, ['lk-fade', 'lk-rise'])
    await page.getByTestId('all-wallets').click()
    await view(page, 'AllWallets').waitFor()
    await motionStarted(page, ['height'])

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
