import { describe, expect, it } from 'vitest'
import { isCaipNetworkId } from './caip.ts'
import {
  arbitrum,
  base,
  defineChain,
  defineNetwork,
  localChainA,
  localChainB,
  localSolana,
  mainnet,
  optimism,
  polygon,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  withRpcUrl,
} from './networks.ts'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

describe('defineChain (AppKit name)', () => {
  const gnosis = {
    id: 100,
    name: 'Gnosis',
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
  }

  it("takes AppKit's shape, caipNetworkId and chainNamespace included", () => {
    const network = defineChain({
      ...gnosis,
      caipNetworkId: 'eip155:100',
      chainNamespace: 'eip155',
    })
    expect(network).toEqual({ ...gnosis, chainNamespace: 'eip155', caipNetworkId: 'eip155:100' })
  })

  it('refuses a caipNetworkId its namespace and id do not make', () => {
    expect(() => defineChain({ ...gnosis, caipNetworkId: 'eip155:1' })).toThrow(
      "defineChain: caipNetworkId 'eip155:1' does not match 'eip155:100'",
    )
  })
})

describe('defineNetwork', () => {
  it('builds caipNetworkId as namespace:id and defaults the namespace to eip155', () => {
    const network = defineNetwork({
      id: 100,
      name: 'Gnosis',
      nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
    })
    expect(network.chainNamespace).toBe('eip155')
    expect(network.caipNetworkId).toBe('eip155:100')
  })

  it('uses the given namespace and a string id', () => {
    const network = defineNetwork({
      id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      chainNamespace: 'solana',
      name: 'Solana Devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
    })
    expect(network.chainNamespace).toBe('solana')
    expect(network.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
  })

  it('keeps every other field', () => {
    const input = {
      id: 7,
      name: 'Seven',
      nativeCurrency: ether,
      rpcUrls: { default: { http: ['http://127.0.0.1:7777'] } },
      blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } },
      testnet: true,
    }
    expect(defineNetwork(input)).toEqual({
      ...input,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:7',
    })
  })

  it('does not mutate its input', () => {
    const input = Object.freeze({
      id: 8,
      name: 'Eight',
      nativeCurrency: ether,
      rpcUrls: { default: { http: ['http://127.0.0.1:8888'] } },
    })
    const network = defineNetwork(input)
    expect(network).not.toBe(input)
    expect(input).not.toHaveProperty('caipNetworkId')
  })
})

describe('built-in networks', () => {
  it('localChainA is eip155:31337 on port 8545', () => {
    expect(localChainA.id).toBe(31337)
    expect(localChainA.caipNetworkId).toBe('eip155:31337')
    expect(localChainA.chainNamespace).toBe('eip155')
    expect(localChainA.rpcUrls.default.http).toHaveLength(1)
    expect(new URL(localChainA.rpcUrls.default.http[0] as string).port).toBe('8545')
  })

  it('localChainB is eip155:31338 on port 8546', () => {
    expect(localChainB.id).toBe(31338)
    expect(localChainB.caipNetworkId).toBe('eip155:31338')
    expect(localChainB.chainNamespace).toBe('eip155')
    expect(localChainB.rpcUrls.default.http).toHaveLength(1)
    expect(new URL(localChainB.rpcUrls.default.http[0] as string).port).toBe('8546')
  })

  it('localSolana is a solana network on port 8899', () => {
    expect(localSolana.caipNetworkId).toBe('solana:BXGmUWuqThfFb9puWNoLLs99ZQYV6N3n')
    expect(localSolana.chainNamespace).toBe('solana')
    expect(localSolana.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
    expect(localSolana.testnet).toBe(true)
    expect(new URL(localSolana.rpcUrls.default.http[0] as string).port).toBe('8899')
  })

  it('every built-in network has a valid CAIP-2 id matching its namespace and id', () => {
    for (const network of [
      mainnet,
      sepolia,
      optimism,
      arbitrum,
      base,
      polygon,
      solana,
      solanaDevnet,
      solanaTestnet,
      localChainA,
      localChainB,
      localSolana,
    ]) {
      expect(isCaipNetworkId(network.caipNetworkId)).toBe(true)
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
    }
  })

  it('mainnet is eip155:1 and solana is in the solana namespace', () => {
    expect(mainnet.caipNetworkId).toBe('eip155:1')
    expect(solana.chainNamespace).toBe('solana')
    // Solana's genesis-hash prefixes (CAIP-30), as wallets name these clusters
    expect(solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
  })
})

describe('withRpcUrl', () => {
  it('replaces the RPC URL', () => {
    const network = withRpcUrl(localChainA, 'http://127.0.0.1:9999')
    expect(network.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999'])
    expect(network).toEqual({
      ...localChainA,
      rpcUrls: { default: { http: ['http://127.0.0.1:9999'] } },
    })
  })

  it('does not mutate the original', () => {
    const before = structuredClone(localChainB)
    const network = withRpcUrl(localChainB, 'http://example.test:1234')
    expect(network).not.toBe(localChainB)
    expect(localChainB).toEqual(before)
    expect(localChainB.rpcUrls.default.http).toEqual(['http://127.0.0.1:8546'])
  })

  it('works on a frozen network', () => {
    const frozen = Object.freeze({
      ...localChainA,
      rpcUrls: Object.freeze({ default: Object.freeze({ http: Object.freeze(['http://a']) }) }),
    })
    expect(withRpcUrl(frozen, 'http://b').rpcUrls.default.http).toEqual(['http://b'])
    expect(frozen.rpcUrls.default.http).toEqual(['http://a'])
  })
})
