// Issue 29: a visitor with only a keyboard connects, sends a token and disconnects, and signs in
// by email; whatever has focus shows it (an outline or a box-shadow) at every step.
import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { expectVisibleFocus, focused, focusReaches, tabTo } from './a11yCheck'
import { view } from './browser'
import { readApprovalLink, readCode, uniqueEmail } from './email'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

const openDemo = useDemo()
const rpcA = inject('rpcA')
const apiUrl = inject('apiUrl')
const chainA = createPublicClient({ transport: http(rpcA) })
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')
/** A sender no other test's balances depend on, and a receiver that is nobody's. */
const SENDER = 2
const RECEIVER = '0x000000000000000000000000000000000000bEEF'

const lusdOf = (address: `0x${string}`) => {
  if (!lusd) throw new Error('devnet tokens missing')
  return chainA.readContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })
}

const connected = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { appKit: { getIsConnected(): boolean } }).appKit.getIsConnected(),
  )

/** Presses a key on the focused control, which must show its focus first. */
async function press(page: Page, key: string) {
  await expectVisibleFocus(page)
  await page.keyboard.press(key)
}

describe('keyboard only', () => {
  it('connects the injected wallet, sends lUSD through the preview, and disconnects', async () => {
    const { page, wallet } = await openDemo({ accountIndex: SENDER })
    const before = await lusdOf(RECEIVER)

    await tabTo(page, 'connect-button')
    await press(page, 'Enter')
    await view(page, 'Connect').waitFor()
    await focusReaches(page, 'connect-email')
    await tabTo(page, 'wallet-headless-web3-provider')
    await press(page, 'Enter')
    await approveConnection(wallet)
    // Connected, the modal closes; focus goes back to the page's button.
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    await tabTo(page, 'account-button')
    await press(page, 'Enter')
    await view(page, 'Account').waitFor()
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()

    await tabTo(page, 'wallet-feature-send')
    await press(page, 'Space')
    await view(page, 'WalletSend').waitFor()
    await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/ETH/)
    await tabTo(page, 'send-select-token')
    await press(page, 'Enter')
    await view(page, 'WalletSendSelectToken').waitFor()
    await tabTo(page, 'send-token-lUSD')
    await press(page, 'Enter')
    await view(page, 'WalletSend').waitFor()
    await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/lUSD/)
    await tabTo(page, 'send-amount')
    await page.keyboard.type('1.5')
    await tabTo(page, 'send-receiver')
    await page.keyboard.type(RECEIVER)
    await tabTo(page, 'send-preview')
    await press(page, 'Enter')
    await view(page, 'WalletSendPreview').waitFor()
    expect(await page.getByTestId('send-preview-receiver').textContent()).toBe(RECEIVER)
    await tabTo(page, 'send-confirm')
    await press(page, 'Enter')
    await wallet.authorize(Web3RequestKind.SendTransaction)
    await view(page, 'WalletSendResult').waitFor()
    const hash = (await page.getByTestId('send-hash').textContent()) as `0x${string}`
    await chainA.waitForTransactionReceipt({ hash })
    expect(await lusdOf(RECEIVER)).toBe(before + parseUnits('1.5', 6))

    await focusReaches(page, 'send-done')
    await press(page, 'Enter')
    await view(page, 'Account').waitFor()
    // Disconnect is the view's last control: Shift+Tab from the first wraps round to it.
    await tabTo(page, 'disconnect', { back: true })
    await press(page, 'Enter')
    await expect.poll(() => connected(page)).toBe(false)
    await page.getByTestId('connect-button').waitFor()
  })

  it('signs in by email: the address, the device approval in the mail, the code', async () => {
    const email = uniqueEmail('keys')
    const { page } = await openDemo()

    await tabTo(page, 'connect-button')
    await press(page, 'Enter')
    await view(page, 'Connect').waitFor()
    await focusReaches(page, 'connect-email')
    await press(page, 'Enter')
    await view(page, 'EmailLogin').waitFor()
    await focusReaches(page, 'email-login-input')
    await page.keyboard.type(email)
    await press(page, 'Enter')
    await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()

    // The mail's link opens a page in another tab; the visitor approves there with the keyboard.
    const tab = await page.context().newPage()
    try {
      await tab.goto(await readApprovalLink(apiUrl, email))
      // The approval page's only control: its Approve button.
      await tab.keyboard.press('Tab')
      expect(await focused(tab)).toMatchObject({ tag: 'button', text: 'Approve' })
      await tab.keyboard.press('Enter')
      await tab.getByText('Device approved.').waitFor()
    } finally {
      await tab.close()
    }

    await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
    await focusReaches(page, 'email-otp-input')
    await page.keyboard.type(await readCode(apiUrl, email, /sign-in code/))
    await press(page, 'Enter')
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    await expect.poll(() => connected(page)).toBe(true)
    await tabTo(page, 'account-button')
    await press(page, 'Enter')
    await view(page, 'Account').waitFor()
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(email)
    expect(TEST_ACCOUNTS.map((a) => a.address)).not.toContain(
      await page.getByTestId('account-address').getAttribute('title'),
    )
    // Escape closes the modal and gives focus back to the button that opened it.
    await press(page, 'Escape')
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    await focusReaches(page, 'account-button')
  })
})
