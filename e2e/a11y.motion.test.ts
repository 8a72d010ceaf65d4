// Issue 29: with prefers-reduced-motion the modal runs no animation or transition longer than
// 0.01 s; at 200 % zoom (a 640×380 CSS-pixel window) every action of Connect and Account can
// be scrolled to and pressed.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { settled } from './a11yCheck'
import { view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()

interface Motion {
  kind: string
  name: string
  /** One iteration, in ms */
  duration: number
  iterations: number
  target: string
}

/**
 * Runs in the page before its scripts: records every CSS animation and transition that starts
 * in the modal's shadow root, and every Element.animate() call there.
 */
function recordMotion() {
  const seen: Motion[] = []
  ;(window as unknown as { motion: Motion[] }).motion = seen
  const inModal = (node: Node) =>
    (node.getRootNode() as ShadowRoot).host?.hasAttribute('data-latchkey-modal') ?? false
  const label = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`
  const record = (kind: string, name: string, el: Element, animation: Animation | undefined) => {
    if (!inModal(el)) return
    const timing = animation?.effect?.getComputedTiming()
    seen.push({
      kind,
      name,
      duration: Number(timing?.duration ?? Number.NaN),
      iterations: Number(timing?.iterations ?? Number.NaN),
      target: label(el),
    })
  }
  const listen = (root: ShadowRoot) => {
    root.addEventListener(
      'animationstart',
      (e) => {
        const el = e.target as Element
        const name = (e as AnimationEvent).animationName
        const animation = el.getAnimations().find((a) => (a as CSSAnimation).animationName === name)
        record('animation', name, el, animation)
      },
      true,
    )
    root.addEventListener(
      'transitionrun',
      (e) => {
        const el = e.target as Element
        const name = (e as TransitionEvent).propertyName
        const animation = el
          .getAnimations()
          .find((a) => (a as CSSTransition).transitionProperty === name)
        record('transition', name, el, animation)
      },
      true,
    )
  }
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init)
    listen(root)
    return root
  }
  const animate = Element.prototype.animate
  Element.prototype.animate = function (keyframes, options) {
    const animation = animate.call(this, keyframes, options)
    record('animate()', '', this, animation)
    return animation
  }
}

const motions = (page: Page) =>
  page.evaluate(() => (window as unknown as { motion: Motion[] }).motion)

/** What a visitor does: opens, browses wallets, connects (a spinner), Account, Networks, closes. */
async function browse(page: Page, wallet: Awaited<ReturnType<typeof openDemo>>['wallet']) {
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  await page.getByTestId('all-wallets').click()
  await view(page, 'AllWallets').waitFor()
  await page.getByTestId('modal-back').click()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await view(page, 'ConnectingExternal').waitFor()
  await approveConnection(wallet)
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
  await page.getByTestId('account-network').click()
  await view(page, 'Networks').waitFor()
  await page.getByTestId('modal-back').click()
  await view(page, 'Account').waitFor()
  await page.keyboard.press('Escape')
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
}

/**
 * Every control of the dialog, scrolled into view one after another: each must then lie inside
 * the window and be what a tap on its middle hits (nothing cut off, nothing on top of it).
 */
async function unreachableControls(page: Page) {
  // Not while the dialog rises or its height follows a new view (clipped meanwhile).
  await settled(page)
  return page.evaluate(() => {
    const root = document.querySelector('[data-latchkey-modal]')?.shadowRoot
    const dialog = root?.querySelector('[role="dialog"]')
    if (!root || !dialog) return ['no dialog']
    const problems: string[] = []
    if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push('the dialog scrolls sideways')
    const controls = dialog.querySelectorAll<HTMLElement>('a[href], button, input, select')
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center' })
      const box = control.getBoundingClientRect()
      const name = control.dataset.testid ?? control.textContent?.trim() ?? control.tagName
      const inside =
        box.width > 0 &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= innerHeight &&
        box.right <= innerWidth
      const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      if (!inside) problems.push(`${name} lies outside the window`)
      else if (!hit || !(hit === control || control.contains(hit))) {
        problems.push(`${name} is covered by ${hit?.className ?? 'nothing'}`)
      }
    }
    return controls.length > 0 ? problems : ['no controls']
  })
}

describe('prefers-reduced-motion', () => {
  it('reduce: nothing in the modal moves for longer than 0.01 s', async () => {
    const { page, wallet } = await openDemo({
      init: recordMotion,
      context: { reducedMotion: 'reduce' },
    })
    await browse(page, wallet)
    const long = (await motions(page)).filter((m) => !(m.duration <= 10))
    expect(long).toEqual([])
  })

  it('no preference: the same recorder sees the modal move (the check above can fail)', async () => {
    const { page, wallet } = await openDemo({
      init: recordMotion,
      context: { reducedMotion: 'no-preference' },
    })
    await browse(page, wallet)
    expect((await motions(page)).filter((m) => m.duration > 10)).not.toEqual([])
  })
})

describe('200 % zoom: a 640×380 CSS-pixel window at device scale 2', () => {
  it('every action of Connect and Account can be scrolled to and pressed', async () => {
    const { page, wallet } = await openDemo({
      context: { viewport: { width: 640, height: 380 }, deviceScaleFactor: 2 },
    })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-wallet-id="headless-web3-provider"]').waitFor()
    await expect.poll(() => unreachableControls(page)).toEqual([])
    // The last of its actions, "All wallets", below the wallet rows: a real click gets there.
    await page.getByTestId('all-wallets').click()
    await view(page, 'AllWallets').waitFor()
    await page.getByTestId('modal-back').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })

    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    await page.locator('[data-testid="token-list"] [data-token-symbol]').first().waitFor()
    await expect.poll(() => unreachableControls(page)).toEqual([])
    // Disconnect, the view's very last control.
    await page.getByTestId('disconnect').click()
    await page.getByTestId('connect-button').waitFor()
  })
})
