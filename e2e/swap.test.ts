import { EXCHANGE_ADDRESSES, TEST_ACCOUNTS } from '@latchkey/devnet'
import { erc20Abi, parseEther, parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import {
  anvilB,
  balanceOf,
  chainB,
  confirmSwap,
  LKT,
  LUSD,
  pick,
  reviewable,
  routerOut,
  rpcB,
  shownQuote,
} from './swap'
import { approveConnection, Web3RequestKind } from './wallet'
import { showPairing, useWalletConnectWallets } from './walletConnectPairing'

// On chain B: chain A's pool prices are what other files' fiat values are read at. Accounts 1
// and 2 only sign messages elsewhere, so their balances are this file's alone.
const openDemo = useDemo()
const TRADER = 1
const REFUSER = 2
// The mobile wallet of walletconnect.test.ts, which uses chain A only.
const MOBILE_TRADER = 3
const startWallet = useWalletConnectWallets({ chains: { 31337: inject('rpcA'), 31338: rpcB } })

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

  it('a WalletConnect wallet (WalletKit) swaps ETH for lUSD and, after an exact approval, lUSD for LKT', async () => {
    const trader = TEST_ACCOUNTS[MOBILE_TRADER]
    if (!trader) throw new Error('devnet accounts missing')
    const { page } = await openDemo()
    const wallet = await startWallet({ privateKey: trader.privateKey })
    await wallet.pair(await showPairing(page))
    await accountAfterConnect(page)
    await page.getByTestId('account-network').click()
    await view(page, 'Networks').waitFor()
    await page.getByTestId('network-eip155:31338').click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('eip155:31338')

    const sent = () => wallet.requests.filter((r) => r.method === 'eth_sendTransaction')
    const swapIn = async (sell: string, buy: string, amount: string) => {
      await page.getByTestId('wallet-feature-swaps').click()
      await view(page, 'Swap').waitFor()
      if (sell !== 'ETH') await pick(page, 'sell', sell)
      await pick(page, 'buy', buy)
      await page.getByTestId('swap-amount').fill(amount)
      await reviewable(page)
      await page.getByTestId('swap-review').click()
      await view(page, 'SwapPreview').waitFor()
      // The wallet answers by itself: the swap is done when the modal returns to Account.
      await confirmSwap(page, () => view(page, 'Account').waitFor({ timeout: 60_000 }))
      await expect.poll(() => page.getByTestId('toast').textContent()).toMatch(/^Swapped /)
    }

    const lusdBefore = await balanceOf(LUSD, trader.address)
    const ethOut = await routerOut(parseEther('1'), [EXCHANGE_ADDRESSES.weth, LUSD])
    await swapIn('ETH', 'lUSD', '1')
    expect(await balanceOf(LUSD, trader.address)).toBe(lusdBefore + ethOut)
    expect(sent().map((r) => r.chainId)).toEqual(['eip155:31338'])

    const lktBefore = await balanceOf(LKT, trader.address)
    await swapIn('lUSD', 'LKT', '50')
    // The approve (exactly 50 lUSD to the router), then the swap: two requests, in that order.
    const [approve, swap] = sent().slice(1) as { params: [{ to: string; data: string }] }[]
    expect(approve?.params[0].to.toLowerCase()).toBe(LUSD.toLowerCase())
    expect(approve?.params[0].data.slice(0, 10)).toBe('0x095ea7b3')
    expect(BigInt(`0x${approve?.params[0].data.slice(74)}`)).toBe(parseUnits('50', 6))
    expect(swap?.params[0].to.toLowerCase()).toBe(EXCHANGE_ADDRESSES.router.toLowerCase())
    expect(await balanceOf(LUSD, trader.address)).toBe(lusdBefore + ethOut - parseUnits('50', 6))
    expect(await balanceOf(LKT, trader.address)).toBeGreaterThan(lktBefore)
    const allowance = await chainB.readContract({
      address: LUSD,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [trader.address, EXCHANGE_ADDRESSES.router],
    })
    expect(allowance).toBe(0n)
    await screenshot(page, 'swap-walletconnect')
  })
})
