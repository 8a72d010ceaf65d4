import { DEVNET_TOKENS, EXCHANGE_ADDRESSES, routerAbi, TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

// On chain B: chain A's pool prices are what other files' fiat values are read at. Accounts 1
// and 2 only sign messages elsewhere, so their balances are this file's alone.
const openDemo = useDemo()
const rpcB = inject('rpcB')
const TRADER = 1
const REFUSER = 2
const chainB = createPublicClient({ transport: http(rpcB) })
const anvilB = createTestClient({ mode: 'anvil', transport: http(rpcB) })
const token = (symbol: string) => {
  const found = DEVNET_TOKENS.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`devnet token ${symbol} missing`)
  return found.address
}
const LUSD = token('lUSD')
const LKT = token('LKT')
const balanceOf = (address: `0x${string}`, owner: `0x${string}`) =>
  chainB.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const routerOut = async (amount: bigint, path: `0x${string}`[]) =>
  (
    await chainB.readContract({
      address: EXCHANGE_ADDRESSES.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
  ).at(-1) as bigint

async function openSwap(accountIndex: number) {
  const opened = await openDemo({ accountIndex, chainId: 31338, rpcUrl: rpcB })
  const { page, wallet } = opened
  await page.getByTestId('connect-button').click()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await approveConnection(wallet)
  await accountAfterConnect(page)
  await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('eip155:31338')
  await page.getByTestId('wallet-feature-swaps').click()
  await view(page, 'Swap').waitFor()
  await expect.poll(() => page.getByTestId('swap-sell-token').textContent()).toBe('ETH')
  return opened
}

async function pick(page: Page, side: 'sell' | 'buy', symbol: string) {
  await page.getByTestId(`swap-${side}-token`).click()
  await view(page, 'SwapSelectToken').waitFor()
  await page.getByTestId(`swap-token-${symbol}`).click()
  await view(page, 'Swap').waitFor()
}

/** Confirms the swap in the preview; fails with the modal's own words if the swap failed first. */
async function confirmSwap(page: Page, inWallet: () => Promise<unknown>) {
  await page.getByTestId('swap-confirm').click()
  const failed = page
    .getByTestId('swap-error')
    .waitFor({ timeout: 60_000 })
    .then(async () => {
      throw new Error(`the swap failed: ${await page.getByTestId('swap-error').textContent()}`)
    })
  await Promise.race([inWallet(), failed])
  failed.catch(() => undefined)
}

/** Waits until the form can be reviewed; else fails with what the form shows. */
async function reviewable(page: Page) {
  const shown = async () => ({
    enabled: await page.getByTestId('swap-review').isEnabled(),
    quote: await page.getByTestId('swap-quote').textContent(),
    balance: await page.getByTestId('swap-sell-balance').textContent(),
    error: (await page.getByTestId('swap-error').count())
      ? await page.getByTestId('swap-error').textContent()
      : null,
  })
  await expect
    .poll(async () => (await shown()).enabled)
    .toBe(true)
    .catch(async () => {
      throw new Error(`the swap form cannot be reviewed: ${JSON.stringify(await shown())}`)
    })
}

/** The quote as the form shows it, in base units (it shows at most 6 decimals). */
const shownQuote = (page: Page) => page.getByTestId('swap-quote').textContent()

describe('Swap on the devnet exchange', () => {
  it('swaps ETH for lUSD, then lUSD for LKT after an exact approval; the chain pays what was quoted', async () => {
    const trader = TEST_ACCOUNTS[TRADER]?.address
    if (!trader) throw new Error('devnet accounts missing')
    const { page, wallet } = await openSwap(TRADER)

    // ETH → lUSD: the quote is the router's own, no approval is asked.
    await pick(page, 'buy', 'lUSD')
    await page.getByTestId('swap-amount').fill('1')
    const ethOut = await routerOut(parseEther('1'), [EXCHANGE_ADDRESSES.weth, LUSD])
    await expect.poll(() => shownQuote(page)).toBe(String(Number(ethOut) / 1e6))
    await expect
      .poll(() => page.getByTestId('swap-rate').textContent())
      .toMatch(/^1 ETH = [\d,.]+ lUSD$/)
    await screenshot(page, 'swap')
    const lusdBefore = await balanceOf(LUSD, trader)
    await page.getByTestId('swap-review').click()
    await view(page, 'SwapPreview').waitFor()
    await expect
      .poll(() => page.getByTestId('swap-preview-minimum').textContent())
      .toMatch(/ lUSD$/)
    await screenshot(page, 'swap-preview')
    await confirmSwap(page, () => wallet.authorize(Web3RequestKind.SendTransaction))
    await view(page, 'Account').waitFor()
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toMatch(/^Swapped 1 ETH for [\d.]+ lUSD$/)
    expect(await balanceOf(LUSD, trader)).toBe(lusdBefore + ethOut)
    await expect
      .poll(() => page.locator('[data-testid="activity-list"] [data-direction="trade"]').count())
      .toBeGreaterThan(0)
    await screenshot(page, 'swap-activity')

    // lUSD → LKT: approve exactly the amount, then swap; the allowance is used up.
    await page.getByTestId('wallet-feature-swaps').click()
    await view(page, 'Swap').waitFor()
    await pick(page, 'sell', 'lUSD')
    await pick(page, 'buy', 'LKT')
    await page.getByTestId('swap-amount').fill('100')
    const amount = parseUnits('100', 6)
    const direct = await routerOut(amount, [LUSD, LKT])
    const viaWeth = await routerOut(amount, [LUSD, EXCHANGE_ADDRESSES.weth, LKT])
    const lktOut = [direct, viaWeth].sort((a, b) => (a > b ? -1 : 1))[0] as bigint
    await expect.poll(() => page.getByTestId('swap-quote').textContent()).not.toBe('0')
    const lktBefore = await balanceOf(LKT, trader)
    await page.getByTestId('swap-review').click()
    await view(page, 'SwapPreview').waitFor()
    await confirmSwap(page, async () => {
      await wallet.authorize(Web3RequestKind.SendTransaction)
      await expect
        .poll(() => page.getByTestId('swap-status').textContent())
        .toBe('Confirm the swap in your wallet…')
      await wallet.authorize(Web3RequestKind.SendTransaction)
    })
    await view(page, 'Account').waitFor()
    expect(await balanceOf(LKT, trader)).toBe(lktBefore + lktOut)
    const allowance = await chainB.readContract({
      address: LUSD,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [trader, EXCHANGE_ADDRESSES.router],
    })
    expect(allowance).toBe(0n)
  })

  it("a refusal in the wallet keeps the form; a trade the pools cannot fill says 'Insufficient liquidity'", async () => {
    const { page, wallet } = await openSwap(REFUSER)
    await pick(page, 'buy', 'LKT')
    await page.getByTestId('swap-amount').fill('0.01')
    await expect.poll(() => page.getByTestId('swap-review').isEnabled()).toBe(true)
    await page.getByTestId('swap-review').click()
    await view(page, 'SwapPreview').waitFor()
    await page.getByTestId('swap-confirm').click()
    await wallet.reject(Web3RequestKind.SendTransaction)
    await expect
      .poll(() => page.getByTestId('swap-error').textContent())
      .toBe('User rejected the request')
    expect(await page.getByTestId('swap-confirm').isEnabled()).toBe(true)

    await page.getByTestId('modal-back').click()
    await view(page, 'Swap').waitFor()
    expect(await page.getByTestId('swap-amount').inputValue()).toBe('0.01')
    await pick(page, 'sell', 'lUSD')
    await page.getByTestId('swap-amount').fill('1000000')
    await expect
      .poll(() => page.getByTestId('swap-error').textContent())
      .toBe('Insufficient liquidity')
    expect(await page.getByTestId('swap-review').isEnabled()).toBe(false)
    await screenshot(page, 'swap-insufficient-liquidity')
  })

  it('the embedded wallet swaps with each transaction approved inside the secure frame', async () => {
    const { page } = await openDemo()
    const address = (await logInWithEmail(
      page,
      inject('apiUrl'),
      uniqueEmail('swapper'),
    )) as `0x${string}`
    // Funded before chain B's balances are first read (the data API keeps them 30 s).
    await anvilB.setBalance({ address, value: parseEther('5') })
    await page.getByTestId('account-network').click()
    await view(page, 'Networks').waitFor()
    await page.getByTestId('network-eip155:31338').click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('eip155:31338')

    const approveInFrame = async () => {
      await view(page, 'ApproveTransaction').waitFor()
      // Chromium drops input to a frame that moved in the last 500 ms: wait until Approve is on.
      await expect
        .poll(() => secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled'))
        .toBe('false')
      await secureFrame(page).getByTestId('frame-approve').click()
    }
    const swapIn = async (sell: string, buy: string, amount: string, approvals: number) => {
      await page.getByTestId('wallet-feature-swaps').click()
      await view(page, 'Swap').waitFor()
      await pick(page, 'sell', sell)
      await pick(page, 'buy', buy)
      await page.getByTestId('swap-amount').fill(amount)
      await reviewable(page)
      await page.getByTestId('swap-review').click()
      await view(page, 'SwapPreview').waitFor()
      await confirmSwap(page, async () => {
        for (let i = 0; i < approvals; i++) await approveInFrame()
      })
      await view(page, 'Account').waitFor()
      await expect.poll(() => page.getByTestId('toast').textContent()).toMatch(/^Swapped /)
    }

    await swapIn('ETH', 'lUSD', '1', 1)
    const lusd = await balanceOf(LUSD, address)
    expect(lusd).toBeGreaterThan(parseUnits('2900', 6))
    await swapIn('lUSD', 'LKT', '50', 2)
    expect(await balanceOf(LUSD, address)).toBe(lusd - parseUnits('50', 6))
    expect(await balanceOf(LKT, address)).toBeGreaterThan(0n)
  })
})
