// The bundler gateway (README "Smart accounts"): which ERC-4337 methods the frame may send to a
// chain's bundler through the services.

/** The user-operation methods of ERC-4337's RPC (and the two reads viem's client asks first) */
export const BUNDLER_METHODS: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
])
/** A user operation with a few calls is a few KB; a batch of large calls stays well inside */
export const BUNDLER_MAX_BODY_BYTES = 128 * 1024
/** The EntryPoint every configured bundler serves (v0.7, the same address on every chain) */
export const ENTRY_POINT_07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
