// Issue 29 "every view accessible", the embedded wallet's views (they need an email login): axe
// finds nothing on them in both themes, on a desktop and a phone, in English and in Arabic.
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { checkBothThemes } from './a11yCheck'
import { view } from './browser'
import { approveInTab, readApprovalLink, readCode, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')

async function back(page: Page, to: string) {
  await page.getByTestId('modal-back').click()
  await view(page, to).waitFor()
}

async function walk(page: Page, email: string, dir: 'ltr' | 'rtl') {
  const found: string[] = []
  const check = async (label: string) => found.push(...(await checkBothThemes(page, label)))

  await page.getByTestId('connect-button').click()
  await page.locator(`[role="dialog"][dir="${dir}"]`).waitFor()
  await page.getByTestId('connect-email').click()
  await view(page, 'EmailLogin').waitFor()
  await page.getByTestId('email-login-input').fill(email)
  await page.getByTestId('email-login-submit').click()
  await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()
  await check('EmailLogin (device approval)')
  await approveInTab(page, await readApprovalLink(apiUrl, email))
  await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
  await check('EmailLogin (code)')
  await page.getByTestId('email-otp-input').fill(await readCode(apiUrl, email, /sign-in code/))
  await page.getByTestId('email-otp-submit').click()
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })

  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
  await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(email)
  await check('Account (email)')

  await page.getByTestId('account-profile-wallets').click()
  await view(page, 'ProfileWallets').waitFor()
  await page.getByTestId('profile-wallet-eip155').waitFor()
  await check('ProfileWallets')
  await back(page, 'Account')

  await page.getByTestId('account-email').click()
  await view(page, 'UpdateEmailWallet').waitFor()
  await check('UpdateEmailWallet')
  await back(page, 'Account')

  const label = `a11y${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await page.getByTestId('account-choose-name').click()
  await view(page, 'RegisterAccountName').waitFor()
  await check('RegisterAccountName')
  await page.getByTestId('name-input').fill(label)
  await expect.poll(() => page.getByTestId('name-status').textContent()).toContain(label)
  await check('RegisterAccountName (available)')
  await page.getByTestId('name-register').click()
  await view(page, 'ApproveTransaction').waitFor()
  await expect
    .poll(() => secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled'))
    .toBe('false')
  await check('ApproveTransaction')
  await secureFrame(page).getByTestId('frame-approve').click()
  await view(page, 'RegisterAccountNameSuccess').waitFor()
  await check('RegisterAccountNameSuccess')
  return found
}

describe('axe on the embedded wallet views: both themes, desktop and phone, English and Arabic', () => {
  for (const mobile of [false, true]) {
    for (const locale of ['en-US', 'ar']) {
      it(`${mobile ? 'phone (390 px)' : 'desktop'}, ${locale}`, async () => {
        const { page } = await openDemo({
          mobile,
          context: { locale },
        })
        const email = uniqueEmail('a11y')
        expect(await walk(page, email, locale === 'ar' ? 'rtl' : 'ltr')).toEqual([])
      })
    }
  }
})
