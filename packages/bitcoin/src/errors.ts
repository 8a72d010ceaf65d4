import { ErrorText, ProviderNotFoundError, ProviderRpcError } from '@latchkey/core/internal'
import { DUST_LIMIT_SATS, ProviderErrorCode } from './constants.ts'

/**
 * The Bitcoin adapter's error texts. They reach developers (thrown by the engine and the
 * provider), not the modal's visitors: the modal shows its own §8 texts for failures. The wording
 * is ours unless it is core's catalogue entry.
 */
export const BitcoinErrorText = {
  walletNotFound: (connectorId: string) => `Wallet ${connectorId} not found`,
  noAccount: 'The wallet returned no Bitcoin payment account',
  /** §8 Others */
  notConnected: ErrorText.callConnectBeforeRequest,
  /** §8 Others: "chain-not-approved message on failed switch" */
  chainNotApproved: ErrorText.chainNotApproved,
  networkNotOnAccount: (network: string, address: string) =>
    `The wallet's account ${address} is not on ${network}: a Bitcoin address belongs to one network`,
  unsupportedMethod: (wallet: string, method: string) => `${wallet} does not support ${method}`,
  invalidParams: (method: string, expected: string) => `${method} expects ${expected}`,
  noRpcUrl: (caipNetworkId: string) => `No Esplora URL for ${caipNetworkId}`,
  esplora: (path: string, status: number, text: string) =>
    `Esplora ${path} answered ${status}: ${text}`,
  tokensUnsupported: 'Bitcoin transfers send BTC only: no token transfers',
  invalidAddress: (address: string, network: string) =>
    `${address} is not a Bitcoin address on ${network}`,
  dust: (amount: bigint) =>
    `${amount} sat is below the dust limit: send at least ${DUST_LIMIT_SATS} sat`,
  insufficientFunds: (amount: bigint, available: bigint) =>
    `Insufficient funds: ${amount} sat and the network fee needed, ${available} sat available`,
  unspendableAddress: (address: string) =>
    `Cannot build a transaction spending from ${address}: only P2WPKH, P2SH-P2WPKH and P2TR with the account's public key`,
  noInputsToSign: (address: string) => `The PSBT has no input of ${address} to sign`,
  unknownSigner: (address: string) => `${address} is not an account of the connected wallet`,
  invalidPsbt: (reason: string) => `Invalid PSBT: ${reason}`,
  noSignedPsbt: 'The wallet returned no signed PSBT',
  noSignature: 'The wallet returned no signature',
  txidMismatch: (expected: string, got: string) =>
    `Esplora accepted ${got}, not the signed transaction ${expected}`,
  providerError: (code: number, message: string) => `Wallet error ${code}: ${message}`,
  unknownResponse: (method: string) => `The wallet answered ${method} with no result or error`,
} as const

export const notConnectedError = () =>
  new ProviderRpcError(ProviderErrorCode.unauthorized, BitcoinErrorText.notConnected)

export const walletNotFoundError = (connectorId: string) =>
  new ProviderNotFoundError(BitcoinErrorText.walletNotFound(connectorId))

export const invalidParamsError = (method: string, expected: string) =>
  new ProviderRpcError(
    ProviderErrorCode.invalidParams,
    BitcoinErrorText.invalidParams(method, expected),
  )

export const unknownChainError = (message: string) =>
  new ProviderRpcError(ProviderErrorCode.unknownChain, message)

export const unsupportedError = (wallet: string, method: string) =>
  new ProviderRpcError(
    ProviderErrorCode.unsupportedMethod,
    BitcoinErrorText.unsupportedMethod(wallet, method),
  )

/** A transfer the engine refuses before asking the wallet (dust, funds, the receiver). */
export class BitcoinTransferError extends Error {
  override name = 'BitcoinTransferError'
}
