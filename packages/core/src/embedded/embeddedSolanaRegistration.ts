// The embedded Solana wallet in the page: registered once through Wallet Standard's window
// events, pointed at the signed-in session, and connected through the Solana adapter. The
// wallet itself is embeddedSolana.ts.
import type {
  Wallet,
  WindowAppReadyEventAPI,
  WindowRegisterWalletEventCallback,
} from '@wallet-standard/base'
import type { AccountSnapshot, AdapterEngine } from '../connection/adapter.ts'
import { EMBEDDED_SOLANA_CONNECTOR_ID } from '../constants.ts'
import type { CaipNetwork } from '../networks.ts'
import { type EmbeddedUserAccounts, solanaAddressOf } from './embeddedAccounts.ts'
import { createEmbeddedSolanaWallet, type EmbeddedSolanaWallet } from './embeddedSolana.ts'
import { setEmbeddedSolanaHandle } from './embeddedSolanaHandle.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

// ---- In the page: registered once (Wallet Standard's window events) ----

interface Registered {
  embedded: EmbeddedSolanaWallet
  unregister(): void
}

let registered: Registered | undefined

/**
 * Wallet Standard registration without @wallet-standard/wallet: the register event for an app
 * already listening, and an answer to each app-ready event of an app that starts later.
 */
function registerInPage(wallet: Wallet): () => void {
  const unregisters: (() => void)[] = []
  const callback: WindowRegisterWalletEventCallback = (api: WindowAppReadyEventAPI) => {
    unregisters.push(api.register(wallet))
  }
  const onAppReady = (event: Event) =>
    callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}

/**
 * Registers the wallet in the page the first time; later calls point it at this session. Its
 * chains are the app's Solana networks. Undefined outside a browser.
 */
export function registerEmbeddedSolanaWallet(
  session: EmbeddedSession,
  networks: readonly CaipNetwork[],
): EmbeddedSolanaWallet | undefined {
  if (registered) {
    registered.embedded.bind(session, networks)
    return registered.embedded
  }
  if (typeof window === 'undefined') return undefined
  const embedded = createEmbeddedSolanaWallet(session, networks)
  // Held before the register event: an app listening for it finds the handle already set.
  const held: Registered = { embedded, unregister: () => undefined }
  registered = held
  setEmbeddedSolanaHandle(embedded.wallet)
  held.unregister = registerInPage(embedded.wallet)
  return embedded
}

/** The signed-in user's Solana account for the registered wallet (undefined: signed out). */
export function setSolanaAccount(user: EmbeddedUserAccounts | undefined): void {
  registered?.embedded.setAccount(user)
}

/** Takes the wallet out of the page (the app is destroyed). */
export function unregisterEmbeddedSolanaWallet(): void {
  registered?.unregister()
  registered = undefined
  setEmbeddedSolanaHandle(undefined)
}

// ---- For the connection controller (connection/) ----

/**
 * After a login or a restored session: the wallet registered (once) on this session with the
 * user's Solana account. False when the Solana adapter has nothing to connect: the app has no
 * Solana network, or the user no Solana account.
 */
export function attachEmbeddedSolana(
  session: EmbeddedSession,
  networks: readonly CaipNetwork[],
  user: EmbeddedUserAccounts,
): boolean {
  if (!networks.some((n) => n.chainNamespace === 'solana')) return false
  if (!registerEmbeddedSolanaWallet(session, networks)) return false
  setSolanaAccount(user)
  return solanaAddressOf(user) !== undefined
}

export interface ConnectEmbeddedSolanaOptions {
  session: EmbeddedSession
  /** The app's networks (the Solana ones are the wallet's chains) */
  networks: readonly CaipNetwork[]
  user: EmbeddedUserAccounts
  /** The Solana adapter's engine (connection/embedded.ts: `() => loadEngine('solana')`) */
  engine(): Promise<AdapterEngine>
  /** The network to start on, when it is a Solana one (the visitor's active network) */
  network?: CaipNetwork
}

/**
 * After an email or social login: the user's Solana account connected through the Solana
 * adapter's engine, by connector id `ws:Latchkey Email`. Undefined when there is none to connect.
 */
export async function connectEmbeddedSolana(
  options: ConnectEmbeddedSolanaOptions,
): Promise<AccountSnapshot | undefined> {
  if (!attachEmbeddedSolana(options.session, options.networks, options.user)) return undefined
  const engine = await options.engine()
  const network = options.network?.chainNamespace === 'solana' ? options.network : undefined
  return engine.connect(EMBEDDED_SOLANA_CONNECTOR_ID, network)
}
