import type { CaipNetwork } from '../networks.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'

/**
 * §9 The embedded wallet's networks: 24 EVM chains (Ethereum, Optimism, Arbitrum, Polygon,
 * Celo, Aurora, BNB, Avalanche, zkSync, Gnosis, Base, Zora and a testnet of each) and 3 Solana
 * networks; locally, our devnet chains too.
 */
export const EMBEDDED_WALLET_EVM_CHAIN_IDS: readonly number[] = [
  1, 11155111, 10, 11155420, 42161, 421614, 137, 80002, 42220, 44787, 1313161554, 1313161555, 56,
  97, 43114, 43113, 324, 300, 100, 10200, 8453, 84532, 7777777, 999999999,
]

/** §9 Solana mainnet, devnet and testnet */
export const EMBEDDED_WALLET_SOLANA_NETWORKS: readonly string[] = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]

const LOCAL = new Set<string>([
  localChainA.caipNetworkId,
  localChainB.caipNetworkId,
  localSolana.caipNetworkId,
])

/** Whether the embedded wallet works on this network (§9 list, or one of our local chains). */
export function embeddedWalletSupports(network: Pick<CaipNetwork, 'caipNetworkId'>): boolean {
  const id = network.caipNetworkId
  if (LOCAL.has(id)) return true
  if (id.startsWith('eip155:')) return EMBEDDED_WALLET_EVM_CHAIN_IDS.includes(Number(id.slice(7)))
  return EMBEDDED_WALLET_SOLANA_NETWORKS.includes(id)
}

/** The app's networks the embedded wallet can use. */
export function embeddedWalletNetworks<N extends Pick<CaipNetwork, 'caipNetworkId'>>(
  networks: readonly N[],
): N[] {
  return networks.filter(embeddedWalletSupports)
}
