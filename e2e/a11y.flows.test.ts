// Issue 29 "every view accessible", continued from a11y.views.test.ts: the views that walk does
// not reach, each in the state a visitor sees (waiting, failed, done), checked with axe in both
// themes, on a desktop and a phone, in English and in Arabic (right to left).
import {
  farcasterTestClient,
  LOCAL_FARCASTER_RELAY_KEY,
  registerFarcasterFid,
} from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createTestClient, type Hex, http, keccak256, parseEther, toBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { checkBothThemes } from './a11yCheck'
import { view } from './browser'
import { useDemo } from './harness'
import { pick, reviewable } from './swap'
import { approveConnection, rejectConnection, Web3RequestKind } from './wallet'

const openDemo = useDemo()
const rpcA = inject('rpcA')
const rpcB = inject('rpcB')
const anvilA = createTestClient({ mode: 'anvil', transport: http(rpcA) })
const anvilB = createTestClient({ mode: 'anvil', transport: http(rpcB) })
const RECEIVER = '0x000000000000000000000000000000000000dEaD'

/**
 * A visitor's key of this file alone, one per test (every devnet test account is spent from by
 * some other test): funded here, so a send or a swap quote never depends on another file.
 */
async function ownKey(label: string): Promise<Hex> {
  const key = keccak256(toBytes(`latchkey a11y flows ${label}`))
  const address = privateKeyToAddress(key)
  await anvilA.setBalance({ address, value: parseEther('100') })
  await anvilB.setBalance({ address, value: parseEther('100') })
  return key
}

/** A new Farcaster account: a funded custody key with its fid in the local IdRegistry. */
async function newFarcasterAccount() {
  const privateKey = generatePrivateKey()
  await anvilA.setBalance({ address: privateKeyToAddress(privateKey), value: 10n ** 18n })
  const fid = await registerFarcasterFid({ rpcUrl: rpcA, privateKey })
  return farcasterTestClient({
    relayUrl: inject('farcasterRelayUrl'),
    authKey: LOCAL_FARCASTER_RELAY_KEY,
    privateKey,
    fid,
    username: 'a11y',
  })
}

type WithAppKit = { appKit: { open(o: { view: string }): void; core: CoreForTests } }
type CoreForTests = {
  stores: {
    embedded: { getState(): { farcaster?: { url?: string } } }
    features: {
      getState(): { remote: string; features: Record<string, unknown> }
      setState(s: unknown): void
    }
  }
}

const farcasterUrl = (page: Page) =>
  page.evaluate(
    () => (window as unknown as WithAppKit).appKit.core.stores.embedded.getState().farcaster?.url,
  )

async function closeModal(page: Page) {
  await page.getByTestId('modal-close').click()
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
}

type Opened = Awaited<ReturnType<typeof openDemo>>

/**
 * No wallet connected yet: Farcaster (waiting, then failed), the basic WalletConnect view, a
 * connection the wallet refuses, a wallet on a network the app does not list; then, switched to
 * a listed one, the swap preview (and the swap refused) and a swap the account cannot pay.
 */
async function beforeConnecting({ page, wallet }: Opened, dir: 'ltr' | 'rtl') {
  const found: string[] = []
  const check = async (label: string) => found.push(...(await checkBothThemes(page, label)))
  const farcaster = await newFarcasterAccount()

  await page.getByTestId('connect-button').click()
  await page.locator(`[role="dialog"][dir="${dir}"]`).waitFor()
  await page.getByTestId('social-farcaster').click()
  await page.locator('[data-view="ConnectingFarcaster"][data-state="waiting"]').waitFor()
  await check('ConnectingFarcaster')
  // A key that does not own the fid: the relay reports a failed sign-in.
  await farcaster.signIn((await farcasterUrl(page)) as string, { signWith: generatePrivateKey() })
  await page.locator('[data-view="ConnectingFarcaster"][data-state="failed"]').waitFor()
  await page.getByTestId('connect-retry').waitFor()
  await check('ConnectingFarcaster (failed)')
  await closeModal(page)

  // The view apps with manual control open by name.
  await page.evaluate(() =>
    (window as unknown as WithAppKit).appKit.open({ view: 'ConnectingWalletConnectBasic' }),
  )
  await view(page, 'ConnectingWalletConnectBasic').waitFor()
  await expect.poll(() => page.getByTestId('wc-pairing').getAttribute('data-uri')).toMatch(/^wc:/)
  await check('ConnectingWalletConnectBasic')
  await closeModal(page)

  await page.getByTestId('connect-button').click()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await view(page, 'ConnectingExternal').waitFor()
  await rejectConnection(wallet)
  await page.getByTestId('connect-error').waitFor()
  await page.getByTestId('connect-retry').waitFor()
  await check('ConnectingExternal (rejected)')
  await page.getByTestId('connect-retry').click()
  await approveConnection(wallet)

  // The wallet is on Ethereum, which the demo does not list.
  await view(page, 'UnsupportedChain').waitFor()
  await page.getByTestId('network-eip155:31338').waitFor()
  await check('UnsupportedChain')
  await page.getByTestId('network-eip155:31338').click()
  await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
  await wallet.authorize(Web3RequestKind.AddEthereumChain)
  await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
  await view(page, 'Account').waitFor()

  // Swaps are offered on chain B.
  await page.getByTestId('wallet-feature-swaps').click()
  await view(page, 'Swap').waitFor()
  await expect.poll(() => page.getByTestId('swap-sell-token').textContent()).toBe('ETH')
  await pick(page, 'buy', 'lUSD')
  await page.getByTestId('swap-amount').fill('0.01')
  await reviewable(page)
  await page.getByTestId('swap-review').click()
  await view(page, 'SwapPreview').waitFor()
  await expect.poll(() => page.getByTestId('swap-preview-minimum').textContent()).toMatch(/lUSD/)
  await check('SwapPreview')
  await page.getByTestId('swap-confirm').click()
  await wallet.reject(Web3RequestKind.SendTransaction)
  await page.getByTestId('swap-error').waitFor()
  await check('SwapPreview (refused)')
  await page.getByTestId('modal-back').click()
  await view(page, 'Swap').waitFor()
  // More than the account holds.
  await page.getByTestId('swap-amount').fill('1000000')
  await page.getByTestId('swap-error').waitFor()
  await check('Swap (error)')
  return found
}

/** Fills the amount, waits for the quote, and opens the provider's checkout popup. */
async function checkout(page: Page) {
  await page.getByTestId('onramp-amount').fill('20')
  await page.getByTestId('onramp-receive').waitFor()
  const popupOpened = page.context().waitForEvent('page')
  await page.getByTestId('onramp-buy').click()
  const popup = await popupOpened
  await popup.waitForURL(/\/onramp\/checkout\//)
  await view(page, 'BuyInProgress').waitFor()
  return popup
}

/**
 * Connected on chain A: the email the project asks for before the sign-in (DataCapture), a send
 * form with an error, refused and then sent, a purchase waiting, failed and done, a network of a
 * namespace without a wallet, and a network switch the wallet refuses.
 */
async function connected({ page, wallet }: Opened, dir: 'ltr' | 'rtl') {
  const found: string[] = []
  const check = async (label: string) => found.push(...(await checkBothThemes(page, label)))

  // emailCapture is the project's remote feature (off for the demo's project, which other files
  // share): turned on in this page only, once the remote config has answered.
  await page.waitForFunction(() => 'appKit' in window)
  await page.waitForFunction(
    () =>
      (window as unknown as WithAppKit).appKit.core.stores.features.getState().remote !== 'pending',
  )
  await page.evaluate(() => {
    const features = (window as unknown as WithAppKit).appKit.core.stores.features
    features.setState({ features: { ...features.getState().features, emailCapture: true } })
  })
  await page.getByTestId('connect-button').click()
  await page.locator(`[role="dialog"][dir="${dir}"]`).waitFor()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await approveConnection(wallet)
  await view(page, 'DataCapture').waitFor()
  await check('DataCapture')
  await page.getByTestId('data-capture-email').fill('not an email')
  await page.getByTestId('data-capture-submit').click()
  await page.getByTestId('data-capture-error').waitFor()
  await check('DataCapture (invalid email)')
  // Closing is allowed (the sign-in is optional with ?siwx=local).
  await closeModal(page)

  await page.getByTestId('account-button').click()
  await view(page, 'Account').waitFor()
  await page.getByTestId('wallet-feature-send').click()
  await view(page, 'WalletSend').waitFor()
  await expect.poll(() => page.getByTestId('send-select-token').textContent()).toMatch(/ETH/)
  await page.getByTestId('send-preview').click()
  await page.getByTestId('send-error').waitFor()
  await check('WalletSend (error)')
  await page.getByTestId('send-amount').fill('0.001')
  await page.getByTestId('send-receiver').fill(RECEIVER)
  await page.getByTestId('send-preview').click()
  await view(page, 'WalletSendPreview').waitFor()
  await page.getByTestId('send-confirm').click()
  await wallet.reject(Web3RequestKind.SendTransaction)
  await page.getByTestId('send-error').waitFor()
  await check('WalletSendPreview (refused)')
  await page.getByTestId('send-confirm').click()
  await wallet.authorize(Web3RequestKind.SendTransaction)
  await view(page, 'WalletSendResult').waitFor()
  await expect.poll(() => page.getByTestId('send-hash').textContent()).toMatch(/0x/)
  await check('WalletSendResult')
  await page.getByTestId('send-done').click()
  await view(page, 'Account').waitFor()

  await page.getByTestId('wallet-feature-onramp').click()
  await view(page, 'OnRampProviders').waitFor()
  await expect.poll(() => page.getByTestId('onramp-asset').textContent()).toMatch(/ETH/)
  const closed = await checkout(page)
  await page.getByTestId('onramp-status').waitFor()
  await check('BuyInProgress')
  await closed.close()
  await page.getByTestId('onramp-failed').waitFor()
  await check('BuyInProgress (checkout closed)')
  await page.getByTestId('onramp-retry').click()
  await view(page, 'OnRampProviders').waitFor()
  const paid = await checkout(page)
  await paid.getByLabel('Card number').fill('4242 4242 4242 4242')
  await paid.getByRole('button', { name: 'Pay' }).click()
  await page.getByTestId('onramp-done').waitFor()
  await check('BuyInProgress (bought)')
  await paid.close()
  await page.getByTestId('onramp-finish').click()
  await view(page, 'Account').waitFor()

  // No Solana wallet in this browser: the view says so.
  await page.getByTestId('account-network').click()
  await view(page, 'Networks').waitFor()
  await page.getByTestId(`network-${inject('solanaCaipNetworkId')}`).click()
  await view(page, 'SwitchActiveChain').waitFor()
  await page.getByTestId('switch-active-chain-text').waitFor()
  await check('SwitchActiveChain')
  await page.getByTestId('modal-back').click()
  await view(page, 'Networks').waitFor()
  await page.getByTestId('network-eip155:31338').click()
  await view(page, 'SwitchNetwork').waitFor()
  // The refusal crosses Playwright's bridge without its code, so wagmi offers to add the chain.
  await wallet.reject(Web3RequestKind.SwitchEthereumChain)
  await wallet.reject(Web3RequestKind.AddEthereumChain)
  await page.getByTestId('switch-error').waitFor()
  await check('SwitchNetwork (refused)')
  return found
}

describe('axe on the views of the flows: both themes, desktop and phone, English and Arabic', () => {
  for (const mobile of [false, true]) {
    for (const locale of ['en-US', 'ar']) {
      const run = `${mobile ? 'phone' : 'desktop'} ${locale}`
      const dir = locale === 'ar' ? 'rtl' : 'ltr'
      const context = { locale }

      it(`${mobile ? 'phone (390 px)' : 'desktop'}, ${locale}: before connecting`, async () => {
        const opened = await openDemo({
          mobile,
          privateKey: await ownKey(`before ${run}`),
          // A network the demo does not list; the wallet reads chain B until it switches.
          chainId: 1,
          rpcUrl: rpcB,
          context,
        })
        expect(await beforeConnecting(opened, dir)).toEqual([])
      })

      it(`${mobile ? 'phone (390 px)' : 'desktop'}, ${locale}: connected`, async () => {
        const opened = await openDemo({
          mobile,
          privateKey: await ownKey(`connected ${run}`),
          url: (demo) => `${demo}?siwx=local`,
          context,
        })
        expect(await connected(opened, dir)).toEqual([])
      })
    }
  }
})
