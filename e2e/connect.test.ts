import { TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection, rejectConnection, Web3RequestKind } from './wallet'

const rpcA = inject('rpcA')
const rpcB = inject('rpcB')
const account = TEST_ACCOUNTS[0]

/** Floors an anvil balance to 3 decimals, written independently of the modal's formatter. */
async function expectedBalance(rpcUrl: string, address: `0x${string}`) {
  const wei = await createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })
  const [whole, fraction = ''] = formatEther(wei).split('.')
  const kept = fraction.slice(0, 3).replace(/0+$/, '')
  return `${whole}${kept ? `.${kept}` : ''} ETH`
}

const openDemo = useDemo()

async function openConnect(page: Page) {
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
}

describe('browser wallet (EIP-6963) in a real browser', () => {
  it('connects, shows address and balance, switches chain, reconnects after reload, disconnects', async () => {
    const { page, wallet } = await openDemo()
    await openConnect(page)
    const walletButton = page.locator('[data-wallet-id="headless-web3-provider"]')
    expect(await walletButton.textContent()).toContain('Headless Web3 Provider')
    expect(await walletButton.count()).toBe(1)
    await screenshot(page, 'connect')

    await walletButton.click()
    await view(page, 'ConnectingExternal').waitFor()
    await screenshot(page, 'connecting-external')
    await approveConnection(wallet)

    await accountAfterConnect(page)
    const address = page.getByTestId('account-address')
    expect((await address.getAttribute('title'))?.toLowerCase()).toBe(account.address.toLowerCase())
    const balance = await expectedBalance(rpcA, account.address)
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe(balance)
    await screenshot(page, 'account')
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByTestId('copy-address').click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Address copied')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.toLowerCase()).toBe(account.address.toLowerCase())

    await page.getByTestId('account-network').click()
    await view(page, 'Networks').waitFor()
    await screenshot(page, 'networks')
    await page.getByTestId('network-eip155:31338').click()
    await view(page, 'SwitchNetwork').waitFor()
    await screenshot(page, 'switch-network')
    // The wallet does not know chain B yet: the modal adds it, then switches.
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await wallet.authorize(Web3RequestKind.AddEthereumChain)
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await view(page, 'Account').waitFor()
    await expect
      .poll(() => page.getByTestId('account-network').textContent())
      .toContain('Latchkey Local B')
    await expect
      .poll(() => page.getByTestId('account-balance').textContent())
      .toBe(await expectedBalance(rpcB, account.address))
    await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('eip155:31338')

    await page.reload()
    await expect.poll(() => page.getByTestId('state-status').textContent()).toBe('connected')
    expect((await page.getByTestId('state-address').textContent())?.toLowerCase()).toBe(
      account.address.toLowerCase(),
    )
    await expect.poll(() => page.getByTestId('state-chain').textContent()).toContain('eip155:31338')

    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    // The app's own wagmi (it reconnects on mount, maybe still running) ends disconnected too.
    await expect
      .poll(async () =>
        [
          await page.getByTestId('state-status').textContent(),
          (await page.getByTestId('wagmi-status').textContent())?.trim(),
        ].join(' | '),
      )
      .toBe('disconnected | wagmi: disconnected')
  })

  it('shows the rejected state with a retry when the wallet refuses, and the retry connects', async () => {
    const { page, wallet } = await openDemo()
    await openConnect(page)
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await view(page, 'ConnectingExternal').waitFor()
    await rejectConnection(wallet)
    await expect
      .poll(() => page.getByTestId('connect-error').textContent())
      .toBe('Connection rejected')
    await screenshot(page, 'connecting-external-rejected')
    await page.getByTestId('connect-retry').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
  })

  it('returns to Connect with an error toast when the wallet goes away mid-connect', async () => {
    const { page, wallet } = await openDemo()
    await openConnect(page)
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await view(page, 'ConnectingExternal').waitFor()
    const gone = Object.assign(new Error('The provider is disconnected from all chains.'), {
      code: 4900,
    })
    await rejectConnection(wallet, gone)
    await view(page, 'Connect').waitFor()
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Failed to connect')
  })

  it('shows UnsupportedChain when the wallet is on a network the app does not list', async () => {
    const { page, wallet } = await openDemo({ chainId: 1 })
    await openConnect(page)
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await view(page, 'UnsupportedChain').waitFor()
    await screenshot(page, 'unsupported-chain')
    expect(await page.getByTestId('network-button').textContent()).toBe('Wrong network')
    await page.getByTestId('network-eip155:31337').click()
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await wallet.authorize(Web3RequestKind.AddEthereumChain)
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await view(page, 'Account').waitFor()
    await expect
      .poll(() => page.getByTestId('network-button').textContent())
      .toBe('Latchkey Local A')
  })
})
