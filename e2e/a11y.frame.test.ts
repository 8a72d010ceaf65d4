// Issue 29 "every view accessible", the embedded wallet's own cards: the frame (a document of
// its own origin, packages/frame) shows them over a slot of the modal, and axeViolations checks
// the modal only. Here axe runs inside the frame on each card (approval; key export's warning
// and key steps), in both themes (the frame follows the modal's through APP_SYNC_THEME), on a
// desktop and on a phone; the passkey card too, on its own stack (WebAuthn wants the frame on
// localhost, passkeyStack.ts). The cards speak the modal's language: in Arabic the frame's
// <html lang="ar" dir="rtl"> mirrors them and its words are the frame's Arabic table.
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import ar from '../packages/frame/src/app/i18n/locales/ar.ts'
import de from '../packages/frame/src/app/i18n/locales/de.ts'
import { ENGLISH } from '../packages/frame/src/app/texts.ts'
import { frameAxeViolations, setTheme } from './a11yCheck'
import { view } from './browser'
import { frameSettled, logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import { type PasskeyStack, startPasskeyStack } from './passkeyStack'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')

/** The Playwright Frame of the embedded wallet's iframe */
async function walletFrame(page: Page): Promise<Frame> {
  const frame = await (
    await page.locator('iframe[data-latchkey-frame]').elementHandle()
  )?.contentFrame()
  if (!frame) throw new Error('the embedded wallet has no frame')
  return frame
}

/** axe in the frame on the card shown, in both themes; the frame's <html data-theme> follows. */
async function checkFrameBothThemes(page: Page, label: string): Promise<string[]> {
  const frame = await walletFrame(page)
  const found: string[] = []
  for (const mode of ['dark', 'light'] as const) {
    await setTheme(page, mode)
    await secureFrame(page).locator(`html[data-theme="${mode}"]`).waitFor({ state: 'attached' })
    found.push(...(await frameAxeViolations(frame, `${label} [${mode}]`)))
  }
  return found
}

async function walk(page: Page, locale: 'en' | 'ar'): Promise<string[]> {
  const found: string[] = []
  const card = secureFrame(page)
  const words = locale === 'ar' ? ar : ENGLISH
  await logInWithEmail(page, apiUrl, uniqueEmail('a11y-frame'))
  await page.getByTestId('modal-close').click()
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })

  // The approval card: "Sign a message" from the demo, checked once Approve is on.
  await page.getByTestId('sign-message').click()
  await view(page, 'ApproveTransaction').waitFor()
  await card.getByTestId('frame-approve').waitFor()
  await card
    .locator(`html[lang="${locale}"][dir="${locale === 'ar' ? 'rtl' : 'ltr'}"]`)
    .waitFor({ state: 'attached' })
  expect(await card.locator('#lk-approval-title').textContent()).toBe(words.card['Sign message'])
  expect(await card.getByTestId('frame-reject').textContent()).toBe(words.approval.reject)
  await expect
    .poll(() => card.getByTestId('frame-approve').getAttribute('aria-disabled'))
    .toBe('false')
  found.push(...(await checkFrameBothThemes(page, 'approval card')))
  await expect
    .poll(() => card.getByTestId('frame-approve').getAttribute('aria-disabled'))
    .toBe('false')
  await card.getByTestId('frame-reject').click()
  await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/rejected/i)
  await view(page, 'ApproveTransaction').waitFor({ state: 'detached' })

  // The key export card: Account → Export private key → the warning, then the (masked) key.
  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
  await page.getByTestId('account-export-key').click()
  await card.getByTestId('frame-export').waitFor()
  await card.getByTestId('frame-export-understand').waitFor()
  expect(await card.locator('#lk-export-title').textContent()).toBe(words.export.title)
  found.push(...(await checkFrameBothThemes(page, 'key export card (warning)')))
  await frameSettled(page, 'export-frame-slot')
  await card.getByTestId('frame-export-understand').check()
  await expect
    .poll(() => card.getByTestId('frame-export-show').getAttribute('aria-disabled'))
    .toBeNull()
  found.push(...(await checkFrameBothThemes(page, 'key export card (warning confirmed)')))
  await frameSettled(page, 'export-frame-slot')
  await card.getByTestId('frame-export-show').click()
  const key = card.getByTestId('frame-export-key')
  await key.waitFor()
  await expect.poll(() => key.textContent()).toBe('•'.repeat(24))
  await card.getByTestId('frame-export-copy').waitFor()
  found.push(...(await checkFrameBothThemes(page, 'key export card (key)')))
  await frameSettled(page, 'export-frame-slot')
  await card.getByTestId('frame-export-done').click()
  await page.getByTestId('account-export-key').waitFor()
  return found
}

describe('axe inside the embedded wallet frame, on its cards: both themes, desktop and phone, English and Arabic', () => {
  for (const mobile of [false, true]) {
    for (const locale of ['en', 'ar'] as const) {
      it(`${mobile ? 'phone (390 px)' : 'desktop (1100 × 760)'}, ${locale}`, async () => {
        const { page } = await openDemo({ mobile, context: { locale } })
        expect(await walk(page, locale)).toEqual([])
      })
    }
  }
})

describe("the frame's cards follow the modal's language", () => {
  it('a language chosen after the sign-in reaches the next card', async () => {
    const { page } = await openDemo({ context: { locale: 'en' } })
    const card = secureFrame(page)
    await logInWithEmail(page, apiUrl, uniqueEmail('frame-language'))
    await page.getByTestId('modal-close').click()
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    await page.getByTestId('modal-language').selectOption('de')
    await expect.poll(() => page.getByTestId('state-locale').textContent()).toMatch('de (')
    await card.locator('html[lang="de"][dir="ltr"]').waitFor({ state: 'attached' })
    await page.getByTestId('sign-message').click()
    await view(page, 'ApproveTransaction').waitFor()
    await card.getByTestId('frame-approve').waitFor()
    expect(await card.locator('#lk-approval-title').textContent()).toBe(de.card['Sign message'])
    expect(await card.getByTestId('frame-approve').textContent()).toBe(de.approval.approve)
    await frameSettled(page, 'approve-frame-slot')
    await card.getByTestId('frame-reject').click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/rejected/i)
  })
})

describe('axe inside the embedded wallet frame, on its passkey card: both themes, desktop and phone', () => {
  let stack: PasskeyStack
  beforeAll(async () => {
    stack = await startPasskeyStack({
      demoUrl: inject('demoUrl'),
      apiUrl: inject('apiUrl'),
      frameUrl: inject('frameUrl'),
      rpcA: inject('rpcA'),
      rpcB: inject('rpcB'),
    })
  }, 180_000)
  afterAll(async () => {
    await stack?.stop()
  })

  for (const mobile of [false, true]) {
    it(mobile ? 'phone (390 px)' : 'desktop (1100 × 760)', async () => {
      const { page } = await openDemo({ mobile, beforeGoto: (p) => stack.rewire(p) })
      const card = secureFrame(page)
      const found: string[] = []
      await page.getByTestId('connect-button').click()
      // Connect → "Continue with a passkey": the frame's card, before any ceremony
      await page.getByTestId('connect-passkey').click()
      await page.getByTestId('passkey-frame-slot').waitFor()
      await card.getByTestId('frame-passkey-continue').waitFor()
      // The theme changes while the card is open: the sign-in goes on, the card follows
      for (const mode of ['dark', 'light'] as const) {
        await setTheme(page, mode)
        await card.locator(`html[data-theme="${mode}"]`).waitFor({ state: 'attached' })
        found.push(...(await frameAxeViolations(await walletFrame(page), `passkey card [${mode}]`)))
      }
      expect(await page.getByTestId('passkey-frame-slot').count()).toBe(1)
      expect(await card.getByTestId('frame-passkey-continue').isVisible()).toBe(true)
      // Closing the modal takes the card down
      await page.getByTestId('modal-close').click()
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
      await card.getByTestId('frame-passkey').waitFor({ state: 'hidden' })
      expect(found).toEqual([])
    })
  }
})
