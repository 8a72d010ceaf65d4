import type { FrameLocator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { accountAfterConnect, view } from './browser'

interface Mail {
  id: string
  to: string[]
  subject: string
  text: string
}

/** A fresh address per test, so cooldowns and users never cross tests. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}

/** The mails the local SMTP capture received for an address, newest first (via /dev/v1/mails). */
export async function mailsTo(apiUrl: string, to: string): Promise<Mail[]> {
  const url = new URL('/dev/v1/mails', apiUrl)
  url.searchParams.set('to', to)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`)
  return ((await response.json()) as { mails: Mail[] }).mails
}

/** Waits for a new mail whose subject matches, and returns the code in it. */
export async function readCode(
  apiUrl: string,
  to: string,
  subject: RegExp,
  seen: Set<string> = new Set(),
): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(apiUrl, to)).find(
          (m) => subject.test(m.subject) && !seen.has(m.id),
        )
        if (mail) {
          seen.add(mail.id)
          code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
        }
        return code
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** Waits for a new device-approval mail and returns its link. */
export async function readApprovalLink(
  apiUrl: string,
  to: string,
  seen: Set<string> = new Set(),
): Promise<string> {
  let link = ''
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(apiUrl, to)).find(
          (m) => /Approve your new device/.test(m.subject) && !seen.has(m.id),
        )
        if (mail) {
          seen.add(mail.id)
          link =
            /^\s*(https?:\/\/\S+\/auth\/v1\/device\/approve\?\S+)\s*$/m.exec(mail.text)?.[1] ?? ''
        }
        return link
      },
      { timeout: 15_000 },
    )
    .toMatch(/\/auth\/v1\/device\/approve\?token=/)
  return link
}

/**
 * The visitor opens the mail's approval link in another tab and presses Approve on its page
 * (opening the link alone approves nothing: mail scanners open links too).
 */
export async function approveInTab(page: Page, link: string): Promise<void> {
  const tab = await page.context().newPage()
  try {
    await tab.goto(link)
    await tab.getByRole('button', { name: 'Approve' }).click()
    await tab.getByText('Device approved.').waitFor()
  } finally {
    await tab.close()
  }
}

export function secureFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[data-latchkey-frame]')
}

/**
 * The frame's card is visible inside it before the page has laid the frame over the slot, and
 * Chromium drops input to a frame that moved in the last 500 ms (the frame tracks its
 * visibility). Waits, as a person would, until the frame has sat over `slot` for 600 ms.
 */
export async function frameSettled(page: Page, slot: string) {
  const rect = async (selector: string) => {
    const b = await page.locator(selector).boundingBox()
    return b && [b.x, b.y, b.width, b.height].map(Math.round).join(',')
  }
  let since = 0
  let last: string | null = null
  /** What the last look saw: said when the frame never settles */
  let seen = ''
  try {
    await expect
      .poll(async () => {
        const frame = await rect('iframe[data-latchkey-frame]')
        const over = await rect(`[data-testid="${slot}"]`)
        const placed = frame === over
        if (!placed || frame !== last) [since, last] = [Date.now(), frame]
        seen = `frame ${frame}, slot ${over}, ${Date.now() - since} ms so`
        return placed && Date.now() - since >= 600
      })
      .toBe(true)
  } catch (error) {
    throw new Error(`the frame did not settle over ${slot}: ${seen}`, { cause: error })
  }
}

/**
 * Connect → "Continue with email" → the email → this browser is new to it: Approve on the mail's
 * link → the code from the capture → Account.
 */
export async function logInWithEmail(page: Page, apiUrl: string, email: string) {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-email').click()
  await view(page, 'EmailLogin').waitFor()
  await page.getByTestId('email-login-input').fill(email)
  await page.getByTestId('email-login-submit').click()
  await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()
  await approveInTab(page, await readApprovalLink(apiUrl, email))
  await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
  const code = await readCode(apiUrl, email, /sign-in code/)
  await page.getByTestId('email-otp-input').fill(code)
  await page.getByTestId('email-otp-submit').click()
  await accountAfterConnect(page)
  return (await page.getByTestId('account-address').getAttribute('title')) ?? ''
}
