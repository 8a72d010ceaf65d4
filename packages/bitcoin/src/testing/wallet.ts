// Test support only: the test Bitcoin wallet, as a Wallet Standard wallet and a Sats Connect
// provider over one real key. In Node the objects call the backend directly; in a page they are
// an init script that reaches it through a Playwright binding (`injectBitcoinWallet`).
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SatsProvider, SatsProviderInfo } from '../satsProtocol.ts'
import {
  type BitcoinTestWalletOptions,
  type BitcoinWalletControls,
  createBackend,
} from './backend.ts'
import { satsProviderShell } from './satsShell.ts'
import { bitcoinWalletShell } from './shell.ts'

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#F7931A"/><path d="M12 8h6a4 4 0 0 1 0 8h-6zm0 8h7a4 4 0 0 1 0 8h-7z" fill="none" stroke="#fff" stroke-width="2"/></svg>',
).toString('base64')}`

let made = 0

function configs(options: BitcoinTestWalletOptions) {
  const name = options.name ?? 'E2E Bitcoin Wallet'
  const count = ++made
  const root = `LatchkeyTestBitcoin${count}`
  return {
    shell: {
      name,
      icon: ICON,
      chains: [...(options.chains ?? ['bitcoin:regtest'])],
      omitFeatures: [...(options.omitFeatures ?? [])],
    },
    sats: { network: options.satsNetwork ?? 'Regtest' },
    /** The `btc_providers` entry: the provider lives at `window.<root>.BitcoinProvider` */
    info: { id: `${root}.BitcoinProvider`, name: `${name} (Sats Connect)`, icon: ICON },
    root,
  }
}

export interface BitcoinTestWallet extends BitcoinWalletControls {
  wallet: Wallet
  satsProvider: SatsProvider
  satsInfo: SatsProviderInfo
  /** `ws-bitcoin:<name>` */
  standardConnectorId: string
  /** `sats-connect:<info.id>` */
  satsConnectorId: string
  /** Registers the Wallet Standard wallet; returns the unregister */
  register(): () => void
  /** The wallet object a reloaded page gets: the same backend (and approvals), no accounts yet */
  reload(): { wallet: Wallet; register(): () => void }
  /** The wallet ends the connection itself: it forgets the app and tells both its objects */
  disconnectFromWallet(): void
  /** Puts the provider on `window` and announces it in `btc_providers`; returns the removal */
  announce(): () => void
}

/** The wallet in this Node process (unit tests; `announce()` needs a DOM environment). */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions): BitcoinTestWallet {
  const { call, controls } = createBackend(options)
  const config = configs(options)
  const { wallet, setAccounts } = bitcoinWalletShell(call, config.shell)
  const { provider, emit } = satsProviderShell(call, config.sats)
  return Object.assign(Object.create(controls) as BitcoinWalletControls, {
    wallet: wallet as unknown as Wallet,
    satsProvider: provider as unknown as SatsProvider,
    satsInfo: config.info,
    standardConnectorId: `ws-bitcoin:${config.shell.name}`,
    satsConnectorId: `sats-connect:${config.info.id}`,
    register: () => getWallets().register(wallet as unknown as Wallet),
    disconnectFromWallet() {
      controls.forget()
      setAccounts([])
      emit('disconnect', { type: 'disconnect' })
    },
    reload() {
      const fresh = bitcoinWalletShell(call, config.shell).wallet as unknown as Wallet
      return { wallet: fresh, register: () => getWallets().register(fresh) }
    },
    announce() {
      const target = window as unknown as Record<string, unknown> & { btc_providers?: unknown[] }
      target[config.root] = { BitcoinProvider: provider }
      target.btc_providers = [...(target.btc_providers ?? []), config.info]
      return () => {
        delete target[config.root]
        target.btc_providers = (target.btc_providers ?? []).filter((p) => p !== config.info)
      }
    },
  })
}

/** What `injectBitcoinWallet` uses of a Playwright page (newer ones answer with a Disposable). */
export interface PageLike {
  exposeFunction(name: string, callback: (...args: never[]) => unknown): Promise<unknown>
  addInitScript(script: string): Promise<unknown>
}

/**
 * Injects the wallet into every document the page loads (before `page.goto`): it registers
 * through the Wallet Standard events and announces its Sats Connect provider in `btc_providers`.
 * Approvals live in Node, so after a reload the wallet still knows the app.
 */
export async function injectBitcoinWallet(
  page: PageLike,
  options: BitcoinTestWalletOptions,
): Promise<BitcoinWalletControls & { standardConnectorId: string; satsConnectorId: string }> {
  const { call, controls } = createBackend(options)
  const config = configs(options)
  const binding = `__${config.root}Call`
  await page.exposeFunction(binding, call as (...args: never[]) => unknown)
  await page.addInitScript(`(() => {
    const __name = (target) => target;
    const call = (op, payload) => window.${binding}(op, payload);
    const { wallet } = (${bitcoinWalletShell.toString()})(call, ${JSON.stringify(config.shell)});
    const { provider } = (${satsProviderShell.toString()})(call, ${JSON.stringify(config.sats)});
    window.${config.root} = { BitcoinProvider: provider };
    window.btc_providers = [...(window.btc_providers || []), ${JSON.stringify(config.info)}];
    const callback = (api) => api.register(wallet);
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    window.addEventListener('wallet-standard:app-ready', (event) => callback(event.detail));
  })()`)
  return Object.assign(Object.create(controls) as BitcoinWalletControls, {
    standardConnectorId: `ws-bitcoin:${config.shell.name}`,
    satsConnectorId: `sats-connect:${config.info.id}`,
  })
}
