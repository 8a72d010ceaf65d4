import type { AdapterContext, ChainAdapter } from '@latchkey/core/adapter'
import type { Config } from '@wagmi/core'
import { createWagmiConfig, type WagmiAdapterOptions } from './config'
import { watchInjectedConnectors } from './discovery'
import { bindModalProviders, createModalProviderBindings } from './modalProviderBinding'

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
    const { createWagmiEngine } = await import('./engine')
    return createWagmiEngine(this.wagmiConfig)
  }
}
