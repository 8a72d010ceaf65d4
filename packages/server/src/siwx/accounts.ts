// The account a sign-in names: its chain (an EVM chain, a Solana cluster or a Bitcoin network
// this server knows) and its address there, written as sessions and access tokens store it.
import { Address } from '@scure/btc-signer'
import { isSolanaAddress } from '../chain/base58.ts'
import {
  BITCOIN_NETWORK_LIST,
  type BitcoinNetwork,
  bitcoinAccountOn,
  bitcoinAddressReason,
  bitcoinNetwork,
} from '../chain/bitcoinNetworks.ts'
import { parseCaip2 } from '../chain/config.ts'
import { isSolanaCaip2 } from '../chain/solanaConfig.ts'
import { addressReason, parseEvmAddress, queryParam } from '../routes/chainParams.ts'

export type SiwxChain =
  | { namespace: 'eip155'; caip2: string; chainId: number }
  | { namespace: 'solana'; caip2: string }
  | { namespace: 'bip122'; caip2: string; network: BitcoinNetwork }

export function siwxChain(caip2: string): SiwxChain | undefined {
  const chainId = parseCaip2(caip2)
  if (chainId !== undefined) return { namespace: 'eip155', caip2, chainId }
  if (isSolanaCaip2(caip2)) return { namespace: 'solana', caip2 }
  const network = bitcoinNetwork(caip2)
  return network && { namespace: 'bip122', caip2, network }
}

/** What @latchkey/bitcoin/verify can check a signed message of: one key's outputs. */
const SIGNABLE_BITCOIN_OUTPUTS = new Set(['pkh', 'sh', 'wpkh', 'tr'])
const SIGNABLE_BITCOIN_REASON = 'P2PKH, P2SH-P2WPKH, P2WPKH or P2TR'

function bitcoinSignInAddress(network: BitcoinNetwork, text: string): string | undefined {
  const account = bitcoinAccountOn(network, text)
  if (!account) return undefined
  const { type } = Address(network.params).decode(account.address)
  return SIGNABLE_BITCOIN_OUTPUTS.has(type) ? account.address : undefined
}

/**
 * The address of a sign-in on `chain` as it is stored (EVM checksummed, with its 0x as EIP-4361
 * writes it; Bitcoin bech32 in lower case), or undefined when it does not fit the chain.
 */
export function siwxAddress(chain: SiwxChain, text: string): string | undefined {
  if (chain.namespace === 'eip155') return text.startsWith('0x') ? parseEvmAddress(text) : undefined
  if (chain.namespace === 'solana') return isSolanaAddress(text) ? text : undefined
  return bitcoinSignInAddress(chain.network, text)
}

/** Why an address does not fit `chain` */
export function siwxAddressReason(chain: SiwxChain): string {
  return chain.namespace === 'bip122'
    ? `${bitcoinAddressReason(chain.caip2)}: ${SIGNABLE_BITCOIN_REASON}`
    : addressReason(chain.namespace)
}

/** The chain of a sessions query: one a sign-in can be on. */
export function siwxChainParam() {
  return queryParam(
    siwxChain,
    'must be a CAIP-2 id like eip155:31337, solana:<32 base58 characters> or a known bip122:<32 hex digits>',
  ).openapi({
    type: 'string',
    example: 'eip155:31337',
    description: `eip155:<chain id>, solana:<genesis reference> or bip122:<genesis reference> (${BITCOIN_NETWORK_LIST})`,
  })
}
