// Wire transactions and messages: decoding what clients send, and the facts the node needs from
// them (signatures, account keys, lifetime, compute budget, fee).
import {
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getAddressEncoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit'
import {
  COMPUTE_BUDGET_PROGRAM,
  DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNIT_LIMIT,
  MICRO_LAMPORTS_PER_LAMPORT,
  RPC_ERROR_CODES,
} from './constants.ts'
import { verifySignatureBytes } from './keys.ts'
import { invalidParams, RpcError } from './rpc-error.ts'

type LegacyOrV0Message = Extract<CompiledTransactionMessage, { version: 'legacy' | 0 }> &
  CompiledTransactionMessageWithLifetime

export interface DecodedTransaction {
  transaction: Transaction
  wire: Uint8Array
  message: LegacyOrV0Message
  /** base58 signatures in signer order; an absent one is 64 zero bytes, like Agave prints it */
  signatures: string[]
}

const ZERO_SIGNATURE = new Uint8Array(64)

/** Decodes a wire transaction; a malformed one is -32602, as in Agave's decode_and_deserialize. */
export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  let transaction: Transaction
  let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  try {
    transaction = getTransactionDecoder().decode(wire)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${describe(error)}`)
  }
  const legacyOrV0 = requireLegacyOrV0(message)
  const signatures = Object.values(transaction.signatures).map((signature) =>
    getBase58Decoder().decode(signature ?? ZERO_SIGNATURE),
  )
  if (signatures.length !== legacyOrV0.header.numSignerAccounts || signatures.length === 0) {
    throw invalidParams(
      'invalid transaction: Transaction failed to sanitize accounts offsets correctly',
    )
  }
  return { transaction, wire, message: legacyOrV0, signatures }
}

/** Decodes a message alone (getFeeForMessage). */
export function decodeMessage(bytes: Uint8Array): LegacyOrV0Message {
  let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  try {
    message = getCompiledTransactionMessageDecoder().decode(bytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize message: ${describe(error)}`)
  }
  return requireLegacyOrV0(message)
}

function requireLegacyOrV0(
  message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime,
): LegacyOrV0Message {
  if (message.version === 'legacy' || message.version === 0) return message as LegacyOrV0Message
  throw new RpcError(
    RPC_ERROR_CODES.invalidParams,
    `invalid transaction: Transaction version (${message.version}) is not supported by this node`,
  )
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Whether every signature is its signer's ed25519 signature of the message. */
export function signaturesVerify(decoded: DecodedTransaction): boolean {
  const encoder = getAddressEncoder()
  return Object.entries(decoded.transaction.signatures).every(
    ([signer, signature]) =>
      signature !== null &&
      verifySignatureBytes(
        new Uint8Array(encoder.encode(signer as never)),
        new Uint8Array(decoded.transaction.messageBytes),
        new Uint8Array(signature),
      ),
  )
}

/** The same transaction with another recent blockhash (simulateTransaction replaceRecentBlockhash). */
export function withBlockhash(decoded: DecodedTransaction, blockhash: string): DecodedTransaction {
  const message = { ...decoded.message, lifetimeToken: blockhash } as LegacyOrV0Message
  const messageBytes = getCompiledTransactionMessageEncoder().encode(message)
  return {
    ...decoded,
    message,
    transaction: { ...decoded.transaction, messageBytes } as Transaction,
  }
}

function readUint(data: ReadonlyUint8Array | undefined, offset: number, bytes: number): bigint {
  let value = 0n
  for (let i = bytes - 1; i >= 0; i--) value = (value << 8n) | BigInt(data?.[offset + i] ?? 0)
  return value
}

/**
 * The fee Agave charges: 5,000 lamports per signature plus the prioritization fee
 * (compute-unit price × compute-unit limit, in micro-lamports, rounded up). Signatures counted by
 * the ed25519/secp256k1 precompiles are not added.
 */
export function transactionFee(message: LegacyOrV0Message): bigint {
  let unitLimit: bigint | undefined
  let unitPrice = 0n
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    if (program !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1n
      continue
    }
    // ComputeBudgetInstruction: 2 SetComputeUnitLimit(u32), 3 SetComputeUnitPrice(u64)
    if (data?.[0] === 2) unitLimit = readUint(data, 1, 4)
    if (data?.[0] === 3) unitPrice = readUint(data, 1, 8)
  }
  let cappedLimit = unitLimit ?? otherInstructions * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT
  // bigints have no Math.min
  if (cappedLimit > MAX_COMPUTE_UNIT_LIMIT) cappedLimit = MAX_COMPUTE_UNIT_LIMIT
  const priority =
    (unitPrice * cappedLimit + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
}
