import type { AdapterContext, ChainAdapter } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { watchBitcoinConnectors } from './connectors.ts'

export interface BitcoinAdapterOptions {
  /** Bitcoin networks; the ones passed to createAppKit come through `load()` and go first. */
  networks?: readonly CaipNetwork[]
}

/**
 * The Bitcoin adapter. Its first-load part is discovery only (Wallet Standard, `btc_providers`);
 * @scure/btc-signer and Esplora come with the engine, after first paint.
 */
export class BitcoinAdapter implements ChainAdapter {
  readonly namespace = 'bip122' as const

  constructor(private readonly options: BitcoinAdapterOptions = {}) {}

  watchConnectors = watchBitcoinConnectors

  async load(ctx: AdapterContext) {
    const byId = new Map<string, CaipNetwork>()
    for (const network of [...ctx.networks, ...(this.options.networks ?? [])]) {
      if (network.chainNamespace === 'bip122' && !byId.has(network.caipNetworkId)) {
        byId.set(network.caipNetworkId, network)
      }
    }
    const { createBitcoinEngine } = await import('./engine.ts')
    return createBitcoinEngine({ networks: [...byId.values()] })
  }
}
