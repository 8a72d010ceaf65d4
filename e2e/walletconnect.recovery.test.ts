// WalletConnect's code is loaded on demand: a visitor on a flaky network whose load fails once
// sees 'Failed to connect', and Try again loads it and pairs (a WalletKit wallet, our relay).
import { TEST_ACCOUNTS } from '@latchkey/devnet'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, view } from './browser'
import { useDemo } from './harness'
import {
  modalAddress,
  pairingUri,
  showPairing,
  useWalletConnectWallets,
} from './walletConnectPairing'

const openDemo = useDemo()
// The mobile wallet of walletconnect.test.ts: chain A only, and it only signs there.
const startWallet = useWalletConnectWallets({
  privateKey: TEST_ACCOUNTS[3].privateKey,
  chains: { 31337: inject('rpcA') },
})

describe("WalletConnect's code failing to load once", () => {
  it("WalletConnect's code fails to load once (a flaky network): 'Failed to connect', and Try again loads it and pairs", async () => {
    const { page, warnings } = await openDemo()
    let refused = 0
    await page.route('**/assets/walletConnectClient-*.js', (route) => {
      if (refused++ === 0) return route.abort('connectionreset')
      return route.continue()
    })
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    await page.locator('[data-wallet-id="walletConnect"]').first().click()
    await expect
      .poll(() => page.getByTestId('connect-error').textContent())
      .toBe('Failed to connect')
    // The demo runs with debug logs: the failed load is said, with its cause.
    expect(warnings).toContainEqual(
      expect.stringMatching(/^\[latchkey\] WalletConnect failed to load/),
    )

    await page.getByTestId('connect-retry').click()
    const uri = await pairingUri(page)
    expect(refused).toBe(2)
    const wallet = await startWallet()
    await wallet.pair(uri)
    await accountAfterConnect(page)
  })

  it("the session's provider fails to load once, after the wallet approved: 'Failed to connect', and Try again pairs and connects", async () => {
    const { page } = await openDemo()
    let refused = 0
    await page.route('**/assets/walletConnectProvider-*.js', (route) => {
      if (refused++ === 0) return route.abort('connectionreset')
      return route.continue()
    })
    const wallet = await startWallet()
    await wallet.pair(await showPairing(page))
    await expect
      .poll(() => page.getByTestId('connect-error').textContent())
      .toBe('Failed to connect')

    await page.getByTestId('connect-retry').click()
    await wallet.pair(await pairingUri(page))
    await accountAfterConnect(page)
    await expect.poll(() => modalAddress(page)).toBe(wallet.address)
    expect(refused).toBe(2)
  })
})
