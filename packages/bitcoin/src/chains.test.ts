import { describe, expect, it } from 'vitest'
import {
  bitcoinCaipIds,
  caipIdOfChain,
  chainsOfAddress,
  pickNetwork,
  walletStandardChainOf,
} from './chains.ts'
import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from './networks.ts'

describe('Bitcoin chains', () => {
  it('reads Wallet Standard names and CAIP-2 ids alike', () => {
    expect(caipIdOfChain('bitcoin:mainnet')).toBe(bitcoin.caipNetworkId)
    expect(caipIdOfChain('bitcoin:regtest')).toBe(bitcoinRegtest.caipNetworkId)
    expect(caipIdOfChain(bitcoinSignet.caipNetworkId)).toBe(bitcoinSignet.caipNetworkId)
    expect(caipIdOfChain('bitcoin:constructor')).toBeUndefined()
    expect(caipIdOfChain('solana:mainnet')).toBeUndefined()
    expect(
      bitcoinCaipIds(['bitcoin:testnet', 'solana:devnet', bitcoinTestnet.caipNetworkId]),
    ).toEqual([bitcoinTestnet.caipNetworkId])
    expect(walletStandardChainOf(bitcoinSignet)).toBe('bitcoin:signet')
  })

  it('knows the chains an address can be on from its prefix', () => {
    expect(chainsOfAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toEqual([
      bitcoin.caipNetworkId,
    ])
    expect(chainsOfAddress('bcrt1q50rtrmj2f8vl9tem8qpfw36ylw5jg9j2dkku3w')).toEqual([
      bitcoinRegtest.caipNetworkId,
    ])
    expect(chainsOfAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toContain(
      bitcoinSignet.caipNetworkId,
    )
    expect(chainsOfAddress('0xabc')).toEqual([])
  })

  it('shows the preferred network when the account is on it, else the first configured one', () => {
    const chains = [bitcoinTestnet.caipNetworkId, bitcoinSignet.caipNetworkId]
    const networks = [bitcoin, bitcoinSignet, bitcoinTestnet]
    expect(pickNetwork(chains, networks, bitcoinTestnet)).toBe(bitcoinTestnet)
    expect(pickNetwork(chains, networks, bitcoin)).toBe(bitcoinSignet)
    expect(pickNetwork(chains, [bitcoin])).toBeUndefined()
  })
})
