// Every JSON-RPC method the node serves, by name.
import { accountMethods } from './methods-accounts'
import { clusterMethods } from './methods-cluster'
import { transactionMethods } from './methods-transactions'
import type { RpcMethod } from './rpc-method'

export const SOLANA_RPC_METHODS: Readonly<Record<string, RpcMethod>> = {
  ...clusterMethods,
  ...accountMethods,
  ...transactionMethods,
}
