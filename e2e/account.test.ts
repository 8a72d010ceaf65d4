import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import { createPublicClient, createWalletClient, formatEther, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()
const rpcA = inject('rpcA')
// Accounts no other test touches, so balances and activity are this test's alone.
const VISITOR = 3
const SENDER = 4
const visitor = TEST_ACCOUNTS[VISITOR]
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')

const floor3 = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.')
  const kept = fraction.slice(0, 3).replace(/0+$/, '')
  return `${whole}${kept ? `.${kept}` : ''}`
}

describe('account portfolio and activity', () => {
  it('shows ETH and both tokens floored, and a new transfer once the 15 s cache expires', async () => {
    if (!visitor || !lusd) throw new Error('devnet accounts or tokens missing')
    const { page, wallet } = await openDemo({ accountIndex: VISITOR })
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await view(page, 'Account').waitFor()

    const eth = await createPublicClient({ transport: http(rpcA) }).getBalance({
      address: visitor.address,
    })
    const row = (symbol: string) =>
      page.locator(`[data-testid="token-list"] [data-token-symbol="${symbol}"]`)
    await expect.poll(() => row('ETH').textContent()).toContain(floor3(formatEther(eth)))
    await expect.poll(() => row('lUSD').textContent()).toContain('1000000')
    await expect.poll(() => row('LKT').textContent()).toContain('1000')
    const firstLoad = Date.now()
    await screenshot(page, 'account-portfolio')

    const sender = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS[SENDER]?.privateKey ?? '0x'),
      chain: { ...foundry, rpcUrls: { default: { http: [rpcA] } } },
      transport: http(rpcA),
    })
    const hash = await sender.writeContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [visitor.address, parseUnits('12.3456', lusd.decimals)],
    })
    await createPublicClient({ transport: http(rpcA) }).waitForTransactionReceipt({ hash })

    await page.getByTestId('modal-close').click()
    await page.waitForTimeout(Math.max(0, 15_500 - (Date.now() - firstLoad)))
    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    const activity = page.locator(`[data-testid="activity-list"] [data-tx-hash="${hash}"]`)
    await activity.waitFor({ timeout: 20_000 })
    expect(await activity.count()).toBe(1)
    expect(await activity.textContent()).toContain('12.345')
    await screenshot(page, 'account-activity')
  })
})
