import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import { createPublicClient, createWalletClient, formatEther, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
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
    await accountAfterConnect(page)

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

describe('account portfolio when the services are unreachable', () => {
  it('shows the errors (toast and inline) and the modal keeps working', async () => {
    const apiUrl = inject('apiUrl')
    const { page, wallet } = await openDemo({ accountIndex: 5 })
    // Cut the browser's connection to the data API, as if the server were stopped.
    await page.route(`${apiUrl}/v1/**`, (route) => route.abort('connectionrefused'))
    await page.waitForFunction(() => document.querySelector('div[data-latchkey-modal]')?.shadowRoot)
    const collectToasts = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const root = document.querySelector('div[data-latchkey-modal]')?.shadowRoot
          const seen = new Set<string>()
          const record = () => {
            const text = root?.querySelector('[data-testid="toast"]')?.textContent
            if (text) seen.add(text)
            if (seen.size >= 1) setTimeout(() => resolve([...seen]), 500)
          }
          record()
          if (root) new MutationObserver(record).observe(root, { subtree: true, childList: true })
          setTimeout(() => resolve([...seen]), 10_000)
        }),
    )
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    const toasts = await collectToasts
    // Both failures raise a toast in the same tick; by the §4 rule the second replaces the first
    // before it paints, so the balance error stays visible inline in the portfolio total.
    expect(toasts).toContain('Failed to fetch transactions')
    expect(await page.getByTestId('portfolio-total').textContent()).toBe(
      'Token Balance Unavailable',
    )
    await screenshot(page, 'account-services-down')

    await page.getByTestId('account-network').click()
    await view(page, 'Networks').waitFor()
    await page.getByTestId('modal-back').click()
    await view(page, 'Account').waitFor()
    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
  })
})
