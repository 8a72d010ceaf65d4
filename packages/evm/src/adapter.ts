import type { AdapterContext, ChainAdapter } from '@latchkey/core/adapter'
import type { Config } from '@wagmi/core'
import { createWagmiConfig, type WagmiAdapterOptions } from './config'
import { watchInjectedConnectors } from './discovery'
import { createWalletConnectBinding } from './walletConnectBinding'

/**
 * The EVM adapter. `.wagmiConfig` is the same config the modal connects through, so an app's
 * own wagmi hooks see the same connection. wagmi's actions load after first paint.
 */
export class WagmiAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  readonly wagmiConfig: Config
  readonly #walletConnect = createWalletConnectBinding()

  constructor(options: WagmiAdapterOptions) {
    this.wagmiConfig = createWagmiConfig(options, this.#walletConnect)
  }

  watchConnectors = watchInjectedConnectors

  async load(ctx: AdapterContext) {
    if (ctx.walletConnect) this.#walletConnect.bind(ctx.walletConnect)
    const { createWagmiEngine } = await import('./engine')
    return createWagmiEngine(this.wagmiConfig)
  }
}
