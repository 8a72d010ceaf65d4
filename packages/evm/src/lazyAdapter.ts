import type { AdapterContext, ChainAdapter } from '@latchkey/core/internal'
import type { Config } from '@wagmi/core'
import type { WagmiAdapterOptions } from './config.ts'
import { watchInjectedConnectors } from './discovery.ts'
import { bindModalProviders, createModalProviderBindings } from './modalProviderBinding.ts'

/**
 * The EVM adapter for apps that do not use wagmi hooks themselves: wagmi and viem are not in
 * the first load at all. `getWagmiConfig()` resolves to the config once it has loaded.
 */
export class LazyWagmiAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  #config: Promise<Config> | undefined
  readonly #bindings = createModalProviderBindings()

  constructor(private readonly options: WagmiAdapterOptions) {}

  watchConnectors = watchInjectedConnectors

  getWagmiConfig(): Promise<Config> {
    this.#config ??= import('./config.ts').then((m) =>
      m.createWagmiConfig(this.options, this.#bindings),
    )
    return this.#config
  }

  async load(ctx: AdapterContext) {
    bindModalProviders(this.#bindings, ctx)
    const [config, { createWagmiEngine }] = await Promise.all([
      this.getWagmiConfig(),
      import('./engine.ts'),
    ])
    return createWagmiEngine(config)
  }
}
