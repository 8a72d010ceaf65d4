import { ProviderRpcError } from '@latchkey/core/internal'
// The transactions an AppKit Solana app hands its provider: @solana/web3.js 1.x's legacy
// `Transaction` and `VersionedTransaction`, told apart by their shape (web3.js is not our
// dependency), and @solana/kit's compiled `Transaction`.
import {
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction as KitTransaction,
} from '@solana/kit'
import { sameBytes } from './bytes.ts'
import { ProviderErrorCode } from './constants.ts'
import { SolanaErrorText } from './errors.ts'
import type { PublicKeyLike } from './publicKey.ts'

/** What we use of @solana/web3.js's legacy `Transaction`. */
export interface Web3LegacyTransaction {
  signatures: { publicKey: PublicKeyLike; signature: Uint8Array | null }[]
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
  serializeMessage(): Uint8Array
  addSignature(publicKey: PublicKeyLike, signature: Uint8Array): void
}

/** What we use of @solana/web3.js's `VersionedTransaction`. */
export interface Web3VersionedTransaction {
  readonly version: 'legacy' | number
  signatures: Uint8Array[]
  message: {
    header: { numRequiredSignatures: number }
    staticAccountKeys: PublicKeyLike[]
    serialize(): Uint8Array
  }
  serialize(): Uint8Array
  addSignature(publicKey: PublicKeyLike, signature: Uint8Array): void
}

/** A transaction the provider signs: web3.js's two kinds, or a compiled @solana/kit one. */
export type AnyTransaction = Web3LegacyTransaction | Web3VersionedTransaction | KitTransaction

/** A transaction as wire bytes for the wallet, and the way back to the caller's own kind. */
export interface WalletWire<T> {
  wire: Uint8Array
  /** The caller's transaction with the wallet's signatures, in the kind it was given */
  withSigned(signed: Uint8Array): T
}

const EXPECTED =
  'a @solana/web3.js Transaction or VersionedTransaction, or a @solana/kit Transaction'

type Kind = 'kit' | 'versioned' | 'legacy'

function kindOf(value: unknown): Kind | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const shape = value as Record<string, unknown>
  const { signatures } = shape
  if (ArrayBuffer.isView(shape.messageBytes) && typeof signatures === 'object' && signatures) {
    return Array.isArray(signatures) ? undefined : 'kit'
  }
  if (typeof shape.serialize !== 'function' || !Array.isArray(signatures)) return undefined
  if ('version' in shape && typeof shape.message === 'object' && shape.message) return 'versioned'
  return typeof shape.serializeMessage === 'function' ? 'legacy' : undefined
}

/** web3.js's own reader of wire bytes for the transaction's class (`from` or `deserialize`). */
function rebuild<T>(
  transaction: object,
  reader: 'from' | 'deserialize',
  wire: Uint8Array,
  method: string,
): T {
  const owner = transaction.constructor as unknown as Record<string, unknown>
  const read = owner[reader]
  if (typeof read !== 'function') throw new Error(SolanaErrorText.cannotRebuild(method))
  return read.call(owner, wire) as T
}

/**
 * Signs the web3.js transaction in place with the wallet's signatures, through its own
 * `addSignature` (as its `partialSign` would). A wallet that changed the message (added a fee
 * instruction, say) signed another message: the signed bytes become a new instance of the class.
 */
function signWeb3<T extends Web3LegacyTransaction | Web3VersionedTransaction>(
  transaction: T,
  message: Uint8Array,
  signers: readonly PublicKeyLike[],
  reader: 'from' | 'deserialize',
  signed: Uint8Array,
  method: string,
): T {
  const decoded = getTransactionDecoder().decode(signed)
  if (!sameBytes(decoded.messageBytes, message)) return rebuild(transaction, reader, signed, method)
  for (const signer of signers) {
    const signature = decoded.signatures[signer.toBase58() as keyof typeof decoded.signatures]
    if (signature) transaction.addSignature(signer, new Uint8Array(signature))
  }
  return transaction
}

function serialized(method: string, serialize: () => Uint8Array): Uint8Array {
  try {
    return new Uint8Array(serialize())
  } catch (error) {
    throw new ProviderRpcError(
      ProviderErrorCode.invalidParams,
      SolanaErrorText.unserializable(
        method,
        error instanceof Error ? error.message : String(error),
      ),
    )
  }
}

/** The wire bytes of a transaction of any kind we take; -32602 for anything else. */
export function walletWire<T extends AnyTransaction>(
  transaction: T,
  method: string,
): WalletWire<T> {
  switch (kindOf(transaction)) {
    case 'kit': {
      const kit = transaction as KitTransaction
      return {
        wire: serialized(method, () => getTransactionEncoder().encode(kit) as Uint8Array),
        withSigned: (signed) => getTransactionDecoder().decode(signed) as T,
      }
    }
    case 'versioned': {
      const web3 = transaction as Web3VersionedTransaction
      const wire = serialized(method, () => web3.serialize())
      const { header, staticAccountKeys } = web3.message
      const signers = staticAccountKeys.slice(0, header.numRequiredSignatures)
      return {
        wire,
        withSigned: (signed) =>
          signWeb3(web3, web3.message.serialize(), signers, 'deserialize', signed, method) as T,
      }
    }
    case 'legacy': {
      const web3 = transaction as Web3LegacyTransaction
      // Compiling fills `signatures` with the message's signers.
      const wire = serialized(method, () =>
        web3.serialize({ requireAllSignatures: false, verifySignatures: false }),
      )
      const signers = web3.signatures.map((pair) => pair.publicKey)
      return {
        wire,
        withSigned: (signed) =>
          signWeb3(web3, web3.serializeMessage(), signers, 'from', signed, method) as T,
      }
    }
    default:
      throw new ProviderRpcError(
        ProviderErrorCode.invalidParams,
        SolanaErrorText.invalidParams(method, EXPECTED),
      )
  }
}
