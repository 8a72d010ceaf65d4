// Bitcoin end to end (README "Bitcoin") on the local regtest chain: the test wallet (a real key in
// Node, Wallet Standard and Sats Connect in the page) connects through the modal, Account shows
// its BTC and activity (the services read the chain's Esplora API), and the app sends through
// `useAppKitProvider('bip122')` (the demo's "Bitcoin provider" form; the modal's Send is EVM and
// Solana only). Then EVM and Bitcoin at once, and a sign-in (SIWX) the server verifies (BIP-322).
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { freshAddress, type TestKey, testKey } from '../packages/bitcoin/src/testing/keys.ts'
import { injectBitcoinWallet } from '../packages/bitcoin/src/testing/wallet.ts'
import { accountAfterConnect, siwxAccessToken, view } from './browser'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()
const esploraUrl = inject('bitcoinEsploraUrl')
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** The demo's project (apps/demo/src/config.ts) */
const projectId = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const CONNECTOR = '[data-wallet-id="ws-bitcoin:E2E Bitcoin Wallet"]'
const SHOTS = join(tmpdir(), 'latchkey-e2e-bitcoin')

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

/** The regtest faucet pays `sats` and mines the payment into a block. */
async function fund(address: string, sats: number) {
  const response = await fetch(`${esploraUrl}/regtest/faucet`, {
    method: 'POST',
    body: JSON.stringify({ address, sats }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return ((await response.json()) as { txid: string }).txid
}

/** Confirmed satoshis of an address, as Esplora reports them. */
async function confirmedSats(address: string) {
  const response = await fetch(`${esploraUrl}/address/${address}`)
  const { chain_stats } = (await response.json()) as {
    chain_stats: { funded_txo_sum: number; spent_txo_sum: number }
  }
  return chain_stats.funded_txo_sum - chain_stats.spent_txo_sum
}

/** BTC as the account's balance shows it: three decimals, floored. */
const shownBtc = (sats: number) => `${Math.floor(sats / 100_000) / 1000} BTC`

async function openWithBitcoinWallet(key: TestKey, query = '') {
  let bitcoin: Awaited<ReturnType<typeof injectBitcoinWallet>> | undefined
  const demo = await openDemo({
    accountIndex: 7,
    url: (demoUrl) => `${demoUrl}${query}`,
    beforeGoto: async (page) => {
      bitcoin = await injectBitcoinWallet(page, { esploraUrl, key })
    },
  })
  if (!bitcoin) throw new Error('Bitcoin wallet not injected')
  return { ...demo, bitcoin }
}

/** Account's activity row of a transaction, sent ('out') or received ('in'). */
const activity = (page: Page, txid: string, direction: 'in' | 'out') =>
  page.locator(
    `[data-testid="activity-list"] [data-tx-hash="${txid}"][data-direction="${direction}"]`,
  )
const addressShown = (page: Page) => page.getByTestId('account-address').getAttribute('title')
const balanceShown = (page: Page) => page.getByTestId('account-balance').textContent()

describe('Bitcoin (regtest) through the modal and the app’s provider', () => {
  it('connects the test wallet, shows its BTC and sends through sendTransfer', async () => {
    const key = testKey()
    const funding = await fund(key.address, 100_000_000)
    const { page, errors, bitcoin } = await openWithBitcoinWallet(key)
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await shot(page, 'bitcoin-connect')
    await page.locator(CONNECTOR).click()
    await accountAfterConnect(page)
    expect(await addressShown(page)).toBe(key.address)
    expect(await page.getByTestId('account-network').textContent()).toContain('Bitcoin Regtest')
    await expect.poll(() => balanceShown(page)).toBe('1 BTC')
    await expect.poll(() => activity(page, funding, 'in').count()).toBe(1)
    // The modal's Send is EVM and Solana only (§9).
    expect(await page.getByTestId('wallet-feature-send').count()).toBe(0)
    await shot(page, 'bitcoin-account')
    expect(bitcoin.prompts).toBe(1)

    await page.getByTestId('modal-close').click()
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('bitcoin-status').textContent()).toContain(key.address)
    const receiver = freshAddress()
    await page.getByTestId('bitcoin-recipient').fill(receiver)
    await page.getByTestId('bitcoin-amount').fill('250000')
    await page.getByTestId('bitcoin-send').click()
    await expect
      .poll(() => page.getByTestId('bitcoin-txid').textContent())
      .toMatch(/^[0-9a-f]{64}$/)
    const txid = (await page.getByTestId('bitcoin-txid').textContent()) ?? ''
    // The chain mines each accepted transaction at once: the receiver's coins are confirmed.
    expect(await confirmedSats(receiver)).toBe(250_000)
    const left = await confirmedSats(key.address)
    expect(left).toBeLessThan(100_000_000 - 250_000)
    expect(left).toBeGreaterThan(100_000_000 - 250_000 - 10_000)
    const tx = (await (await fetch(`${esploraUrl}/tx/${txid}`)).json()) as {
      status: { confirmed: boolean }
    }
    expect(tx.status.confirmed).toBe(true)

    await page.getByTestId('account-button').click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => balanceShown(page)).toBe(shownBtc(left))
    await expect.poll(() => activity(page, txid, 'out').textContent()).toMatch(/^Sent-0\.002 BTC/)
    await shot(page, 'bitcoin-account-after-send')
    expect(bitcoin.requests.map((r) => r.op)).toContain('signPsbt')
    expect(errors).toEqual([])
  })

  it('an EVM and a Bitcoin wallet at once: the network list switches between the accounts', async () => {
    const key = testKey()
    await fund(key.address, 50_000_000)
    const { page, wallet, bitcoin } = await openWithBitcoinWallet(key)
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    const evmAddress = await addressShown(page)
    expect(evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)

    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${REGTEST}`).click()
    await view(page, 'SwitchActiveChain').waitFor()
    expect(await page.getByTestId('switch-active-chain-text').textContent()).toBe(
      'Connect a wallet to use Bitcoin Regtest',
    )
    await shot(page, 'bitcoin-switch-active-chain')
    await page.locator(CONNECTOR).click()
    await accountAfterConnect(page)
    expect(await addressShown(page)).toBe(key.address)
    await expect.poll(() => balanceShown(page)).toBe('0.5 BTC')
    await shot(page, 'bitcoin-and-evm-bitcoin')

    await page.getByTestId('account-network').click()
    await page.getByTestId('network-eip155:31337').click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => addressShown(page)).toBe(evmAddress)
    await expect.poll(() => balanceShown(page)).toMatch(/ ETH$/)
    await shot(page, 'bitcoin-and-evm-evm')

    // Back to Bitcoin: the wallet is not asked again.
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${REGTEST}`).click()
    await view(page, 'Account').waitFor()
    await expect.poll(() => addressShown(page)).toBe(key.address)
    await expect.poll(() => balanceShown(page)).toBe('0.5 BTC')
    expect(bitcoin.prompts).toBe(1)
    const stored = await page.evaluate(() => ({
      active: localStorage.getItem('@latchkey/active_namespace'),
      namespaces: localStorage.getItem('@latchkey/connected_namespaces'),
    }))
    expect(stored).toEqual({ active: 'bip122', namespaces: 'eip155,bip122' })
  })

  it('signs in with the Bitcoin wallet: BIP-322, verified and kept by the server', async () => {
    const key = testKey('p2tr')
    const { page, errors, bitcoin } = await openWithBitcoinWallet(key, '?siwx=server')
    await page.getByTestId('connect-button').click()
    await page.locator(CONNECTOR).click()
    await view(page, 'SIWXSignMessage').waitFor()
    await shot(page, 'bitcoin-siwx-sign')
    await page.getByTestId('siwx-sign').click()
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
    expect(bitcoin.requests.map((r) => r.op)).toContain('signMessage')

    const query = new URLSearchParams({ projectId, chainId: REGTEST, address: key.address })
    const token = await siwxAccessToken(page, REGTEST, key.address)
    const listed = await fetch(`${inject('apiUrl')}/siwx/v1/sessions?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(listed.status).toBe(200)
    const { sessions } = (await listed.json()) as {
      sessions: { address: string; message: string; signature: string }[]
    }
    expect(sessions.map((s) => s.address)).toEqual([key.address])
    const [session] = sessions
    expect(session?.message).toMatch(
      new RegExp(
        `^127\\.0\\.0\\.1:\\d+ wants you to sign in with your Bitcoin account:\n${key.address}\n`,
      ),
    )
    expect(session?.message).toContain('\nChain ID: 0f9188f13cb7b2c71f2a335e3a4fc328\n')

    // A reload keeps the sign-in: connected again, no second signature.
    await page.reload()
    const connected = () =>
      page.evaluate(() =>
        (window as unknown as { appKit: { getIsConnected(): boolean } }).appKit.getIsConnected(),
      )
    await expect.poll(connected).toBe(true)
    await page.waitForTimeout(1_000)
    expect(await page.locator('[data-view="SIWXSignMessage"]').count()).toBe(0)
    expect(bitcoin.requests.filter((r) => r.op === 'signMessage')).toHaveLength(1)
    expect(errors).toEqual([])
  })
})
