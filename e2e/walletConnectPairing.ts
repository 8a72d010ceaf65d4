// Pairing the demo with a WalletKit wallet (walletConnectWallet.ts) through the local relay, as a
// visitor scanning the QR code would: the steps several e2e files share.
import type { Page } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'
import { view } from './browser'
import {
  startWalletConnectWallet,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from './walletConnectWallet'

/** The demo's project id (apps/demo), which the relay's JWT names. */
export const DEMO_PROJECT_ID = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

/** The pairing URI the shown QR code encodes, once the view has one. */
export async function pairingUri(page: Page): Promise<string> {
  const pairing = page.getByTestId('wc-pairing')
  await expect.poll(() => pairing.getAttribute('data-uri'), { timeout: 20_000 }).toMatch(/^wc:/)
  return (await pairing.getAttribute('data-uri')) as string
}

/** Opens WalletConnect (or a directory wallet's QR view) from Connect; its pairing URI. */
export async function showPairing(page: Page, walletId = 'walletConnect'): Promise<string> {
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  await page.locator(`[data-wallet-id="${walletId}"]`).first().click()
  await view(page, 'ConnectingWalletConnect').waitFor()
  return pairingUri(page)
}

/** The address the page's modal reports (its public `getAddress()`). */
export const modalAddress = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { appKit: { getAddress(): string | undefined } }).appKit.getAddress(),
  )

type WalletDefaults = Partial<WalletConnectWalletOptions> &
  Pick<WalletConnectWalletOptions, 'chains'>

/**
 * Starts WalletKit wallets on the local relay for the demo's project, each closed after the
 * test that started it: `startWallet(overrides)`.
 */
export function useWalletConnectWallets(defaults: WalletDefaults) {
  const wallets: WalletConnectWallet[] = []
  afterEach(async () => {
    await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
  })
  return async (options: Partial<WalletConnectWalletOptions> = {}) => {
    const privateKey = options.privateKey ?? defaults.privateKey
    if (!privateKey) throw new Error('a WalletConnect wallet needs a private key')
    const wallet = await startWalletConnectWallet({
      relayUrl: inject('relayUrl'),
      projectId: DEMO_PROJECT_ID,
      ...defaults,
      ...options,
      privateKey,
    })
    wallets.push(wallet)
    return wallet
  }
}
