import type { AdapterContext, ModalEip1193Provider } from '@latchkey/core/adapter'

// Its own module, free of wagmi and viem: the lazy adapter creates its bindings in the first load.
/**
 * Resolves a provider the modal holds (its WalletConnect session, its embedded wallet) once the
 * modal has handed it over in `adapter.load(ctx)`.
 */
export interface ProviderBinding {
  get(): Promise<ModalEip1193Provider> | undefined
  bind(getProvider: () => Promise<ModalEip1193Provider>): void
}

export function createProviderBinding(): ProviderBinding {
  let getProvider: (() => Promise<ModalEip1193Provider>) | undefined
  return {
    get: () => getProvider?.(),
    bind(next) {
      getProvider = next
    },
  }
}

/** The wallets the modal itself holds, handed to wagmi once the modal has them. */
export interface ModalProviderBindings {
  walletConnect: ProviderBinding
  /** §7 The embedded (email/social) wallet: the §6 auth connector */
  embeddedWallet: ProviderBinding
}

export function createModalProviderBindings(): ModalProviderBindings {
  return { walletConnect: createProviderBinding(), embeddedWallet: createProviderBinding() }
}

/** `adapter.load(ctx)`: the modal hands over the providers it holds. */
export function bindModalProviders(bindings: ModalProviderBindings, ctx: AdapterContext) {
  if (ctx.walletConnect) bindings.walletConnect.bind(ctx.walletConnect)
  if (ctx.embeddedWallet) bindings.embeddedWallet.bind(ctx.embeddedWallet)
}
