import { floorDecimalString } from '@latchkey/core/internal'
import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseEther, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
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
    await accountAfterConnect(page)
    await page.getByTestId('wallet-feature-send').click()
    await view(page, 'WalletSend').waitFor()

    // The network's coin is picked; validation speaks the spec's words.
    await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/^ETH/)
    await page.getByTestId('send-preview').click()
    await expect
      .poll(() => page.getByTestId('send-error').textContent())
      .toBe('An amount and receiver address are required')
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
    await accountAfterConnect(page)
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

  it('after a send to oneself and to another, header, account button and token list show the chain', async () => {
    if (!receiver) throw new Error('devnet accounts missing')
    const { page, wallet } = await openDemo({ accountIndex: SENDER })
    await openSend(page)
    await approveConnection(wallet)
    await accountAfterConnect(page)
    const sender = TEST_ACCOUNTS[SENDER]?.address
    if (!sender) throw new Error('devnet accounts missing')
    const shown = async () => {
      const ethRow = page.locator('[data-testid="token-list"] [data-token-symbol="ETH"]')
      return {
        header: await page.getByTestId('account-balance').textContent(),
        button: (await page.getByTestId('account-button').textContent())?.match(/[\d.]+ ETH/)?.[0],
        list: await ethRow.getByTestId('token-amount').textContent(),
      }
    }
    const onChain = async () =>
      `${floorDecimalString(formatEther(await chainA.getBalance({ address: sender })))} ETH`
    const sendEth = async (to: string) => {
      await page.getByTestId('wallet-feature-send').click()
      await fillSend(page, 'ETH', '0.5', to)
      await page.getByTestId('send-preview').click()
      await page.getByTestId('send-confirm').click()
      await wallet.authorize(Web3RequestKind.SendTransaction)
      await view(page, 'WalletSendResult').waitFor()
      const hash = (await page.getByTestId('send-hash').textContent()) as `0x${string}`
      await chainA.waitForTransactionReceipt({ hash })
      await page.getByTestId('send-done').click()
      await view(page, 'Account').waitFor()
      return hash
    }
    await expect.poll(async () => (await shown()).list).toMatch(/ ETH$/)
    const before = await onChain()
    await expect.poll(shown).toEqual({ header: before, button: before, list: before })

    // To oneself: one entry, neither sent nor received; only the fee left the account.
    const selfHash = await sendEth(sender)
    const afterSelf = await onChain()
    await expect.poll(shown).toEqual({ header: afterSelf, button: afterSelf, list: afterSelf })
    const entry = page.locator(`[data-testid="activity-list"] [data-tx-hash="${selfHash}"]`)
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1)
    expect(await entry.getAttribute('data-direction')).toBe('self')
    expect(await entry.textContent()).toContain('Sent to self')
    expect(await entry.textContent()).toContain('0.5 ETH')
    expect(await entry.textContent()).not.toContain('-0.5')
    await screenshot(page, 'send-to-self')

    // To another: 0.5 ETH less everywhere at once, also after closing and reopening the modal.
    await sendEth(receiver.address)
    const afterSend = await onChain()
    expect(afterSend).not.toBe(afterSelf)
    await expect.poll(shown).toEqual({ header: afterSend, button: afterSend, list: afterSend })
    await page.getByTestId('modal-close').click()
    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    await expect.poll(shown).toEqual({ header: afterSend, button: afterSend, list: afterSend })
  })
})
