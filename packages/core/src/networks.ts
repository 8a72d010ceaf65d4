import type { CaipNetworkId, ChainNamespace } from './caip.ts'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** §3 Network: id, caipNetworkId, chainNamespace, name, nativeCurrency, rpcUrls. Shaped like viem's Chain. */
export interface CaipNetwork {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
}

type NetworkInput = Omit<CaipNetwork, 'caipNetworkId' | 'chainNamespace'> & {
  chainNamespace?: ChainNamespace
}

export function defineNetwork(input: NetworkInput): CaipNetwork {
  const chainNamespace = input.chainNamespace ?? 'eip155'
  return { ...input, chainNamespace, caipNetworkId: `${chainNamespace}:${input.id}` }
}

/**
 * AppKit's `defineChain`: a network from a viem-style chain. `caipNetworkId`, when given, must
 * be the one its namespace and id make.
 */
export function defineChain(input: NetworkInput & { caipNetworkId?: string }): CaipNetwork {
  const { caipNetworkId, ...rest } = input
  const network = defineNetwork(rest)
  if (caipNetworkId !== undefined && caipNetworkId !== network.caipNetworkId) {
    throw new Error(
      `defineChain: caipNetworkId '${caipNetworkId}' does not match '${network.caipNetworkId}'`,
    )
  }
  return network
}

/** What a network takes from a viem `Chain`; its other fields (contracts, …) are kept too. */
interface ViemChainShape {
  id: number
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[] } }
}

/** A viem `Chain` as an EVM network: its fields and the CAIP ones (AppKit's networks are these). */
export function fromViemChain<C extends ViemChainShape>(
  chain: C,
): C & { chainNamespace: 'eip155'; caipNetworkId: CaipNetworkId } {
  return { ...chain, chainNamespace: 'eip155', caipNetworkId: `eip155:${chain.id}` }
}

/** A viem `Chain` (an EVM network without CAIP fields): what AppKit's `switchNetwork` also takes. */
export interface ViemChainLike {
  id: number
  name: string
  caipNetworkId?: undefined
}

/** The CAIP-2 id of a network or of a viem chain (`eip155:<id>`). */
export function caipNetworkIdOf(network: CaipNetwork | ViemChainLike): string | undefined {
  if (network?.caipNetworkId) return network.caipNetworkId
  return typeof network?.id === 'number' ? `eip155:${network.id}` : undefined
}

const ether: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const mainnet = /* @__PURE__ */ defineNetwork({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const sepolia = /* @__PURE__ */ defineNetwork({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.drpc.org'] } },
  testnet: true,
})

export const optimism = /* @__PURE__ */ defineNetwork({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
})

export const arbitrum = /* @__PURE__ */ defineNetwork({
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
})

export const base = /* @__PURE__ */ defineNetwork({
  id: 8453,
  name: 'Base',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
})

export const polygon = /* @__PURE__ */ defineNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
})

export const solana = /* @__PURE__ */ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://rpc.walletconnect.org/v1'] } },
})

export const solanaDevnet = /* @__PURE__ */ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
})

export const solanaTestnet = /* @__PURE__ */ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  testnet: true,
})

/** AppKit's name for a network: the same shape */
export type AppKitNetwork = CaipNetwork

/** The devnet's first anvil chain (packages/devnet, port 8545). */
export const localChainA = /* @__PURE__ */ defineNetwork({
  id: 31337,
  name: 'Latchkey Local A',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})

/** The devnet's second anvil chain (packages/devnet, port 8546). */
export const localChainB = /* @__PURE__ */ defineNetwork({
  id: 31338,
  name: 'Latchkey Local B',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  testnet: true,
})

/**
 * The devnet's Solana node (packages/devnet, LiteSVM behind JSON-RPC on port 8899). Its id is the
 * first 32 characters of the devnet's genesis hash (SOLANA_GENESIS_HASH in
 * packages/devnet/src/solana/constants.ts), as CAIP-2 defines Solana chain ids.
 */
export const localSolana = /* @__PURE__ */ defineNetwork({
  id: 'BXGmUWuqThfFb9puWNoLLs99ZQYV6N3n',
  chainNamespace: 'solana',
  name: 'Latchkey Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  testnet: true,
})

export function withRpcUrl(network: CaipNetwork, rpcUrl: string): CaipNetwork {
  return { ...network, rpcUrls: { default: { http: [rpcUrl] } } }
}

/** AppKit's `customRpcUrls`: RPC endpoints by CAIP-2 network id, each with its transport config. */
export type CustomRpcUrlMap = Record<string, readonly { url: string; config?: unknown }[]>

/** The networks with the app's own RPC endpoints (http/https only) where it gives any. */
export function withCustomRpcUrls(
  networks: readonly CaipNetwork[],
  custom: CustomRpcUrlMap | undefined,
): CaipNetwork[] {
  return networks.map((network) => {
    const entries = custom?.[network.caipNetworkId]
    const urls = Array.isArray(entries)
      ? entries.map((e) => e?.url).filter((u): u is string => /^https?:\/\//i.test(String(u)))
      : []
    return urls.length > 0 ? { ...network, rpcUrls: { default: { http: urls } } } : network
  })
}
