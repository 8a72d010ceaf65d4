import { generateKeyPairSync } from 'node:crypto'
import type { Wallet } from '@wallet-standard/base'
import type { Page } from 'playwright-core'
import { createBackend } from './solanaWallet/backend'
import { solanaWalletShell } from './solanaWallet/shell'
import type { SolanaWalletControls, SolanaWalletOptions } from './solanaWallet/types'

/**
 * A Solana Wallet Standard wallet for the tests. The wallet object (accounts, features, events)
 * is `solanaWalletShell`; it asks a backend in this Node process for every decision and
 * signature: the backend holds the real secret key, signs with ed25519 (node:crypto) and submits
 * to the local Solana RPC. In a page the shell runs as an init script and reaches the backend
 * through a Playwright binding; in Node (unit tests) it calls the backend directly.
 */

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945FF"/><path d="M9 11h14l-3 3H6zm3 7h14l-3 3H9z" fill="#fff"/></svg>',
).toString('base64')}`
let injected = 0

function shellConfig(options: SolanaWalletOptions, chains: string[]) {
  return {
    name: options.name ?? 'E2E Solana Wallet',
    icon: ICON,
    chains,
    omitFeatures: [...(options.omitFeatures ?? [])],
  }
}

/** A fresh ed25519 keypair in Solana's 64-byte format (seed, then public key). */
export function generateSecretKey(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return new Uint8Array(Buffer.concat([seed, raw]))
}

/** The wallet in this Node process (unit tests): register `wallet` with `getWallets().register`. */
export function createSolanaTestWallet(
  options: SolanaWalletOptions,
): SolanaWalletControls & { wallet: Wallet } {
  const { call, chains, controls } = createBackend(options)
  const { wallet, setAccounts } = solanaWalletShell(call, shellConfig(options, chains))
  const { forget, ...rest } = controls
  return {
    ...rest,
    wallet: wallet as unknown as Wallet,
    async disconnectFromWallet() {
      forget()
      setAccounts([])
    },
  }
}

/**
 * Injects the wallet into every document the page loads (call before `page.goto`). It registers
 * through the Wallet Standard protocol: it answers `wallet-standard:app-ready` and dispatches
 * `wallet-standard:register-wallet`. The approval state lives in Node, so after a reload the
 * wallet still knows the dapp (a silent connect answers with the account).
 */
export async function injectSolanaWallet(
  page: Page,
  options: SolanaWalletOptions,
): Promise<SolanaWalletControls> {
  const { call, chains, controls } = createBackend(options)
  // One binding and one control object per injected wallet: a page may hold several.
  const id = ++injected
  const binding = `__latchkeySolanaWallet${id}`
  const pageControl = `__latchkeySolanaWalletControl${id}`
  await page.exposeFunction(binding, call)
  const config = shellConfig(options, chains)
  await page.addInitScript(`(() => {
    const __name = (target) => target;
    const shell = ${solanaWalletShell.toString()};
    const { wallet, setAccounts } = shell((op, payload) => window.${binding}(op, payload), ${JSON.stringify(config)});
    Object.defineProperty(window, '${pageControl}', { value: { setAccounts } });
    const callback = (api) => api.register(wallet);
    try {
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    } catch (error) {
      console.error('wallet-standard:register-wallet event could not be dispatched', error);
    }
    try {
      window.addEventListener('wallet-standard:app-ready', (event) => callback(event.detail));
    } catch (error) {
      console.error('wallet-standard:app-ready listener could not be added', error);
    }
  })()`)
  const { forget, ...rest } = controls
  return {
    ...rest,
    async disconnectFromWallet() {
      forget()
      await page.evaluate(`window.${pageControl}.setAccounts([])`)
    },
  }
}
