import { TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import {
  approveInTab,
  logInWithEmail,
  readApprovalLink,
  readCode,
  secureFrame,
  uniqueEmail,
} from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')
const rpcA = inject('rpcA')
const chainA = createPublicClient({ transport: http(rpcA) })
const anvil = createTestClient({ mode: 'anvil', transport: http(rpcA) })
/** The account the first test ends with, for the new-device test. */
const changed = { email: '', address: '' }

/** Every 32-byte hex string the host page can see: DOM, storage, the modal's state. */
async function hostSecrets(page: Page): Promise<string[]> {
  const text = (await page.evaluate(`(() => {
    const stores = window.appKit.core.stores
    const state = Object.fromEntries(Object.entries(stores).map(([k, s]) => [k, s.getState()]))
    const replacer = (_k, v) => (typeof v === 'bigint' ? v.toString() : typeof v === 'function' ? undefined : v)
    const host = document.querySelector('[data-latchkey-modal]')
    return [
      document.documentElement.outerHTML,
      host && host.shadowRoot ? host.shadowRoot.innerHTML : '',
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.cookie,
      JSON.stringify(state, replacer),
    ].join('\\n')
  })()`)) as string
  return [...new Set(text.match(/(?:0x)?[0-9a-fA-F]{64}/g) ?? [])]
}

describe('Email login through the embedded wallet (spec §4, §7 "Embedded wallet")', () => {
  it('logs in with a code from the mail, signs and sends inside the frame, survives a reload, signs out and back in, changes email', async () => {
    const email = uniqueEmail('alice')
    const { page, errors } = await openDemo()
    const address = await logInWithEmail(page, apiUrl, email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(TEST_ACCOUNTS.map((a) => a.address.toLowerCase())).not.toContain(address.toLowerCase())
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(email)
    await screenshot(page, 'email-account')

    // No key material anywhere the host page can read.
    for (const candidate of await hostSecrets(page)) {
      const key = (candidate.startsWith('0x') ? candidate : `0x${candidate}`) as `0x${string}`
      expect(privateKeyToAddress(key).toLowerCase()).not.toBe(address.toLowerCase())
    }

    // Sign: the request waits in ApproveTransaction until the visitor approves inside the frame.
    await page.getByTestId('modal-close').click()
    await anvil.setBalance({ address: address as `0x${string}`, value: parseEther('10') })
    await page.getByTestId('sign-message').click()
    await view(page, 'ApproveTransaction').waitFor()
    await secureFrame(page).getByTestId('frame-approve').waitFor()
    await screenshot(page, 'email-approve-sign')
    await secureFrame(page).getByTestId('frame-approve').click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'Hello from Latchkey',
        signature,
      }),
    ).toBe(true)
    await view(page, 'ApproveTransaction').waitFor({ state: 'detached' })

    // Send 0.001 ETH (the demo's wagmi button), approved in the frame, mined on anvil.
    const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await chainA.getBalance({ address: receiver })
    await page.getByTestId('send-transaction').click()
    await secureFrame(page).getByTestId('frame-approve').click()
    await expect.poll(() => page.getByTestId('tx-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
    const receipt = await chainA.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await chainA.getBalance({ address: receiver })) - before).toBe(parseEther('0.001'))

    // Refusing inside the frame reaches the app as a rejection.
    await page.getByTestId('sign-message').click()
    // Chromium drops input to a frame that moved in the last 500 ms when it tracks its visibility
    // (the approval card does): wait, as a person would, until Approve is on.
    await expect
      .poll(() => secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled'))
      .toBe('false')
    await secureFrame(page).getByTestId('frame-reject').click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/rejected/i)

    // Closing the modal while the frame waits for approval refuses the request: 'Modal closed'.
    await page.getByTestId('sign-message').click()
    await view(page, 'ApproveTransaction').waitFor()
    await page.getByTestId('modal-close').click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toContain('Modal closed')

    // A method the embedded wallet does not allow: the caller gets the spec's error, the visitor
    // the 'Action not allowed' toast.
    const refused = await page.evaluate(`(async () => {
      const core = window.appKit.core
      const engine = await core.loadEngine('eip155')
      const provider = await engine.getProvider(core.stores.account.getState().connectorId)
      return provider.request({ method: 'eth_sign', params: [] }).then(() => 'allowed', (e) => e.message)
    })()`)
    expect(refused).toBe('Requested RPC call is not allowed')
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Action not allowed')

    // Reload: still connected, same address, without a code.
    await page.reload()
    await expect.poll(() => page.getByTestId('state-address').textContent()).toBe(address)
    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()

    // Sign out, then back in with the same email: the same wallet.
    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    await expect.poll(() => page.getByTestId('state-address').textContent()).toBe('—')
    await page.getByTestId('modal-close').click()
    await expect(logInAgain(page, email)).resolves.toBe(address)

    // Change email: a code to the current address, then one to the new address.
    const newEmail = uniqueEmail('alice-new')
    await page.getByTestId('account-email').click()
    await view(page, 'UpdateEmailWallet').waitFor()
    await page.getByTestId('update-email-input').fill('not an email')
    await page.getByTestId('update-email-submit').click()
    await expect
      .poll(() => page.getByTestId('update-email-error').textContent())
      .toBe('Please enter a valid email address')
    await page.getByTestId('update-email-input').fill(newEmail)
    await page.getByTestId('update-email-submit').click()
    await page.locator('[data-view="UpdateEmailWallet"][data-step="VERIFY_PRIMARY_OTP"]').waitFor()
    await page.getByTestId('update-email-otp-input').fill(await readCode(apiUrl, email, /Confirm/))
    await page.getByTestId('update-email-otp-submit').click()
    await page
      .locator('[data-view="UpdateEmailWallet"][data-step="VERIFY_SECONDARY_OTP"]')
      .waitFor()
    await page
      .getByTestId('update-email-otp-input')
      .fill(await readCode(apiUrl, newEmail, /Verify your new email/))
    await page.getByTestId('update-email-otp-submit').click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(newEmail)
    expect(errors).toEqual([])
    Object.assign(changed, { email: newEmail, address })
  })

  it('a new device (a fresh browser) must be approved from the mail before the code, then gets the same wallet', async () => {
    expect(changed.email).not.toBe('')
    const { page, errors } = await openDemo()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-email').click()
    await page.getByTestId('email-login-input').fill(changed.email)
    await page.getByTestId('email-login-submit').click()
    await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()
    await screenshot(page, 'email-new-device')
    const link = await readApprovalLink(apiUrl, changed.email)
    // Opening the link (as a mail scanner does) only shows its page: still waiting, no code.
    expect((await fetch(link)).status).toBe(200)
    await page.waitForTimeout(2_500)
    expect(await page.locator('[data-view="EmailLogin"]').getAttribute('data-step')).toBe('device')
    await approveInTab(page, link)
    await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
    await page
      .getByTestId('email-otp-input')
      .fill(await readCode(apiUrl, changed.email, /sign-in code/))
    await page.getByTestId('email-otp-submit').click()
    await accountAfterConnect(page)
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(changed.address)
    expect(errors).toEqual([])
  })

  async function logInAgain(page: Page, email: string) {
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-email').click()
    await page.getByTestId('email-login-input').fill(email)
    await page.getByTestId('email-login-submit').click()
    // §4 the 30 s cooldown: the first attempt may be refused with the spec's text; wait it out.
    const otpStep = page.locator('[data-view="EmailLogin"][data-step="otp"]')
    const refused = page.getByTestId('email-login-error')
    await otpStep.or(refused).first().waitFor()
    if (await refused.isVisible()) {
      const text = (await refused.textContent()) ?? ''
      expect(text).toMatch(/^Please try again after \d+ seconds$/)
      const seconds = Number(/(\d+)/.exec(text)?.[1])
      await page.waitForTimeout((seconds + 1) * 1000)
      await page.getByTestId('email-login-submit').click()
    }
    await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
    const code = await readCode(apiUrl, email, /sign-in code/, new Set(await seenIds(email)))
    await page.getByTestId('email-otp-input').fill(code)
    await page.getByTestId('email-otp-submit').click()
    await accountAfterConnect(page)
    return page.getByTestId('account-address').getAttribute('title')
  }

  async function seenIds(email: string) {
    const { mailsTo } = await import('./email')
    const mails = await mailsTo(apiUrl, email)
    // Every mail but the newest was used already.
    return mails.slice(1).map((m) => m.id)
  }

  it('refuses a malformed email and locks the attempt after too many wrong codes', async () => {
    const email = uniqueEmail('mallory')
    const { page } = await openDemo()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-email').click()
    await page.getByTestId('email-login-input').fill('bob@')
    await page.getByTestId('email-login-submit').click()
    await expect
      .poll(() => page.getByTestId('email-login-error').textContent())
      .toBe('Please enter a valid email address')
    await page.getByTestId('email-login-input').fill(email)
    await page.getByTestId('email-login-submit').click()
    await page.locator('[data-view="EmailLogin"][data-step="device"]').waitFor()
    await approveInTab(page, await readApprovalLink(apiUrl, email))
    await page.locator('[data-view="EmailLogin"][data-step="otp"]').waitFor()
    const code = await readCode(apiUrl, email, /sign-in code/)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByTestId('email-otp-input').fill(wrong)
      await page.getByTestId('email-otp-submit').click()
      await expect
        .poll(() => page.getByTestId('email-otp-error').textContent())
        .toMatch(attempt < 5 ? /Invalid code/ : /Too many wrong codes/)
    }
    await page.getByTestId('email-otp-input').fill(code)
    await page.getByTestId('email-otp-submit').click()
    await expect
      .poll(() => page.getByTestId('email-otp-error').textContent())
      .toMatch(/Too many wrong codes/)
    await screenshot(page, 'email-locked')
    expect(await page.evaluate('window.appKit.getIsConnected()')).toBe(false)
  })
})
