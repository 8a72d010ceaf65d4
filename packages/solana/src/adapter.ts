import type { AdapterContext, ChainAdapter } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { watchStandardConnectors } from './wallets.ts'

export interface SolanaAdapterOptions {
  /** Solana networks; the ones passed to createAppKit come through `load()` and go first. */
  networks?: readonly CaipNetwork[]
}

/**
 * The Solana adapter. Its first-load part is Wallet Standard discovery only; @solana/kit and
 * the programs load with the engine, after first paint.
 */
export class SolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const

  constructor(private readonly options: SolanaAdapterOptions = {}) {}

  watchConnectors = watchStandardConnectors

  async load(ctx: AdapterContext) {
    const seen = new Set<string>()
    const networks = [...ctx.networks, ...(this.options.networks ?? [])].filter((network) => {
      if (network.chainNamespace !== 'solana' || seen.has(network.caipNetworkId)) return false
      seen.add(network.caipNetworkId)
      return true
    })
    const { createSolanaEngine } = await import('./engine.ts')
    return createSolanaEngine({ networks })
  }
}
