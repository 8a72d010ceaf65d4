import type { CaipNetwork } from '@latchkey/core/networks'
import { type Config, createConfig, createStorage, http } from '@wagmi/core'
import type { Chain } from 'viem'
import { walletConnectConnector } from './walletConnect'
import type { WalletConnectBinding } from './walletConnectBinding'

export interface WagmiAdapterOptions {
  networks: readonly CaipNetwork[]
  projectId: string
  ssr?: boolean
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

/**
 * wagmi's config over the app's EVM networks; injected wallets come from EIP-6963 only, and
 * WalletConnect from the modal's session.
 */
export function createWagmiConfig(
  options: WagmiAdapterOptions,
  walletConnect?: WalletConnectBinding,
): Config {
  const evmNetworks = options.networks.filter((n) => n.chainNamespace === 'eip155')
  const chains = evmNetworks.map(toViemChain)
  if (!chains[0]) throw new Error('WagmiAdapter needs at least one eip155 network')
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
    connectors: walletConnect ? [walletConnectConnector(walletConnect)] : [],
    multiInjectedProviderDiscovery: true,
    ssr: options.ssr,
    storage: createStorage({
      key: 'latchkey.wagmi',
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
    }),
  })
}
