import { ProviderNotFoundError } from './eip1193.ts'

/**
 * Disconnected (EIP-1193 4900/4901, or its message where a bridge dropped the code) or a
 * missing provider: the wallet is gone rather than refusing.
 */
export function isWalletGone(error: unknown): boolean {
  try {
    const e = error as { code?: unknown; message?: unknown } | null
    if (e?.code === 4900 || e?.code === 4901 || error instanceof ProviderNotFoundError) return true
    return typeof e?.message === 'string' && /provider is disconnected/i.test(e.message)
  } catch {
    return false
  }
}
