// The embedded wallet's smart accounts (README "Smart accounts").

/** §9 Send-calls records kept 86,400 s */
export const CALLS_RECORD_TTL_MS = 86_400_000
/** EIP-5792 status codes of wallet_getCallsStatus */
export const CALLS_STATUS = {
  pending: 100,
  confirmed: 200,
  failedOffchain: 400,
  reverted: 500,
} as const
/** EIP-5792 errors */
export const UNKNOWN_BUNDLE = { code: 5730, message: 'Unknown bundle id' } as const
export const UNSUPPORTED_CHAIN = 5710
export const ATOMICITY_NOT_SUPPORTED = 5760
/** A dapp's batch: more calls than a user can review on one card are refused */
export const MAX_CALLS = 20
/** §5: each call's `to` and `data` start with 0x */
export const CALL_TO_INVALID = "Each call's 'to' must be an address starting with 0x"
export const CALL_DATA_INVALID = "Each call's 'data' must be hex starting with 0x"
/** SimpleAccount has no ERC-1271 isValidSignature: nothing could check a message it signed */
export const SIMPLE_ACCOUNT_CANNOT_SIGN =
  'This smart account cannot sign messages: sign with the account that owns it'
export const SMART_ACCOUNT_NEEDED =
  'Batched calls need the smart account: switch to it in your account settings'
/** §6 user-operation reads: the bundler answers them, not the chain's node */
export const USER_OPERATION_READS = new Set([
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
])
/** ERC-7715: the longest permission an app may ask for (the services keep it no longer) */
export const PERMISSION_MAX_EXPIRY_S = 30 * 24 * 60 * 60
export const OUTSIDE_PERMISSION = 'The calls are outside the permission'
export const PERMISSION_UNKNOWN = 'Unknown or ended permission'
export const PERMISSION_REVOKE_PREFIX = 'Revoke Latchkey permission '

/** ERC-4337 v0.7's EntryPoint, the one SimpleAccount and the bundlers here use */
export const ENTRY_POINT_07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
export const USER_OPERATION_CALL_DATA =
  "The user operation's callData must be the smart account's execute or executeBatch"

/** The methods the smart account's part answers (handlers/smartAccountRpc.ts), for either account */
export const SMART_ACCOUNT_METHODS = new Set([
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'eth_sendUserOperation',
])
