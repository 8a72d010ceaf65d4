import type { ChainNamespace } from '../caip.ts'
import type { Track } from '../events.ts'
import type { ToastController } from '../router/toast.ts'
import type { AdapterEngine } from './adapter.ts'

/** What a flow that sends through the wallet (Send, Swap) is given besides its stores. */
export interface WalletFlowContext {
  loadEngine(namespace: ChainNamespace): Promise<AdapterEngine>
  /** Fresh balances and activity after a transaction */
  refreshPortfolio(): Promise<void>
  toast: ToastController
  track: Track
  log(message: string, detail?: unknown): void
}
