import { AUTH_CONNECTOR_ID, ErrorText, WALLETCONNECT_CONNECTOR_ID } from '@latchkey/core/internal'
import type { CaipNetwork, CustomRpcUrlMap } from '@latchkey/core/networks'
import { withCustomRpcUrls } from '@latchkey/core/networks'
import {
  type Config,
  createConfig,
  createStorage,
  fallback,
  http,
  type Storage,
  type Transport,
} from '@wagmi/core'
import type { Chain, HttpTransportConfig } from 'viem'
import { modalProviderConnector } from './modalProvider.ts'
import type { ModalProviderBindings } from './modalProviderBinding.ts'

export interface WagmiAdapterOptions {
  networks: readonly CaipNetwork[]
  projectId: string
  /** wagmi's `ssr`: state comes from storage after hydration, not during server rendering */
  ssr?: boolean
  /** wagmi's storage, e.g. `createStorage({ storage: cookieStorage })` for SSR (as AppKit) */
  storage?: Storage
  /** wagmi transports by chain id; default `http()` to each network's RPC URL */
  transports?: Record<number, Transport>
  /**
   * AppKit's `customRpcUrls` (give createAppKit the same): RPC endpoints by CAIP-2 id, used
   * where `transports` names none; several endpoints fall back in order.
   */
  customRpcUrls?: CustomRpcUrlMap
}

/** The transport for one chain: the app's own, its custom RPC URLs, else the chain's RPC URL. */
function transportFor(chainId: number, options: WagmiAdapterOptions): Transport {
  const own = options.transports?.[chainId]
  if (own) return own
  const custom = (options.customRpcUrls?.[`eip155:${chainId}`] ?? [])
    .filter((e) => /^https?:\/\//i.test(String(e?.url)))
    .map((e) => http(e.url, e.config as HttpTransportConfig | undefined))
  if (custom.length === 0) return http()
  return custom.length === 1 ? (custom[0] as Transport) : fallback(custom)
}

export function toViemChain(network: CaipNetwork): Chain {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    blockExplorers: network.blockExplorers,
    testnet: network.testnet,
  }
}

function modalConnectors(bindings: Partial<ModalProviderBindings>) {
  const connectors = []
  if (bindings.walletConnect) {
    connectors.push(
      modalProviderConnector({
        id: WALLETCONNECT_CONNECTOR_ID,
        name: 'WalletConnect',
        type: 'walletConnect',
        binding: bindings.walletConnect,
        notLoadedMessage: 'WalletConnect loads with the modal; open it first',
        notConnectedMessage: 'No WalletConnect session',
      }),
    )
  }
  if (bindings.embeddedWallet) {
    connectors.push(
      modalProviderConnector({
        id: AUTH_CONNECTOR_ID,
        name: 'Email',
        type: 'AUTH',
        binding: bindings.embeddedWallet,
        notLoadedMessage: ErrorText.noAuthConnector,
        notConnectedMessage: ErrorText.notConnectedToEmailOrSocial,
      }),
    )
  }
  return connectors
}

/**
 * wagmi's config over the app's EVM networks; injected wallets come from EIP-6963 only,
 * WalletConnect from the modal's session and the email wallet from the modal's frame.
 */
export function createWagmiConfig(
  options: WagmiAdapterOptions,
  bindings: Partial<ModalProviderBindings> = {},
): Config {
  const evmNetworks = withCustomRpcUrls(options.networks, options.customRpcUrls).filter(
    (n) => n.chainNamespace === 'eip155',
  )
  const chains = evmNetworks.map(toViemChain)
  if (!chains[0]) throw new Error('WagmiAdapter needs at least one eip155 network')
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports: Object.fromEntries(chains.map((c) => [c.id, transportFor(c.id, options)])),
    connectors: modalConnectors(bindings),
    multiInjectedProviderDiscovery: true,
    ssr: options.ssr,
    storage:
      options.storage ??
      createStorage({
        key: 'latchkey.wagmi',
        storage: typeof window === 'undefined' ? undefined : window.localStorage,
      }),
  })
}
