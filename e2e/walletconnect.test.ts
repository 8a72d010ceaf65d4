import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import { createPublicClient, type Hex, http, parseEther, parseUnits, verifyMessage } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import {
  modalAddress,
  pairingUri,
  showPairing,
  useWalletConnectWallets,
} from './walletConnectPairing'

const rpcA = inject('rpcA')
const mobileWallet = TEST_ACCOUNTS[3]
const batchWallet = TEST_ACCOUNTS[5]
const chainA = createPublicClient({ transport: http(rpcA) })
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD') as (typeof DEVNET_TOKENS)[number]
/** The demo's batch receiver (WagmiActions.tsx) */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const lusdOf = (address: Hex) =>
  chainA.readContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })

const openDemo = useDemo()
const startWallet = useWalletConnectWallets({
  privateKey: mobileWallet.privateKey,
  chains: { 31337: rpcA },
})

describe('WalletConnect through our relay, with a WalletKit wallet', () => {
  it('a page whose clock runs an hour ahead: the relay refuses its JWT, the modal says Session Expired', async () => {
    const { page } = await openDemo({
      init: () => {
        const realNow = Date.now
        Date.now = () => realNow() + 3_600_000
      },
    })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-wallet-id="walletConnect"]').first().click()
    const alert = page.locator('[data-alert-code="APKT006"]')
    await alert.waitFor({ timeout: 20_000 })
    expect(await alert.textContent()).toContain('Session Expired')
    // The pairing fails rather than waiting for ever, and offers a retry.
    await expect
      .poll(() => page.getByTestId('connect-error').textContent(), { timeout: 20_000 })
      .toBe('Failed to connect')
    await page.getByTestId('connect-retry').waitFor()
    await screenshot(page, 'walletconnect-session-expired')
  })

  it('pairs from the QR code, signs, survives a reload, and ends when the wallet disconnects', async () => {
    const { page, errors, warnings } = await openDemo()
    const wallet = await startWallet()
    const uri = await showPairing(page)
    await page.getByTestId('qr-code').locator('svg').waitFor()
    await screenshot(page, 'walletconnect-qr')

    await wallet.pair(uri)
    await accountAfterConnect(page)
    await expect.poll(() => modalAddress(page)).toBe(wallet.address)
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(wallet.address)
    await expect.poll(() => page.getByTestId('state-wallet').textContent()).toBe('E2E Wallet')
    await screenshot(page, 'walletconnect-account')
    // A working connection is no warning (WalletConnect's core logs "Relayer connected" as one).
    expect(warnings.filter((text) => /relayer/i.test(text))).toEqual([])

    // The app's own wagmi code signs through the same session.
    await page.keyboard.press('Escape')
    await page.getByTestId('sign-message').click()
    await expect
      .poll(() => page.getByTestId('signature').textContent())
      .toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    expect(
      await verifyMessage({ address: wallet.address, message: 'Hello from Latchkey', signature }),
    ).toBe(true)
    expect(wallet.requests.map((r) => r.method)).toContain('personal_sign')

    // The session is restored after a reload, without pairing again.
    await page.reload()
    await expect.poll(() => modalAddress(page), { timeout: 20_000 }).toBe(wallet.address)
    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()

    await wallet.disconnectAll()
    await view(page, 'Connect').waitFor()
    expect(await modalAddress(page)).toBeUndefined()
    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(JSON.stringify(stored)).not.toContain(wallet.address)
    expect(errors).toEqual([])
  })

  it("passes the app's wallet_sendCalls (wagmi's useSendCalls) to a wallet that supports EIP-5792, and tells one that does not", async () => {
    const { page } = await openDemo()
    // An account of its own: account.test.ts reads the activity of the usual mobile wallet.
    const wallet = await startWallet({ sendCalls: true, privateKey: batchWallet.privateKey })
    await wallet.pair(await showPairing(page))
    await accountAfterConnect(page)
    const ethBefore = await chainA.getBalance({ address: RECEIVER })
    const lusdBefore = await lusdOf(RECEIVER)
    await page.keyboard.press('Escape')
    await page.getByTestId('send-calls').click()
    // The wallet has no atomic batches: it sends the calls in turn, and says so.
    await expect
      .poll(() => page.getByTestId('calls-status').textContent(), { timeout: 60_000 })
      .toBe('success 200 in turn')
    expect(wallet.requests.map((r) => r.method)).toContain('wallet_sendCalls')
    expect((await chainA.getBalance({ address: RECEIVER })) - ethBefore).toBe(parseEther('0.001'))
    expect((await lusdOf(RECEIVER)) - lusdBefore).toBe(parseUnits('1', lusd.decimals))
    await screenshot(page, 'walletconnect-send-calls')

    // A wallet that did not approve wallet_sendCalls is not asked: the app gets 4200's text.
    await page.getByTestId('account-button').click()
    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    await page.keyboard.press('Escape')
    const plain = await startWallet({ privateKey: batchWallet.privateKey })
    await plain.pair(await showPairing(page))
    await accountAfterConnect(page)
    await page.keyboard.press('Escape')
    await page.getByTestId('send-calls').click()
    await expect
      .poll(() => page.getByTestId('calls-status').textContent(), { timeout: 20_000 })
      .toContain('The wallet has not approved wallet_sendCalls')
    expect(plain.requests.map((r) => r.method)).not.toContain('wallet_sendCalls')
  })

  it('shows "Connection rejected" when the wallet refuses, and a retry pairs again', async () => {
    const { page } = await openDemo()
    const wallet = await startWallet({ rejectProposals: true })
    const first = await showPairing(page)
    await wallet.pair(first)
    await expect
      .poll(() => page.getByTestId('connect-error').textContent())
      .toBe('Connection rejected')
    await screenshot(page, 'walletconnect-rejected')

    wallet.setRejectProposals(false)
    await page.getByTestId('connect-retry').click()
    const second = await pairingUri(page)
    expect(second).not.toBe(first)
    await wallet.pair(second)
    await accountAfterConnect(page)
  })

  it('a chain the session lacks and the wallet cannot add: the error shows, the network stays', async () => {
    const { page } = await openDemo()
    const wallet = await startWallet()
    await wallet.pair(await showPairing(page))
    await accountAfterConnect(page)
    await page.getByTestId('account-network').click()
    await page.getByTestId('network-eip155:31338').click()
    await expect
      .poll(() => page.getByTestId('switch-error').textContent())
      .toBe('Chain eip155:31338 is not approved')
    await screenshot(page, 'walletconnect-chain-not-approved')
    const network = await page.evaluate(
      () =>
        (
          window as unknown as { appKit: { getState(): { selectedNetworkId: string } } }
        ).appKit.getState().selectedNetworkId,
    )
    expect(network).toBe('eip155:31337')
  })

  it('a chain the session lacks is added when the wallet can add it', async () => {
    const { page: second } = await openDemo()
    const adding = await startWallet({ canAddChains: true })
    await adding.pair(await showPairing(second))
    await accountAfterConnect(second)
    await second.getByTestId('account-network').click()
    await second.getByTestId('network-eip155:31338').click()
    await view(second, 'Account').waitFor()
    await expect
      .poll(() => second.getByTestId('account-network').textContent())
      .toContain('Latchkey Local B')
    expect(adding.requests.map((r) => r.method)).toContain('wallet_addEthereumChain')
  })

  it('on a phone a directory wallet opens by its deep link, stored as the deep link choice', async () => {
    const { page } = await openDemo({ mobile: true })
    const wallet = await startWallet()
    const uri = await showPairing(page, 'rainbow')
    const open = page.getByTestId('wc-open-wallet')
    expect(await open.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`)
    expect(await open.textContent()).toBe('Open Rainbow')
    const stored = await page.evaluate(() => localStorage.getItem('@latchkey/deep_link_choice'))
    expect(JSON.parse(stored ?? '{}')).toEqual({
      href: `rainbow://wc?uri=${encodeURIComponent(uri)}`,
      name: 'Rainbow',
    })
    await screenshot(page, 'walletconnect-mobile-deep-link')
    // The phone's wallet app opens the link and pairs.
    await wallet.pair(uri)
    await accountAfterConnect(page)
    await expect.poll(() => modalAddress(page)).toBe(wallet.address)
  })

  it('ConnectingWalletConnectBasic pairs too (the view apps with manual control open)', async () => {
    const { page } = await openDemo()
    const wallet = await startWallet()
    await page.waitForFunction(() => 'appKit' in window)
    await page.evaluate(() =>
      (window as unknown as { appKit: { open(o: { view: string }): void } }).appKit.open({
        view: 'ConnectingWalletConnectBasic',
      }),
    )
    await view(page, 'ConnectingWalletConnectBasic').waitFor()
    await wallet.pair(await pairingUri(page))
    await accountAfterConnect(page)
  })

  it('a directory wallet shows its own name over the QR code and offers its desktop link', async () => {
    const { page } = await openDemo()
    await showPairing(page, 'rainbow')
    const viewRoot = view(page, 'ConnectingWalletConnect')
    expect(await viewRoot.getAttribute('data-wallet-id')).toBe('rainbow')
    expect(await viewRoot.textContent()).toContain('Scan this QR code with Rainbow')
  })
})
