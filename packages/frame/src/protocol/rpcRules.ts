// Which JSON-RPC methods the embedded wallet answers, and how (see docs/conformance.md, RPC).

/** §6 Safe: read-only eth_* methods, and these. They go straight to the chain. */
const SAFE_METHODS = new Set([
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_sendRawTransaction',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
])

/** §6 Not safe: the visitor approves each inside the frame. */
export const UNSAFE_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** eth_* methods that read the chain (nothing that signs or holds keys). */
const READ_ONLY_ETH = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'eth_blobBaseFee',
  'net_version',
  'web3_clientVersion',
])

export type RpcClass = 'safe' | 'unsafe' | 'forbidden'

/** §6: safe → the chain; unsafe → approval in the frame; anything else is not allowed. */
export function classifyRpcMethod(method: string): RpcClass {
  if (UNSAFE_METHODS.has(method)) return 'unsafe'
  if (SAFE_METHODS.has(method) || READ_ONLY_ETH.has(method)) return 'safe'
  return 'forbidden'
}

/** §6, §8 */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
/** §8 */
export const REQUEST_ABORTED = 'Request was aborted'
/** §8 Rejection default text */
export const USER_REJECTED = 'User rejected the request'
