import { createPublicClient, http, parseEther } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')
const rpcA = inject('rpcA')
const chainA = createPublicClient({ transport: http(rpcA) })
/** Signs in with SIWX elsewhere only: its balance is free to send from */
const VISITOR = 8

describe('Names (spec §4 "Name registration", README "Names")', () => {
  it('an email user registers a name, signed in the frame; it shows after a reload; another visitor sends to it', async () => {
    const email = uniqueEmail('named')
    const label = `e2e-${Date.now().toString(36)}`
    const name = `${label}.latchkey.id`
    const { page } = await openDemo()
    const address = await logInWithEmail(page, apiUrl, email)

    await page.getByTestId('account-choose-name').click()
    await view(page, 'RegisterAccountName').waitFor()
    expect(await page.getByTestId('name-zone').textContent()).toBe('.latchkey.id')
    // The rule as the visitor types, then the service's answer once they pause
    await page.getByTestId('name-input').fill('ab')
    await expect
      .poll(() => page.getByTestId('name-status').textContent())
      .toBe('At least 4 characters')
    await page.getByTestId('name-input').fill(label)
    await expect
      .poll(() => page.getByTestId('name-status').textContent())
      .toBe(`${name} is available`)
    await screenshot(page, 'names-register')

    // Register: the signature waits in ApproveTransaction until the visitor approves in the frame.
    await page.getByTestId('name-register').click()
    await view(page, 'ApproveTransaction').waitFor()
    await expect
      .poll(() => secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled'))
      .toBe('false')
    await screenshot(page, 'names-approve')
    await secureFrame(page).getByTestId('frame-approve').click()
    await view(page, 'RegisterAccountNameSuccess').waitFor()
    expect(await page.getByTestId('name-registered').textContent()).toBe(name)
    await screenshot(page, 'names-success')
    await page.getByTestId('name-done').click()
    await view(page, 'Account').waitFor()
    expect(await page.getByTestId('account-identity').textContent()).toBe(name)
    expect(await page.locator('[data-testid="account-choose-name"]').count()).toBe(0)

    // The service has it for the address; a reload shows it on the button
    const record = (await (
      await fetch(
        `${apiUrl}/v1/profile/account/${label}?projectId=c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60`,
      )
    ).json()) as { addresses: Record<string, { address: string }> }
    expect(Object.values(record.addresses).map((a) => a.address)).toEqual([address])
    await page.reload()
    await expect.poll(() => page.getByTestId('account-button-label').textContent()).toBe(name)
    await screenshot(page, 'names-button')

    // Someone else sends 0.01 ETH to the name: the preview shows the address it stands for.
    await page.context().close()
    const other = await openDemo({ accountIndex: VISITOR })
    await other.page.getByTestId('connect-button').click()
    await other.page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(other.wallet)
    await accountAfterConnect(other.page)
    await other.page.getByTestId('wallet-feature-send').click()
    await view(other.page, 'WalletSend').waitFor()
    await expect
      .poll(() => other.page.getByTestId('send-select-token').textContent())
      .toMatch(/^ETH/)
    await other.page.getByTestId('send-amount').fill('0.01')
    await other.page.getByTestId('send-receiver').fill('nobody-here.latchkey.id')
    await other.page.getByTestId('send-preview').click()
    await expect
      .poll(() => other.page.getByTestId('send-error').textContent())
      .toBe('Error resolving name')
    await other.page.getByTestId('send-receiver').fill(name)
    await other.page.getByTestId('send-preview').click()
    await view(other.page, 'WalletSendPreview').waitFor()
    expect(await other.page.getByTestId('send-preview-resolved').textContent()).toBe(address)
    await screenshot(other.page, 'names-send-preview')
    const before = await chainA.getBalance({ address: address as `0x${string}` })
    await other.page.getByTestId('send-confirm').click()
    await other.wallet.authorize(Web3RequestKind.SendTransaction)
    await view(other.page, 'WalletSendResult').waitFor()
    const hash = (await other.page.getByTestId('send-hash').textContent()) as `0x${string}`
    const receipt = await chainA.waitForTransactionReceipt({ hash })
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase())
    expect(await chainA.getBalance({ address: address as `0x${string}` })).toBe(
      before + parseEther('0.01'),
    )
  })
})
