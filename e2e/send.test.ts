import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

const openDemo = useDemo()
const rpcA = inject('rpcA')
// Accounts no other test uses: the sender's and the receiver's balances are this file's alone.
const SENDER = 6
const receiver = TEST_ACCOUNTS[7]
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')
const chainA = createPublicClient({ transport: http(rpcA) })

async function openSend(page: Page) {
  await page.getByTestId('connect-button').click()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  return page
}

async function fillSend(page: Page, symbol: string, amount: string, to: string) {
  await page.getByTestId('send-select-token').click()
  await view(page, 'WalletSendSelectToken').waitFor()
  await page.getByTestId(`send-token-${symbol}`).click()
  await view(page, 'WalletSend').waitFor()
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(to)
}

describe('Send on EVM (spec §5)', () => {
  it('sends ETH and the 6-decimal token; the receiver has them on the chain; the form resets', async () => {
    if (!receiver || !lusd) throw new Error('devnet accounts or tokens missing')
    const { page, wallet } = await openDemo({ accountIndex: SENDER })
    await openSend(page)
    await approveConnection(wallet)
    await view(page, 'Account').waitFor()
    await page.getByTestId('wallet-feature-send').click()
    await view(page, 'WalletSend').waitFor()

    // Validation, in the spec's words where it has them.
    await page.getByTestId('send-preview').click()
    await expect
      .poll(() => page.getByTestId('send-error').textContent())
      .toBe('An amount and receiver address are required')
    await page.getByTestId('send-amount').fill('1')
    await page.getByTestId('send-receiver').fill(receiver.address)
    await page.getByTestId('send-preview').click()
    await expect
      .poll(() => page.getByTestId('send-error').textContent())
      .toBe('A token is required')
    await page.getByTestId('send-receiver').fill('0x1234')
    await fillSend(page, 'ETH', '0.5', '0x1234')
    await page.getByTestId('send-preview').click()
    await expect
      .poll(() => page.getByTestId('send-error').textContent())
      .toBe('Invalid receiver address')

    // ETH
    const ethBefore = await chainA.getBalance({ address: receiver.address })
    await page.getByTestId('send-receiver').fill(receiver.address)
    await expect.poll(() => page.getByTestId('send-fiat').textContent()).toBe('$1,500.00')
    await page.getByTestId('send-preview').click()
    await view(page, 'WalletSendPreview').waitFor()
    await expect
      .poll(() => page.getByTestId('send-gas-price').textContent())
      .toMatch(/Standard .+ Fast .+ Instant/)
    expect(await page.getByTestId('send-preview-receiver').textContent()).toBe(receiver.address)
    await screenshot(page, 'send-preview')
    await page.getByTestId('send-confirm').click()
    await wallet.authorize(Web3RequestKind.SendTransaction)
    await view(page, 'WalletSendResult').waitFor()
    const hash = (await page.getByTestId('send-hash').textContent()) as `0x${string}`
    await chainA.waitForTransactionReceipt({ hash })
    expect(await chainA.getBalance({ address: receiver.address })).toBe(
      ethBefore + parseEther('0.5'),
    )
    await screenshot(page, 'send-result')

    // The 6-decimal token, through a fresh form
    const tokenBefore = await chainA.readContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver.address],
    })
    await page.getByTestId('send-done').click()
    await view(page, 'Account').waitFor()
    await page.getByTestId('wallet-feature-send').click()
    await view(page, 'WalletSend').waitFor()
    expect(await page.getByTestId('send-amount').inputValue()).toBe('')
    expect(await page.getByTestId('send-receiver').inputValue()).toBe('')
    await fillSend(page, 'lUSD', '12.345678', receiver.address)
    await page.getByTestId('send-preview').click()
    await view(page, 'WalletSendPreview').waitFor()
    await page.getByTestId('send-confirm').click()
    await wallet.authorize(Web3RequestKind.SendTransaction)
    await view(page, 'WalletSendResult').waitFor()
    const tokenHash = (await page.getByTestId('send-hash').textContent()) as `0x${string}`
    await chainA.waitForTransactionReceipt({ hash: tokenHash })
    const tokenAfter = await chainA.readContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver.address],
    })
    expect(tokenAfter).toBe(tokenBefore + parseUnits('12.345678', 6))

    // The activity shows both sends.
    await page.getByTestId('send-done').click()
    await view(page, 'Account').waitFor()
    for (const sent of [hash, tokenHash]) {
      await expect
        .poll(
          () => page.locator(`[data-testid="activity-list"] [data-tx-hash="${sent}"]`).count(),
          {
            timeout: 15_000,
          },
        )
        .toBe(1)
    }
  })

  it('a refusal in the wallet keeps the form and says so', async () => {
    if (!receiver) throw new Error('devnet accounts missing')
    const { page, wallet } = await openDemo({ accountIndex: SENDER })
    await openSend(page)
    await approveConnection(wallet)
    await view(page, 'Account').waitFor()
    await page.getByTestId('wallet-feature-send').click()
    await fillSend(page, 'ETH', '0.01', receiver.address)
    await page.getByTestId('send-preview').click()
    await page.getByTestId('send-confirm').click()
    await wallet.reject(Web3RequestKind.SendTransaction)
    await expect
      .poll(() => page.getByTestId('send-error').textContent())
      .toBe('User rejected the request')
    await view(page, 'WalletSendPreview').waitFor()
    expect(await page.getByTestId('send-confirm').isEnabled()).toBe(true)
  })
})
