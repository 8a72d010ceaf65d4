import { describe, expect, it } from 'vitest'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import {
  EMBEDDED_WALLET_EVM_CHAIN_IDS,
  EMBEDDED_WALLET_SOLANA_NETWORKS,
  embeddedWalletNetworks,
  embeddedWalletSupports,
} from './embeddedNetworks.ts'

describe('§9 embedded wallet networks', () => {
  it('lists 24 EVM chains and 3 Solana networks, no duplicates', () => {
    expect(new Set(EMBEDDED_WALLET_EVM_CHAIN_IDS).size).toBe(24)
    expect(new Set(EMBEDDED_WALLET_SOLANA_NETWORKS).size).toBe(3)
  })

  it('accepts those and our local chains, nothing else', () => {
    expect(embeddedWalletSupports({ caipNetworkId: 'eip155:1' })).toBe(true)
    expect(embeddedWalletSupports({ caipNetworkId: 'eip155:8453' })).toBe(true)
    expect(
      embeddedWalletSupports({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
    ).toBe(true)
    for (const local of [localChainA, localChainB, localSolana]) {
      expect(embeddedWalletSupports(local)).toBe(true)
    }
    expect(embeddedWalletSupports({ caipNetworkId: 'eip155:250' })).toBe(false)
    expect(embeddedWalletSupports({ caipNetworkId: 'eip155:1x' })).toBe(false)
    expect(embeddedWalletSupports({ caipNetworkId: 'solana:unknown' })).toBe(false)
    expect(
      embeddedWalletSupports({ caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }),
    ).toBe(false)
    expect(
      embeddedWalletNetworks([{ caipNetworkId: 'eip155:250' }, localChainA]).map(
        (n) => n.caipNetworkId,
      ),
    ).toEqual([localChainA.caipNetworkId])
  })
})
