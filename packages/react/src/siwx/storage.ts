import type { CaipNetworkId, SIWXSession } from '@latchkey/core/internal'

/**
 * AppKit's SIWXStorage: where DefaultSIWX keeps sessions. It stores and returns them only;
 * DefaultSIWX verifies them and drops expired ones.
 */
export interface SIWXStorage {
  add(session: SIWXSession): Promise<void>
  /** Replaces every stored session */
  set(sessions: SIWXSession[]): Promise<void>
  /** The sessions of this account on this network */
  get(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  /** Removes the sessions of this account on this network */
  delete(chainId: CaipNetworkId, address: string): Promise<void>
}
