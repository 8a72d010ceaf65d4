import { ErrorText, ProviderRpcError } from '@latchkey/core/internal'
import { CONFIRMATION_TIMEOUT_MS, ProviderErrorCode } from './constants.ts'

/**
 * The Solana adapter's error texts. They reach developers (thrown by the provider and the
 * engine), not the modal's visitors: the modal shows its own §8 texts for failures. The wording
 * is ours unless it is core's catalogue entry.
 */
export const SolanaErrorText = {
  walletNotFound: (connectorId: string) => `Wallet ${connectorId} not found`,
  noAccount: 'The wallet returned no account',
  /** §8 Others */
  notConnected: ErrorText.callConnectBeforeRequest,
  /** §8 Others: "chain-not-approved message on failed switch" */
  chainNotApproved: ErrorText.chainNotApproved,
  unsupportedMethod: (method: string) => `Unsupported method: ${method}`,
  invalidParams: (method: string, expected: string) => `${method} expects ${expected}`,
  unknownAccount: (pubkey: string) => `${pubkey} is not the connected account`,
  notATokenMint: (mint: string) => `${mint} is not a token mint`,
  noRpcUrl: (caipNetworkId: string) => `No RPC URL for ${caipNetworkId}`,
  transactionFailed: (signature: string, reason: unknown) =>
    `Transaction ${signature} failed: ${JSON.stringify(reason, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
  notConfirmed: (signature: string) =>
    `Transaction ${signature} was not confirmed within ${CONFIRMATION_TIMEOUT_MS / 1000} s`,
  /** As @solana/web3.js words its TransactionExpiredBlockheightExceededError */
  blockHeightExceeded: (signature: string) =>
    `Signature ${signature} has expired: block height exceeded.`,
  unserializable: (method: string, reason: string) =>
    `${method} could not serialize the transaction: ${reason}`,
  noSignedTransaction: 'The wallet returned no signed transaction',
  /** The wallet changed the message and the transaction's class cannot read the signed bytes */
  cannotRebuild: (method: string) =>
    `${method}: the wallet changed the transaction and its class has no from()/deserialize()`,
} as const

export const notConnectedError = () =>
  new ProviderRpcError(ProviderErrorCode.unauthorized, SolanaErrorText.notConnected)
