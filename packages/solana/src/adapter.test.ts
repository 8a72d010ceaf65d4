// @vitest-environment jsdom
import type { ConnectorInfo } from '@latchkey/core/internal'
import { defineNetwork, mainnet, solana } from '@latchkey/core/networks'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { getWallets } from '@wallet-standard/app'
import { describe, expect, it } from 'vitest'
import { SolanaAdapter } from './adapter.ts'

const local = defineNetwork({
  id: 'LocaL1111111111111111111111111111',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

describe('SolanaAdapter', () => {
  it('lists Wallet Standard wallets before its engine loads, then connects through the engine', async () => {
    const test = createSolanaTestWallet({
      secretKey: generateSecretKey(),
      rpcUrl: 'http://127.0.0.1:1',
      chain: ['solana:mainnet', local.caipNetworkId],
      name: 'Adapter Test Wallet',
    })
    const unregister = getWallets().register(test.wallet)
    const adapter = new SolanaAdapter({ networks: [local] })
    expect(adapter.namespace).toBe('solana')
    let connectors: ConnectorInfo[] = []
    const stop = adapter.watchConnectors((list) => {
      connectors = list
    })
    expect(connectors.find((c) => c.id === 'ws:Adapter Test Wallet')).toMatchObject({
      name: 'Adapter Test Wallet',
      chain: 'solana',
      type: 'ANNOUNCED',
    })

    // The app's networks come first; the adapter's own are added; other namespaces are dropped.
    const engine = await adapter.load({ networks: [solana, mainnet], projectId: 'p' })
    const snapshot = await engine.connect('ws:Adapter Test Wallet')
    expect(snapshot).toMatchObject({
      status: 'connected',
      address: test.address,
      chainId: solana.id,
    })
    await engine.switchNetwork(local)
    await expect(engine.switchNetwork(mainnet)).rejects.toMatchObject({ code: 4902 })
    stop()
    unregister()
  })
})
