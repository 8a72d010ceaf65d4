import { DEVNET_TOKENS, TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatEther, formatUnits, http } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

// On chain A with account 1, which only signs messages (and swaps on chain B) elsewhere.
const openDemo = useDemo()
const BUYER = 1
const chainA = createPublicClient({ transport: http(inject('rpcA')) })
const lusdOf = async (owner: `0x${string}`) => {
  const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')
  if (!lusd) throw new Error('devnet lUSD missing')
  return chainA.readContract({
    address: lusd.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

async function openBuy() {
  const opened = await openDemo({ accountIndex: BUYER })
  const { page, wallet } = opened
  await page.getByTestId('connect-button').click()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await approveConnection(wallet)
  await accountAfterConnect(page)
  await page.getByTestId('wallet-feature-onramp').click()
  await view(page, 'OnRampProviders').waitFor()
  await expect.poll(() => page.getByTestId('onramp-asset').textContent()).toBe('ETH')
  return opened
}

/**
 * Types the amount (in USD, or in the asset after "Enter in ETH"), waits for the quote, and opens
 * the checkout popup with "Buy".
 */
async function checkout(page: Page, amount: string, unit: 'USD' | 'ETH' = 'USD') {
  if (unit === 'ETH') {
    await page.getByTestId('onramp-amount-in').click()
    await page.getByLabel('You buy (ETH)').waitFor()
  }
  await page.getByTestId('onramp-amount').fill(amount)
  await page.getByTestId('onramp-receive').waitFor()
  const receive = (await page.getByTestId('onramp-receive').textContent()) ?? ''
  const fee = await page.getByTestId('onramp-fee').textContent()
  const pay = unit === 'ETH' ? await page.getByTestId('onramp-pay').textContent() : null
  if (unit === 'ETH') await screenshot(page, 'onramp-form-eth')
  const popupOpened = page.context().waitForEvent('page')
  await page.getByTestId('onramp-buy').click()
  const popup = await popupOpened
  await popup.waitForURL(/\/onramp\/checkout\//)
  await view(page, 'BuyInProgress').waitFor()
  return { popup, receive, fee, pay }
}

describe('Buy crypto through the sandbox provider', () => {
  it('buys 0.5 ETH with the test card in the popup: the chain pays the quoted amount, the modal says so', async () => {
    const buyer = TEST_ACCOUNTS[BUYER]?.address
    if (!buyer) throw new Error('devnet accounts missing')
    const { page } = await openBuy()
    const before = await chainA.getBalance({ address: buyer })
    await screenshot(page, 'onramp-form-empty')
    const { popup, receive, fee, pay } = await checkout(page, '0.5', 'ETH')
    const amount = receive.replace(/ ETH$/, '')
    // Half an ether at least, and not a cent's worth more.
    expect(Number(amount)).toBeGreaterThanOrEqual(0.5)
    expect(Number(amount)).toBeLessThan(0.50001)
    const total = pay?.replace(/[$,]/g, '') ?? ''
    expect(fee).toBe(`$${(Math.round(Number(total) * 2) / 100).toFixed(2)}`)
    await screenshot(popup, 'onramp-checkout')
    // The checkout starts with what half an ether costs, by card as chosen in the modal.
    expect(await popup.getByLabel('Amount (USD)').inputValue()).toBe(total)
    expect(await popup.getByLabel(/^Card \(fee/).isChecked()).toBe(true)
    expect(await page.getByTestId('onramp-status').textContent()).toBe('Waiting for the payment…')

    await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
    await popup.getByRole('button', { name: 'Pay' }).click()
    await expect
      .poll(() => page.getByTestId('onramp-done').textContent(), { timeout: 20_000 })
      .toBe(`You bought ${amount} ETH.`)
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe(`Bought ${amount} ETH`)
    // The popup keeps the provider's receipt, with the transaction.
    const hash = (await popup.getByTestId('onramp-tx').textContent()) ?? ''
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(formatEther((await chainA.getBalance({ address: buyer })) - before)).toBe(amount)
    await screenshot(page, 'onramp-done')

    await page.getByTestId('onramp-finish').click()
    await view(page, 'Account').waitFor()
    // The activity shows the purchase as ETH received, once the indexer has read its block.
    const entry = page.locator(`[data-testid="activity-list"] [data-tx-hash="${hash}"]`)
    await entry.waitFor({ timeout: 20_000 })
    expect(await entry.textContent()).toContain('Received')
    expect(await entry.textContent()).toContain(amount.slice(0, 5))
    await screenshot(page, 'onramp-activity')
  })

  it('in euros: a declined card and a closed checkout each say why, and Try again goes back to the form', async () => {
    const { page } = await openBuy()
    await page.getByTestId('onramp-currency').click()
    await view(page, 'OnRampFiatSelect').waitFor()
    await screenshot(page, 'onramp-fiat-select')
    await page.getByTestId('onramp-currency-EUR').click()
    await page.getByLabel('You pay (EUR)').waitFor()
    const declined = await checkout(page, '20')
    expect(declined.fee).toBe('€0.40')
    expect(await declined.popup.getByLabel('Amount (EUR)').inputValue()).toBe('20.00')
    await declined.popup.getByLabel('Card number').fill('4000 0000 0000 0002')
    await declined.popup.getByRole('button', { name: 'Pay' }).click()
    await expect
      .poll(() => page.getByTestId('onramp-failed').textContent(), { timeout: 20_000 })
      .toBe('Your card was declined.')
    await screenshot(page, 'onramp-declined')
    await declined.popup.close()
    await page.getByTestId('onramp-retry').click()
    await view(page, 'OnRampProviders').waitFor()
    expect(await page.getByTestId('onramp-amount').inputValue()).toBe('20')

    const closed = await checkout(page, '30')
    await closed.popup.close()
    await expect
      .poll(() => page.getByTestId('onramp-failed').textContent(), { timeout: 20_000 })
      .toBe('The checkout window was closed before the payment')
  })

  it("buys lUSD from a configured provider's hosted page: no quote in the modal, the balance says it arrived", async () => {
    const buyer = TEST_ACCOUNTS[BUYER]?.address
    if (!buyer) throw new Error('devnet accounts missing')
    const lusd = await lusdOf(buyer)
    const { page } = await openBuy()
    await page.getByTestId('onramp-asset').click()
    await page.getByTestId('onramp-asset-lUSD').click()
    await view(page, 'OnRampProviders').waitFor()
    await page.getByTestId('onramp-amount').fill('25')
    const hosted = page.getByRole('button', { name: 'Buy with Sandbox hosted page' })
    await expect.poll(() => hosted.isEnabled()).toBe(true)
    await screenshot(page, 'onramp-hosted-form')
    const popupOpened = page.context().waitForEvent('page')
    await hosted.click()
    const popup = await popupOpened
    // The provider made its own order from the URL it was given.
    await popup.waitForURL(/\/onramp\/checkout\//)
    expect(await popup.getByLabel('Amount (USD)').inputValue()).toBe('25.00')
    await expect
      .poll(() => page.getByTestId('onramp-status').textContent())
      .toBe('Waiting for lUSD to arrive in your wallet…')
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
    await popup.getByRole('button', { name: 'Pay' }).click()
    await popup.getByTestId('onramp-tx').waitFor()
    await expect
      .poll(() => page.getByTestId('onramp-done').textContent(), { timeout: 20_000 })
      .toMatch(/^You bought [\d.]+ lUSD\.$/)
    const bought = /You bought ([\d.]+) lUSD/.exec(
      (await page.getByTestId('onramp-done').textContent()) ?? '',
    )?.[1]
    const after = await lusdOf(buyer)
    expect(bought).toBe(formatUnits(after - lusd, 6))
    await screenshot(page, 'onramp-hosted-done')
  })
})
