import { BitcoinAdapter, bitcoinRegtest } from '@latchkey/bitcoin'
import { LazyWagmiAdapter } from '@latchkey/evm/lazy'
import { localChainA, localChainB, localSolana, withRpcUrl } from '@latchkey/react/networks'
import { LocalSIWX, ServerSIWX } from '@latchkey/react/siwx'
import { SolanaAdapter } from '@latchkey/solana'

const env = import.meta.env

/** The demo project's id (docs/architecture.md "The local stack"). */
export const projectId = env.VITE_PROJECT_ID ?? 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

/** The local services (packages/server). */
export const apiUrl = env.VITE_API_URL ?? 'http://127.0.0.1:8787'

/** The server's WalletConnect relay, so mobile wallets pair offline too. */
export const relayUrl = env.VITE_RELAY_URL ?? 'ws://127.0.0.1:8787/relay'

/** The embedded wallet's frame site (packages/frame), on its own origin. */
export const frameUrl = env.VITE_FRAME_URL ?? 'http://127.0.0.1:5174/'

export const networks = [
  withRpcUrl(localChainA, env.VITE_RPC_A ?? 'http://127.0.0.1:8545'),
  withRpcUrl(localChainB, env.VITE_RPC_B ?? 'http://127.0.0.1:8546'),
  withRpcUrl(localSolana, env.VITE_SOLANA_RPC ?? 'http://127.0.0.1:8899'),
  // Its RPC URL is the regtest chain's Esplora API.
  withRpcUrl(bitcoinRegtest, env.VITE_BITCOIN_ESPLORA ?? 'http://127.0.0.1:8792'),
] as const

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : [])

export const featuredWalletIds = list(
  env.VITE_FEATURED_WALLET_IDS ?? 'metamask,rainbow,phantom,rabby',
)
export const excludeWalletIds = list(env.VITE_EXCLUDE_WALLET_IDS)

export const wagmiAdapter = new LazyWagmiAdapter({ networks, projectId })

export const solanaAdapter = new SolanaAdapter()

export const bitcoinAdapter = new BitcoinAdapter()

/**
 * Sign-In with X, chosen by the page's query string: `?siwx=local` (sessions in this browser),
 * `?siwx=required` (the same, required), `?siwx=server` (verified by the server, required).
 */
export function siwxFromQuery(search: string) {
  const mode = new URLSearchParams(search).get('siwx')
  const statement = 'Sign in to the Latchkey demo'
  if (mode === 'local') return new LocalSIWX({ statement })
  if (mode === 'required') return new LocalSIWX({ statement, required: true })
  if (mode === 'server') return new ServerSIWX({ projectId, apiUrl, statement, required: true })
  return undefined
}

/**
 * The legal links (AppKit's termsConditionsUrl and privacyPolicyUrl), chosen by the query string:
 * `?legal=notice` (a line under the wallets) or `?legal=checkbox` (nothing connects until ticked).
 */
export function legalFromQuery(search: string) {
  const mode = new URLSearchParams(search).get('legal')
  if (mode !== 'notice' && mode !== 'checkbox') return {}
  return {
    termsConditionsUrl: `${location.origin}/#terms`,
    privacyPolicyUrl: `${location.origin}/#privacy`,
    features: { legalCheckbox: mode === 'checkbox' },
  }
}
