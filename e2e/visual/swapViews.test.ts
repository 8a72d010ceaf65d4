import { keccak256, parseEther, toBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { accountAfterConnect, view } from '../browser'
import { useDemo } from '../harness'
import { anvilB, reviewable, rpcB } from '../swap'
import { approveConnection } from '../wallet'
import { CASES, shoot, steadyText, useLanguage, useTheme } from './shoot'

// The visual-regression suite's swap views (README "Looks"): the form, its token list and the
// preview, on chain B's devnet exchange, in both themes, English and Arabic. The pool's prices
// move with every other file's swaps: the quoted numbers are steadied or covered; the words,
// the layout and the visitor's own amounts are what is compared.

const openDemo = useDemo()

describe('visual regression: the swap views against their baselines', () => {
  for (const { theme, language } of CASES) {
    it(`${theme}, ${language}`, async () => {
      const suffix = `${theme}-${language}`
      // A key of this picture run alone: its chain B balance is exactly what is set here.
      const key = keccak256(toBytes(`latchkey visual regression swap ${suffix}`))
      await anvilB.setBalance({
        address: privateKeyToAccount(key).address,
        value: parseEther('10000'),
      })
      const { page, wallet } = await openDemo({
        privateKey: key,
        chainId: 31338,
        rpcUrl: rpcB,
        context: { reducedMotion: 'reduce' },
      })
      await useTheme(page, theme)
      await useLanguage(page, language)
      const mismatches: string[] = []

      await page.getByTestId('connect-button').click()
      await page.locator('[data-wallet-id="headless-web3-provider"]').click()
      await approveConnection(wallet)
      await accountAfterConnect(page)
      await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('31338')
      await page.getByTestId('wallet-feature-swaps').click()
      await view(page, 'Swap').waitFor()
      await expect.poll(() => page.getByTestId('swap-sell-token').textContent()).toBe('ETH')

      await page.getByTestId('swap-buy-token').click()
      await view(page, 'SwapSelectToken').waitFor()
      await page.getByTestId('swap-token-lUSD').waitFor()
      await shoot(page, `swap-select-token-${suffix}`, mismatches)
      await page.getByTestId('swap-token-lUSD').click()
      await view(page, 'Swap').waitFor()

      await page.getByTestId('swap-amount').fill('0.01')
      await reviewable(page)
      for (const part of ['swap-quote', 'swap-buy-fiat', 'swap-sell-fiat']) {
        await steadyText(page, part, { numbers: ['25'] })
      }
      await steadyText(page, 'swap-rate', { numbers: ['1', '2500'] })
      await steadyText(page, 'swap-price-impact', { numbers: ['0.01'] })
      await shoot(page, `swap-${suffix}`, mismatches)

      await page.getByTestId('swap-review').click()
      await view(page, 'SwapPreview').waitFor()
      await page.getByTestId('swap-preview-minimum').waitFor()
      await page.getByTestId('swap-preview-fee').waitFor()
      await steadyText(page, 'swap-preview-buy', { numbers: ['25'] })
      await steadyText(page, 'swap-preview-minimum', { numbers: ['24.875'] })
      await steadyText(page, 'swap-preview-impact', { numbers: ['0.01'] })
      await steadyText(page, 'swap-preview-fee', { numbers: ['0.000105'] })
      // The fiat values, the rate and the pool's fee have no hook of their own: covered.
      const preview = page.locator('[data-view="SwapPreview"]')
      await shoot(page, `swap-preview-${suffix}`, mismatches, {
        mask: [preview.locator('p.lk-muted[dir="ltr"]'), preview.locator('dd:not([data-testid])')],
      })
      expect(mismatches).toEqual([])
    })
  }
})
