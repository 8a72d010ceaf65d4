// @vitest-environment node
import { readFileSync } from 'node:fs'
import * as viem from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { GENERATED_PATH, generatedNetworks } from '../../../../scripts/networks/generate.ts'
import * as networks from '../exports/networks.ts'

describe('networks from viem/chains under AppKit’s names', () => {
  it('is generated from the installed viem (run `npm run generate:networks` when this fails)', async () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(await generatedNetworks())
  })

  it('gives each chain its CAIP fields and keeps viem’s own', () => {
    expect(networks.mainnet).toMatchObject({
      id: 1,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
      rpcUrls: viem.mainnet.rpcUrls,
      blockExplorers: viem.mainnet.blockExplorers,
    })
    expect((networks.base as unknown as typeof viem.base).contracts).toEqual(viem.base.contracts)
    for (const name of ['arbitrum', 'avalanche', 'bsc', 'gnosis', 'linea', 'polygon', 'zksync']) {
      const network = (networks as Record<string, { caipNetworkId?: string; id?: number }>)[name]
      expect(network?.caipNetworkId).toBe(`eip155:${network?.id}`)
    }
  })

  it('keeps Solana and the local chains beside them', () => {
    expect(networks.solanaDevnet.chainNamespace).toBe('solana')
    expect(networks.localChainA.caipNetworkId).toBe('eip155:31337')
  })
})
