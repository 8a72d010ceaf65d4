import type { WalletConnectEip1193Provider } from '@latchkey/core/walletConnectProvider'

// Its own module, free of wagmi and viem: the lazy adapter creates a binding in the first load.
/** Resolves the modal's WalletConnect provider once the modal has handed it over. */
export interface WalletConnectBinding {
  get(): Promise<WalletConnectEip1193Provider> | undefined
  bind(getProvider: () => Promise<WalletConnectEip1193Provider>): void
}

export function createWalletConnectBinding(): WalletConnectBinding {
  let getProvider: (() => Promise<WalletConnectEip1193Provider>) | undefined
  return {
    get: () => getProvider?.(),
    bind(next) {
      getProvider = next
    },
  }
}
