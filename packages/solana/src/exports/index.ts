export type { SolanaAdapterOptions } from '../adapter.ts'
export { SolanaAdapter } from '../adapter.ts'
export { isSolanaAddress } from '../address.ts'
export type {
  AnyTransaction,
  Web3LegacyTransaction,
  Web3VersionedTransaction,
} from '../anyTransaction.ts'
export type { Commitment, SolanaSendOptions } from '../commitment.ts'
export {
  type BlockheightConfirmation,
  type CommitmentInput,
  createSolanaConnection,
  type ParsedAccountData,
  type PublicKeyInput,
  type RpcResponse,
  type SignatureStatus,
  type SolanaAccountInfo,
  type SolanaConnection,
  type SolanaConnectionOptions,
} from '../connection.ts'
export type { SolanaEngine } from '../engine.ts'
export type { SolanaProvider, SolanaRequestArguments, SolanaRpcMethod } from '../provider.ts'
export type { PublicKeyLike, SolanaPublicKey } from '../publicKey.ts'
export type { SplTokenBalance } from '../tokens.ts'
export type { Provider, RawTransactionSender } from '../walletProvider.ts'
export { connectorIdOf, toConnectors } from '../wallets.ts'
