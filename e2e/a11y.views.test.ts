// Issue 29 "every view accessible": axe-core finds nothing on any view a visitor reaches in the
// demo, in both themes, on a desktop and a phone, in English and in Arabic (right to left).
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { checkBothThemes } from './a11yCheck'
import { view } from './browser'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

const openDemo = useDemo()
const rpcB = inject('rpcB')
/** Any address: the walk stops at the send preview. */
const RECEIVER = '0x000000000000000000000000000000000000dEaD'

async function back(page: Page, to: string) {
  await page.getByTestId('modal-back').click()
  await view(page, to).waitFor()
}

/** A visitor's walk through every view; axe at each step, in both themes. */
async function walk(
  page: Page,
  wallet: Awaited<ReturnType<typeof openDemo>>['wallet'],
  dir: 'ltr' | 'rtl',
) {
  const found: string[] = []
  const check = async (label: string) => found.push(...(await checkBothThemes(page, label)))

  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  // Arabic: the translation has loaded and the dialog runs right to left.
  await page.locator(`[role="dialog"][dir="${dir}"]`).waitFor()
  await page.locator('[data-wallet-id="headless-web3-provider"]').waitFor()
  await check('Connect')

  await page.getByTestId('all-wallets').click()
  await view(page, 'AllWallets').waitFor()
  await page.locator('[data-view="AllWallets"] [data-wallet-id]').first().waitFor()
  await check('AllWallets')
  await page.getByTestId('wallet-search').fill('rain')
  await page.locator('[data-view="AllWallets"] [data-wallet-id="rainbow"]').waitFor()
  await page.locator('[data-view="AllWallets"] [aria-busy="false"]').waitFor()
  await check('AllWallets (search)')
  await page.getByTestId('wallet-search').fill('zzqqzz')
  await page.getByTestId('no-wallet-found').waitFor()
  await check('AllWallets (nothing found)')
  await back(page, 'Connect')

  await page.locator('[data-wallet-id="walletConnect"]').first().click()
  await view(page, 'ConnectingWalletConnect').waitFor()
  await expect.poll(() => page.getByTestId('wc-pairing').getAttribute('data-uri')).toMatch(/^wc:/)
  await check('ConnectingWalletConnect')
  await back(page, 'Connect')

  await page.getByTestId('connect-email').click()
  await view(page, 'EmailLogin').waitFor()
  await check('EmailLogin')
  await page.getByTestId('email-login-submit').click()
  await page.getByTestId('email-login-error').waitFor()
  await check('EmailLogin (error)')
  await back(page, 'Connect')

  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await view(page, 'ConnectingExternal').waitFor()
  await check('ConnectingExternal')
  await approveConnection(wallet)

  // ?siwx=local: the modal asks for the sign-in once the wallet is connected.
  await view(page, 'SIWXSignMessage').waitFor()
  await check('SIWXSignMessage')
  await page.getByTestId('siwx-sign').click()
  await wallet.authorize(Web3RequestKind.SignMessage)
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })

  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
  await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
  await page.locator('[data-testid="token-list"] [data-token-symbol]').first().waitFor()
  await check('Account')

  await page.getByTestId('account-network').click()
  await view(page, 'Networks').waitFor()
  await check('Networks')
  await back(page, 'Account')

  await page.getByTestId('wallet-feature-receive').click()
  await view(page, 'Receive').waitFor()
  await check('Receive')
  await back(page, 'Account')

  await page.getByTestId('wallet-feature-send').click()
  await view(page, 'WalletSend').waitFor()
  await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/ETH/)
  await check('WalletSend')
  await page.getByTestId('send-select-token').click()
  await view(page, 'WalletSendSelectToken').waitFor()
  await check('WalletSendSelectToken')
  await page.getByTestId('send-token-lUSD').click()
  await view(page, 'WalletSend').waitFor()
  await page.getByTestId('send-amount').fill('1')
  await page.getByTestId('send-receiver').fill(RECEIVER)
  await page.getByTestId('send-preview').click()
  await view(page, 'WalletSendPreview').waitFor()
  await expect.poll(() => page.getByTestId('send-gas-price').textContent()).toMatch(/\d/)
  await check('WalletSendPreview')
  await back(page, 'WalletSend')
  await back(page, 'Account')

  await page.getByTestId('wallet-feature-swaps').click()
  await view(page, 'Swap').waitFor()
  await expect.poll(() => page.getByTestId('swap-sell-token').textContent()).toBe('ETH')
  await check('Swap')
  await page.getByTestId('swap-buy-token').click()
  await view(page, 'SwapSelectToken').waitFor()
  await page.locator('[data-testid="swap-token-list"] li button').first().waitFor()
  await check('SwapSelectToken')
  await back(page, 'Swap')
  await back(page, 'Account')

  await page.getByTestId('wallet-feature-onramp').click()
  await view(page, 'OnRampProviders').waitFor()
  await expect.poll(() => page.getByTestId('onramp-asset').textContent()).toMatch(/\w/)
  await check('OnRampProviders')
  await page.getByTestId('onramp-asset').click()
  await view(page, 'OnRampTokenSelect').waitFor()
  await check('OnRampTokenSelect')
  await back(page, 'OnRampProviders')
  await page.getByTestId('onramp-currency').click()
  await view(page, 'OnRampFiatSelect').waitFor()
  await check('OnRampFiatSelect')
  await back(page, 'OnRampProviders')
  await back(page, 'Account')

  // Another network: the modal waits for the wallet to switch.
  await page.getByTestId('account-network').click()
  await page.getByTestId('network-eip155:31337').click()
  await view(page, 'SwitchNetwork').waitFor()
  await check('SwitchNetwork')
  return found
}

describe('axe on every view: both themes, desktop and phone, English and Arabic', () => {
  for (const mobile of [false, true]) {
    for (const locale of ['en-US', 'ar']) {
      it(`${mobile ? 'phone (390 px)' : 'desktop'}, ${locale}`, async () => {
        const { page, wallet } = await openDemo({
          mobile,
          // Swaps are offered on chain B.
          chainId: 31338,
          rpcUrl: rpcB,
          accountIndex: 9,
          url: (demo) => `${demo}?siwx=local`,
          context: { locale },
        })
        expect(await walk(page, wallet, locale === 'ar' ? 'rtl' : 'ltr')).toEqual([])
      })
    }
  }
})
