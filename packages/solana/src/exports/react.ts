export type { AnyTransaction } from '../anyTransaction.ts'
export type { Commitment, SolanaSendOptions } from '../commitment.ts'
export type {
  SolanaConnection as Connection,
  SolanaConnection,
} from '../connection.ts'
export type { PublicKeyLike, SolanaPublicKey } from '../publicKey.ts'
export { useAppKitConnection } from '../useAppKitConnection.ts'
export type { Provider, RawTransactionSender } from '../walletProvider.ts'
