// Small pieces both of the modal's own EIP-1193 providers share (WalletConnect, embedded wallet).

export type Listener = (...args: unknown[]) => void

/**
 * An EIP-1193 error: `code` is what wagmi/viem (and §8's rejection check) look at. The one class
 * of every Latchkey provider (WalletConnect, the embedded wallet, Solana's).
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The wallet is not (or no longer) there: the connection treats it as gone, not as a refusal
 * (connection/walletGone.ts). Adapters throw it, or turn their library's own into it.
 */
export class ProviderNotFoundError extends Error {
  override name = 'ProviderNotFoundError'
}

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/** The chain of wallet_switchEthereumChain / wallet_addEthereumChain params: [{ chainId: '0x..' }]. */
export function chainIdParam(params: unknown): number | undefined {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown }) : undefined
  const value = typeof first?.chainId === 'string' ? Number.parseInt(first.chainId, 16) : NaN
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** EIP-1193 `on` / `removeListener`, and `emit` for the provider itself. */
export function createEmitter() {
  const listeners = new Map<string, Set<Listener>>()
  return {
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
