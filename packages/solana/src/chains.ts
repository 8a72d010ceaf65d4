import type { CaipNetwork } from '@latchkey/core/networks'
import { SOLANA_CHAIN_PREFIX, WALLET_STANDARD_CHAIN_NAMES } from './constants.ts'

/** The ids a wallet may list for the network: its CAIP-2 id and, for Solana's clusters, the Wallet Standard name. */
export function chainIdsOf(network: CaipNetwork): string[] {
  const name = WALLET_STANDARD_CHAIN_NAMES[String(network.id)]
  return name ? [network.caipNetworkId, name] : [network.caipNetworkId]
}

/** The CAIP-2 reference of a Wallet Standard chain ('solana:mainnet' → '5eykt4…'). */
export function chainReferenceOf(chain: string): string {
  for (const [reference, name] of Object.entries(WALLET_STANDARD_CHAIN_NAMES)) {
    if (name === chain) return reference
  }
  return chain.slice(SOLANA_CHAIN_PREFIX.length)
}

export function solanaChains(chains: readonly string[]): string[] {
  return chains.filter((chain) => chain.startsWith(SOLANA_CHAIN_PREFIX))
}

/** Solana wallets have no "current chain": a network is usable when the account lists it, or lists none. */
export function supportsNetwork(chains: readonly string[], network: CaipNetwork): boolean {
  const listed = solanaChains(chains)
  return listed.length === 0 || chainIdsOf(network).some((id) => listed.includes(id))
}

/** The chain id to hand the wallet for the network: the form it lists, else the CAIP-2 id. */
export function walletChainFor(chains: readonly string[], network: CaipNetwork): string {
  return chainIdsOf(network).find((id) => chains.includes(id)) ?? network.caipNetworkId
}

/**
 * The network a fresh connection is on: the preferred one when the account takes it, else the
 * first configured network the account takes, else undefined (none of them: unsupported).
 */
export function pickNetwork(
  chains: readonly string[],
  networks: readonly CaipNetwork[],
  preferred?: CaipNetwork,
): CaipNetwork | undefined {
  if (preferred && supportsNetwork(chains, preferred)) return preferred
  return networks.find((network) => supportsNetwork(chains, network))
}
