import type { AdapterContext, ChainAdapter } from '@latchkey/core/internal'
import type { Config } from '@wagmi/core'
import { createWagmiConfig, type WagmiAdapterOptions } from './config.ts'
import { watchInjectedConnectors } from './discovery.ts'
import { bindModalProviders, createModalProviderBindings } from './modalProviderBinding.ts'

/**
 * The EVM adapter. `.wagmiConfig` is the same config the modal connects through, so an app's
 * own wagmi hooks see the same connection. wagmi's actions load after first paint.
 */
export class WagmiAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  readonly wagmiConfig: Config
  readonly #bindings = createModalProviderBindings()

  constructor(options: WagmiAdapterOptions) {
    this.wagmiConfig = createWagmiConfig(options, this.#bindings)
  }

  watchConnectors = watchInjectedConnectors

  async load(ctx: AdapterContext) {
    bindModalProviders(this.#bindings, ctx)
    const { createWagmiEngine } = await import('./engine.ts')
    return createWagmiEngine(this.wagmiConfig)
  }
}
