// Every JSON-RPC method the node serves, by name.
import { accountMethods } from './methods-accounts.ts'
import { clusterMethods } from './methods-cluster.ts'
import { transactionMethods } from './methods-transactions.ts'
import type { RpcMethod } from './rpc-method.ts'

export const SOLANA_RPC_METHODS: Readonly<Record<string, RpcMethod>> = {
  ...clusterMethods,
  ...accountMethods,
  ...transactionMethods,
}
