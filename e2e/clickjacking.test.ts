import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')

/** Styles the host page puts on the frame, as a clickjacking page would. */
async function hostStyles(page: Page, css: string) {
  await page.evaluate(
    `document.querySelector('iframe[data-latchkey-frame]').style.cssText += ${JSON.stringify(css)}`,
  )
}

/** A real mouse click at the centre of the frame's Approve button, whatever covers it. */
async function clickWhereApproveIs(page: Page) {
  const box = await secureFrame(page).getByTestId('frame-approve').boundingBox()
  if (!box) throw new Error('Approve has no box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

const approveState = (page: Page) =>
  secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled')

describe('Embedded wallet frame: the approval card resists clickjacking (issue 18 #8)', () => {
  it('a click on Approve through a faded or covered frame approves nothing; in plain view it approves after 500 ms', async () => {
    const { page, errors } = await openDemo()
    await logInWithEmail(page, apiUrl, uniqueEmail('clickjack'))
    await page.getByTestId('modal-close').click()
    await page.getByTestId('sign-message').click()
    await view(page, 'ApproveTransaction').waitFor()
    await secureFrame(page).getByTestId('frame-approve').waitFor()
    await expect.poll(() => approveState(page)).toBe('false')

    // The host fades the frame to 1% and baits a click where Approve is.
    await hostStyles(page, 'opacity: 0.01')
    await expect.poll(() => approveState(page)).toBe('true')
    await page.waitForTimeout(1_500)
    await clickWhereApproveIs(page)
    await page.waitForTimeout(500)
    expect(await page.getByTestId('signature').textContent()).toBe('')
    expect(await secureFrame(page).getByTestId('frame-approve-hint').textContent()).toMatch(
      /turns on once this window has been fully in view/,
    )
    await screenshot(page, 'approve-faded-frame')

    // Full opacity again, but a bait layer (that lets clicks through) lies over the frame.
    await hostStyles(page, 'opacity: 1')
    await page.evaluate(`(() => {
      const frame = document.querySelector('iframe[data-latchkey-frame]').getBoundingClientRect()
      const bait = document.createElement('div')
      bait.id = 'bait'
      bait.textContent = 'Click to claim your prize'
      bait.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;background:#fc0;' +
        'left:' + frame.left + 'px;top:' + frame.top + 'px;width:' + frame.width + 'px;height:' + frame.height + 'px'
      document.body.append(bait)
    })()`)
    await page.waitForTimeout(1_500)
    expect(await approveState(page)).toBe('true')
    await clickWhereApproveIs(page)
    await page.waitForTimeout(500)
    expect(await page.getByTestId('signature').textContent()).toBe('')

    // In plain view Approve comes back on after the card has been visible for 500 ms.
    await page.evaluate(`document.getElementById('bait').remove()`)
    const shown = Date.now()
    await expect.poll(() => approveState(page)).toBe('false')
    expect(Date.now() - shown).toBeGreaterThanOrEqual(450)
    await clickWhereApproveIs(page)
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    expect(errors).toEqual([])
  })
})
