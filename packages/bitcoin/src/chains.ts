import type { CaipNetwork } from '@latchkey/core/networks'
import {
  BIP122_PREFIX,
  type BitcoinChainName,
  GENESIS_REFERENCE,
  WALLET_STANDARD_CHAIN_PREFIX,
} from './constants.ts'

const NAME_OF_REFERENCE = new Map<string, BitcoinChainName>(
  Object.entries(GENESIS_REFERENCE).map(([name, reference]) => [
    reference,
    name as BitcoinChainName,
  ]),
)

/** Whether a wallet's chain is a Bitcoin one: `bitcoin:<name>` or `bip122:<reference>`. */
export function isBitcoinChain(chain: unknown): chain is string {
  return (
    typeof chain === 'string' &&
    (chain.startsWith(WALLET_STANDARD_CHAIN_PREFIX) || chain.startsWith(BIP122_PREFIX))
  )
}

/** The CAIP-2 id of a chain named either way (`bitcoin:mainnet` or `bip122:000…e93`). */
export function caipIdOfChain(chain: string): string | undefined {
  if (chain.startsWith(BIP122_PREFIX)) return chain
  if (!chain.startsWith(WALLET_STANDARD_CHAIN_PREFIX)) return undefined
  const name = chain.slice(WALLET_STANDARD_CHAIN_PREFIX.length)
  if (!Object.hasOwn(GENESIS_REFERENCE, name)) return undefined
  return `${BIP122_PREFIX}${GENESIS_REFERENCE[name as BitcoinChainName]}`
}

/** The CAIP-2 id of a chain by its name (`mainnet`, `signet`, …). */
export function caipIdOfName(name: BitcoinChainName): string {
  return `${BIP122_PREFIX}${GENESIS_REFERENCE[name]}`
}

/** The name of a network's chain, when it is one of Bitcoin's known chains. */
export function chainNameOf(network: CaipNetwork): BitcoinChainName | undefined {
  return NAME_OF_REFERENCE.get(String(network.id))
}

/** The Wallet Standard name of a network's chain (`bitcoin:<name>`), else its CAIP-2 id. */
export function walletStandardChainOf(network: CaipNetwork): `${string}:${string}` {
  const name = chainNameOf(network)
  return name ? `${WALLET_STANDARD_CHAIN_PREFIX}${name}` : network.caipNetworkId
}

/** The CAIP-2 ids of the Bitcoin chains in a wallet's or account's list. */
export function bitcoinCaipIds(chains: readonly string[]): string[] {
  return [...new Set(chains.map(caipIdOfChain).filter((id): id is string => id !== undefined))]
}

/**
 * The chains an address can be on, by its prefix. Testnet, testnet4 and signet share theirs, so
 * it names all three; a wallet that reports its network narrows it.
 */
export function chainsOfAddress(address: string): string[] {
  const names: BitcoinChainName[] = /^bcrt1/i.test(address)
    ? ['regtest']
    : /^(bc1|[13])/i.test(address)
      ? ['mainnet']
      : /^(tb1|[mn2])/i.test(address)
        ? ['testnet', 'testnet4', 'signet']
        : []
  return names.map(caipIdOfName)
}

/** The configured network to show: the preferred one if the account is on it, else the first it is on. */
export function pickNetwork(
  chains: readonly string[],
  networks: readonly CaipNetwork[],
  preferred?: CaipNetwork,
): CaipNetwork | undefined {
  if (preferred && chains.includes(preferred.caipNetworkId)) return preferred
  return networks.find((network) => chains.includes(network.caipNetworkId))
}
