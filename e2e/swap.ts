// What the swap e2e files share: chain B's reads and the Swap views' steps.
import { DEVNET_TOKENS, EXCHANGE_ADDRESSES, routerAbi } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, erc20Abi, http } from 'viem'
import { expect, inject } from 'vitest'
import { view } from './browser'

export const rpcB = inject('rpcB')
export const chainB = createPublicClient({ transport: http(rpcB) })
export const anvilB = createTestClient({ mode: 'anvil', transport: http(rpcB) })
export const token = (symbol: string) => {
  const found = DEVNET_TOKENS.find((t) => t.symbol === symbol)
  if (!found) throw new Error(`devnet token ${symbol} missing`)
  return found.address
}
export const LUSD = token('lUSD')
export const LKT = token('LKT')
export const balanceOf = (address: `0x${string}`, owner: `0x${string}`) =>
  chainB.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
export const routerOut = async (amount: bigint, path: `0x${string}`[]) =>
  (
    await chainB.readContract({
      address: EXCHANGE_ADDRESSES.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
  ).at(-1) as bigint

export async function pick(page: Page, side: 'sell' | 'buy', symbol: string) {
  await page.getByTestId(`swap-${side}-token`).click()
  await view(page, 'SwapSelectToken').waitFor()
  await page.getByTestId(`swap-token-${symbol}`).click()
  await view(page, 'Swap').waitFor()
}

/** Confirms the swap in the preview; fails with the modal's own words if the swap failed first. */
export async function confirmSwap(page: Page, inWallet: () => Promise<unknown>) {
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
export async function reviewable(page: Page) {
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
export const shownQuote = (page: Page) => page.getByTestId('swap-quote').textContent()
