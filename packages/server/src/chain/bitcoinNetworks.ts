// The Bitcoin networks the data API knows (CAIP-2 bip122:<first 32 hex digits of the genesis
// hash>) and their address forms: bech32/bech32m with the network's prefix, or base58check with
// its version bytes (@scure/btc-signer's network shape).
import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer'

export interface BitcoinNetwork {
  caip2: string
  name: string
  /** Its address prefixes and version bytes */
  params: typeof NETWORK
}

/** Testnet and signet share their address forms; regtest has its own bech32 prefix. */
export const BITCOIN_NETWORKS: readonly BitcoinNetwork[] = [
  { caip2: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', params: NETWORK },
  {
    caip2: 'bip122:000000000933ea01ad0ee984209779ba',
    name: 'Bitcoin Testnet',
    params: TEST_NETWORK,
  },
  {
    caip2: 'bip122:00000008819873e925422c1ff0f99f7c',
    name: 'Bitcoin Signet',
    params: TEST_NETWORK,
  },
  {
    caip2: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Bitcoin Regtest',
    params: { ...TEST_NETWORK, bech32: 'bcrt' },
  },
]

/** The networks as a list for documentation: `<caip2> <name>, …` */
export const BITCOIN_NETWORK_LIST = BITCOIN_NETWORKS.map((n) => `${n.caip2} ${n.name}`).join(', ')

/** The native coin of every Bitcoin network (8 decimals: satoshis). */
export const BITCOIN_NATIVE_COIN = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** A bech32 address is at most 90 characters, a base58 one far fewer. */
const MAX_ADDRESS_LENGTH = 90
const BIP122_CAIP2 = /^bip122:[0-9a-f]{32}$/

export function isBip122Caip2(value: string): boolean {
  return BIP122_CAIP2.test(value)
}

export function bitcoinNetwork(caip2: string): BitcoinNetwork | undefined {
  return BITCOIN_NETWORKS.find((network) => network.caip2 === caip2)
}

export interface BitcoinAccount {
  /** As Esplora writes it: bech32 in lower case */
  address: string
  /** Its output script, hex: what a transaction's outputs and spent outputs are matched on */
  script: string
}

/** The address on `network`, or undefined when it is not one of that network's. */
export function bitcoinAccountOn(
  network: BitcoinNetwork,
  text: string,
): BitcoinAccount | undefined {
  if (text.length > MAX_ADDRESS_LENGTH) return undefined
  try {
    const coder = Address(network.params)
    const decoded = coder.decode(text)
    return {
      address: coder.encode(decoded),
      script: Buffer.from(OutScript.encode(decoded)).toString('hex'),
    }
  } catch {
    return undefined
  }
}

/** An address of any known Bitcoin network */
export function isBitcoinAddress(text: string): boolean {
  return BITCOIN_NETWORKS.some((network) => bitcoinAccountOn(network, text) !== undefined)
}

/** Why an address does not fit the Bitcoin network `caip2` */
export function bitcoinAddressReason(caip2: string): string {
  const network = bitcoinNetwork(caip2)
  if (!network) return 'must be a Bitcoin address (bech32 or base58)'
  return `must be a ${network.name} address (bech32 ${network.params.bech32}1…, or base58)`
}
