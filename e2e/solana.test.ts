import { SOLANA_TEST_ACCOUNTS } from '@latchkey/devnet'
import { address, createSolanaRpc } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { generateSecretKey, injectSolanaWallet } from './solanaWallet'
import type { SolanaWalletControls } from './solanaWallet/types'
import { approveConnection } from './wallet'

const openDemo = useDemo()
const solanaRpc = inject('solanaRpc')
const solanaNetwork = inject('solanaCaipNetworkId')
const rpc = createSolanaRpc(solanaRpc)
// Accounts no other test uses.
const visitor = SOLANA_TEST_ACCOUNTS[6]
const solReceiver = SOLANA_TEST_ACCOUNTS[7]
const CONNECTOR = '[data-wallet-id="ws:E2E Solana Wallet"]'

async function openWithSolanaWallet(accountIndex = 8) {
  if (!visitor) throw new Error('devnet Solana accounts missing')
  let wallet: SolanaWalletControls | undefined
  const demo = await openDemo({
    accountIndex,
    beforeGoto: async (page) => {
      wallet = await injectSolanaWallet(page, {
        secretKey: visitor.secretKey,
        rpcUrl: solanaRpc,
        chain: solanaNetwork,
      })
    },
  })
  if (!wallet) throw new Error('Solana wallet not injected')
  return { ...demo, solana: wallet }
}

async function lamports(owner: string) {
  return (await rpc.getBalance(address(owner)).send()).value
}

async function tokenUnits(owner: string) {
  const { value } = await rpc
    .getTokenAccountsByOwner(
      address(owner),
      { programId: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') },
      { encoding: 'jsonParsed' },
    )
    .send()
  const amounts = value.map(
    (a) =>
      (a.account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info
        .tokenAmount.amount,
  )
  return amounts.reduce((sum, amount) => sum + BigInt(amount), 0n)
}

async function sendFrom(page: Page, symbol: string, amount: string, to: string) {
  await page.getByTestId('wallet-feature-send').click()
  await view(page, 'WalletSend').waitFor()
  await page.getByTestId('send-select-token').click()
  await page.getByTestId(`send-token-${symbol}`).click()
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(to)
  await page.getByTestId('send-preview').click()
  await view(page, 'WalletSendPreview').waitFor()
  await page.getByTestId('send-confirm').click()
  await view(page, 'WalletSendResult').waitFor()
  const signature = await page.getByTestId('send-hash').textContent()
  await page.getByTestId('send-done').click()
  await view(page, 'Account').waitFor()
  return signature
}

describe('Solana (Wallet Standard) and several namespaces', () => {
  it('connects a Solana wallet, sends SOL and the SPL token (creating the receiver’s token account)', async () => {
    if (!visitor || !solReceiver) throw new Error('devnet Solana accounts missing')
    const { page } = await openWithSolanaWallet()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator(CONNECTOR).click()
    await accountAfterConnect(page)
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(visitor.address)
    expect(await page.getByTestId('account-network').textContent()).toContain(
      'Latchkey Local Solana',
    )
    await expect
      .poll(() => page.locator('[data-testid="token-list"] [data-token-symbol="SOL"]').count())
      .toBe(1)
    await screenshot(page, 'solana-account')

    const solBefore = await lamports(solReceiver.address)
    expect(await sendFrom(page, 'SOL', '1.5', solReceiver.address)).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    )
    expect(await lamports(solReceiver.address)).toBe(solBefore + 1_500_000_000n)

    // A receiver with no token account yet: the send creates it.
    const fresh = generateSecretKey()
    const freshAddress = (await import('@solana/kit')).getBase58Decoder().decode(fresh.subarray(32))
    expect(await tokenUnits(freshAddress)).toBe(0n)
    await sendFrom(page, 'lUSD', '2.5', freshAddress)
    expect(await tokenUnits(freshAddress)).toBe(2_500_000n)
  })

  it('a visitor on both namespaces switches between them; a namespace without a wallet asks for one', async () => {
    if (!visitor) throw new Error('devnet Solana accounts missing')
    const { page, wallet } = await openWithSolanaWallet(9)
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    const evmAddress = await page.getByTestId('account-address').getAttribute('title')

    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${solanaNetwork}`).click()
    await view(page, 'SwitchActiveChain').waitFor()
    expect(await page.getByTestId('switch-active-chain-text').textContent()).toBe(
      'Connect a wallet to use Latchkey Local Solana',
    )
    await screenshot(page, 'switch-active-chain')
    await page.locator(CONNECTOR).click()
    await accountAfterConnect(page)
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(visitor.address)

    // Back to EVM: no wallet prompt, the EVM account is still there.
    await page.getByTestId('account-network').click()
    await page.getByTestId('network-eip155:31337').click()
    await view(page, 'Account').waitFor()
    await expect
      .poll(() => page.getByTestId('account-address').getAttribute('title'))
      .toBe(evmAddress)
    const stored = await page.evaluate(() => ({
      active: localStorage.getItem('@latchkey/active_namespace'),
      namespaces: localStorage.getItem('@latchkey/connected_namespaces'),
    }))
    expect(stored).toEqual({ active: 'eip155', namespaces: 'eip155,solana' })

    // Both come back after a reload, on the namespace that was active.
    await page.reload()
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { appKit: { getCaipAddress(): string } }).appKit.getCaipAddress(),
        ),
      )
      .toBe(`eip155:31337:${evmAddress}`)
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${solanaNetwork}`).click()
    await view(page, 'Account').waitFor()
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(visitor.address)
  })

  it('buys SOL with the test card: the sandbox’s Solana treasury sends exactly what was quoted', async () => {
    if (!visitor) throw new Error('devnet Solana accounts missing')
    const { page } = await openWithSolanaWallet()
    await page.getByTestId('connect-button').click()
    await page.locator(CONNECTOR).click()
    await accountAfterConnect(page)
    await page.getByTestId('wallet-feature-onramp').click()
    await view(page, 'OnRampProviders').waitFor()
    await expect.poll(() => page.getByTestId('onramp-asset').textContent()).toBe('SOL')
    await page.getByTestId('onramp-amount').fill('50')
    await page.getByTestId('onramp-receive').waitFor()
    const amount = ((await page.getByTestId('onramp-receive').textContent()) ?? '').replace(
      / SOL$/,
      '',
    )
    await screenshot(page, 'onramp-solana-form')
    const before = await lamports(visitor.address)
    const popupOpened = page.context().waitForEvent('page')
    await page.getByTestId('onramp-buy').click()
    const popup = await popupOpened
    await popup.waitForURL(/\/onramp\/checkout\//)
    await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
    await popup.getByRole('button', { name: 'Pay' }).click()
    await expect
      .poll(() => page.getByTestId('onramp-done').textContent(), { timeout: 20_000 })
      .toBe(`You bought ${amount} SOL.`)
    expect(await lamports(visitor.address)).toBe(before + BigInt(Math.round(Number(amount) * 1e9)))
    await screenshot(page, 'onramp-solana-done')
  })
})
