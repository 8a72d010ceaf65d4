import type { AdapterContext, ModalEip1193Provider } from '@latchkey/core/internal'

// Its own module, free of wagmi and viem: the lazy adapter creates its bindings in the first load.
/**
 * Resolves a provider the modal holds (its WalletConnect session, its embedded wallet) once the
 * modal has handed it over in `adapter.load(ctx)`.
 */
export interface ProviderBinding {
  get(): Promise<ModalEip1193Provider> | undefined
  /** The modal has started this wallet: loading its provider is wanted, not a side effect. */
  started(): boolean
  bind(getProvider: () => Promise<ModalEip1193Provider>, started?: () => boolean): void
}

export function createProviderBinding(): ProviderBinding {
  let getProvider: (() => Promise<ModalEip1193Provider>) | undefined
  let isStarted: () => boolean = () => true
  return {
    get: () => getProvider?.(),
    started: () => getProvider !== undefined && isStarted(),
    bind(next, started) {
      getProvider = next
      if (started) isStarted = started
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
  const started = ctx.started
  if (ctx.walletConnect) bindings.walletConnect.bind(ctx.walletConnect, started?.walletConnect)
  if (ctx.embeddedWallet) bindings.embeddedWallet.bind(ctx.embeddedWallet, started?.embeddedWallet)
}
