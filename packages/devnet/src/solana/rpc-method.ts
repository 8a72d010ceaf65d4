// What a JSON-RPC method of the node is: positional params in, a JSON value (bigints allowed) out.
import { SOLANA_CORE_VERSION } from './constants.ts'
import type { SolanaKeypair } from './keys.ts'
import type { SolanaLedger } from './ledger.ts'

export interface NodeContext {
  ledger: SolanaLedger
  faucet: SolanaKeypair
  genesisHash: string
}

export type RpcMethod = (params: unknown[], node: NodeContext) => unknown

/** Agave's RpcResponse: the slot the answer was read at, and the value. */
export function withContext<T>(node: NodeContext, value: T) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: node.ledger.slot }, value }
}
