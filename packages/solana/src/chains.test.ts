import { defineNetwork, solana } from '@latchkey/core/networks'
import { describe, expect, it } from 'vitest'
import {
  chainIdsOf,
  chainReferenceOf,
  pickNetwork,
  supportsNetwork,
  walletChainFor,
} from './chains.ts'

const devnet = defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
})
const local = defineNetwork({
  id: 'LocaL1111111111111111111111111111',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})

describe('Solana chains', () => {
  it('knows both names of the public clusters, and only the CAIP-2 id of others', () => {
    expect(chainIdsOf(solana)).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:mainnet',
    ])
    expect(chainIdsOf(local)).toEqual(['solana:LocaL1111111111111111111111111111'])
    expect(chainReferenceOf('solana:mainnet')).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(chainReferenceOf('solana:devnet')).toBe(devnet.id)
    expect(chainReferenceOf('solana:abc')).toBe('abc')
  })

  it('supports a network the account lists in either form, or any when it lists none', () => {
    expect(supportsNetwork(['solana:mainnet'], solana)).toBe(true)
    expect(supportsNetwork([solana.caipNetworkId], solana)).toBe(true)
    expect(supportsNetwork(['solana:mainnet'], devnet)).toBe(false)
    expect(supportsNetwork([], local)).toBe(true)
    // Chains of other namespaces say nothing about Solana
    expect(supportsNetwork(['eip155:1'], local)).toBe(true)
  })

  it('hands the wallet the chain id in the form it lists', () => {
    expect(walletChainFor(['solana:mainnet'], solana)).toBe('solana:mainnet')
    expect(walletChainFor([solana.caipNetworkId], solana)).toBe(solana.caipNetworkId)
    expect(walletChainFor([], local)).toBe(local.caipNetworkId)
  })

  it('picks the preferred network, else the first the account takes, else none', () => {
    const networks = [solana, devnet, local]
    expect(pickNetwork(['solana:devnet', 'solana:mainnet'], networks, devnet)).toBe(devnet)
    expect(pickNetwork(['solana:devnet'], networks, solana)).toBe(devnet)
    expect(pickNetwork(['solana:devnet'], networks)).toBe(devnet)
    expect(pickNetwork([], networks, local)).toBe(local)
    expect(pickNetwork([], networks)).toBe(solana)
    expect(pickNetwork(['solana:testnet'], networks, solana)).toBeUndefined()
  })
})
