import { ProviderRpcError } from '@latchkey/core/internal'
import {
  getBase58Decoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionOptions,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { solanaChains, walletChainFor } from './chains.ts'
import { Feature, ProviderErrorCode } from './constants.ts'
import { SolanaErrorText } from './errors.ts'
import { sendWireTransaction } from './send.ts'
import type { Session } from './session.ts'

type SignMessage = SolanaSignMessageFeature[typeof Feature.signMessage]
type SignTransaction = SolanaSignTransactionFeature[typeof Feature.signTransaction]
type SignAndSend = SolanaSignAndSendTransactionFeature[typeof Feature.signAndSendTransaction]
export type SendOptions = SolanaSignAndSendTransactionOptions

function featureOf<T>(session: Session, name: string): T | undefined {
  return (session.wallet.features as Record<string, T | undefined>)[name]
}

function unsupported(method: string) {
  return new ProviderRpcError(
    ProviderErrorCode.unsupportedMethod,
    SolanaErrorText.unsupportedMethod(method),
  )
}

/** The chain the wallet signs for: the session's network in the form the wallet lists it. */
export function chainOf(session: Session): `${string}:${string}` {
  const listed = [...session.account.chains, ...session.wallet.chains]
  const chain = session.network
    ? walletChainFor(listed, session.network)
    : (solanaChains(listed)[0] ?? 'solana:mainnet')
  return chain as `${string}:${string}`
}

/** The fee payer's signature of a signed wire transaction, base58. */
export function signatureOf(wire: Uint8Array): string {
  return getSignatureFromTransaction(getTransactionDecoder().decode(wire))
}

/** `solana:signMessage`: the wallet's ed25519 signature of the bytes. */
export async function signMessage(session: Session, message: Uint8Array): Promise<Uint8Array> {
  const feature = featureOf<SignMessage>(session, Feature.signMessage)
  if (!feature) throw unsupported('solana_signMessage')
  const [output] = await feature.signMessage({ account: session.account, message })
  if (!output) throw new Error(SolanaErrorText.noAccount)
  return output.signature
}

/** `solana:signTransaction` over wire transactions, in one request; the signed wire transactions. */
export async function signTransactions(
  session: Session,
  transactions: readonly Uint8Array[],
  method = 'solana_signTransaction',
): Promise<Uint8Array[]> {
  const feature = featureOf<SignTransaction>(session, Feature.signTransaction)
  if (!feature) throw unsupported(method)
  const chain = chainOf(session)
  const outputs = await feature.signTransaction(
    ...transactions.map((transaction) => ({ account: session.account, transaction, chain })),
  )
  return outputs.map((output) => output.signedTransaction)
}

/**
 * Signs and submits a wire transaction; resolves with its signature (base58). Through the
 * wallet's `solana:signAndSendTransaction` when it has it, else `solana:signTransaction` and the
 * network's RPC `sendTransaction`.
 */
export async function signAndSendTransaction(
  session: Session,
  rpc: () => Rpc<SolanaRpcApi>,
  transaction: Uint8Array,
  options: SendOptions = {},
): Promise<string> {
  const feature = featureOf<SignAndSend>(session, Feature.signAndSendTransaction)
  if (feature) {
    const [output] = await feature.signAndSendTransaction({
      account: session.account,
      transaction,
      chain: chainOf(session),
      options,
    })
    if (!output) throw new Error(SolanaErrorText.noAccount)
    return getBase58Decoder().decode(output.signature)
  }
  const [signed] = await signTransactions(session, [transaction], 'solana_signAndSendTransaction')
  if (!signed) throw new Error(SolanaErrorText.noAccount)
  return sendWireTransaction(rpc(), signed, options)
}
