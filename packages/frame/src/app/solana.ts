// The Solana RPC methods the frame implements (§6 unsafe: approved by the visitor in the frame):
// solana_signMessage, solana_signTransaction, solana_signAllTransactions and
// solana_signAndSendTransaction. Transactions come in the wire format (base64), which the frame
// reads itself (solana/wire.ts: what it shows is what it signs); the card describes them
// (solana/describe.ts); the ed25519 key signs the message bytes into our key's slot.

import { FrameError } from '../frameError.ts'
import { base58Decode, base58Encode, isSolanaAddress } from './base58.ts'
import type { ChainId } from './config.ts'
import { base64ToBytes, bytesToBase64 } from './keys.ts'
import { ABORTED, INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from './signer.ts'
import type { Detail, SigningRequest } from './signingRequest.ts'
import { decodeText, shorten } from './signingText.ts'
import { describeTransaction, networkDetail } from './solana/describe.ts'
import {
  invalid,
  parseSolanaMessage,
  parseWireTransaction,
  SIGNATURE_BYTES,
  signerIndex,
  signWireTransaction,
  type WireTransaction,
} from './solana/wire.ts'
import type { SolanaAccount } from './solanaKey.ts'

export const SOLANA_METHODS = new Set([
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

export interface SolanaRunContext {
  account: SolanaAccount
  signal: AbortSignal
  /** A JSON-RPC call to a Solana endpoint (the request's, which prepareSolanaSigning checked) */
  rpc(url: string, method: string, params: unknown[]): Promise<unknown>
}

export interface SolanaPrepareContext {
  /** Our Solana address */
  address: string
  chainId: ChainId | undefined
  rpcUrl: string | undefined
}

export type SolanaSigningRequest = SigningRequest<SolanaRunContext>

/** solana_signAllTransactions: more than this in one approval is not a request a person reads */
export const MAX_TRANSACTIONS = 50
/** Transactions described one by one in a batch's approval; the rest are counted */
const MAX_DESCRIBED = 10
/**
 * solana_signMessage: the longest message (sign-in messages are a few hundred bytes). Base58 is
 * quadratic to decode; this keeps it to milliseconds.
 */
export const MAX_SIGN_MESSAGE_BYTES = 4096
/** The most base58 characters MAX_SIGN_MESSAGE_BYTES can take (log 256 / log 58 ≈ 1.366) */
const MAX_SIGN_MESSAGE_CHARS = Math.ceil(MAX_SIGN_MESSAGE_BYTES * 1.366) + 1
function field(params: unknown, name: string): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalid('params')
  }
  return (params as Record<string, unknown>)[name]
}

/** A base64 wire transaction that needs our signature. */
function readTransaction(value: unknown, address: string): WireTransaction {
  if (typeof value !== 'string' || value.length === 0) throw invalid('transaction')
  let bytes: Uint8Array
  try {
    bytes = base64ToBytes(value)
  } catch {
    throw invalid('transaction: not base64')
  }
  const transaction = parseWireTransaction(bytes)
  signerIndex(transaction.message, address)
  return transaction
}

/** Whether `bytes` would be a transaction message our key signs (a signature over it is one). */
function isOurTransactionMessage(bytes: Uint8Array, address: string): boolean {
  try {
    const message = parseSolanaMessage(bytes)
    return message.accountKeys.slice(0, message.numRequiredSignatures).includes(address)
  } catch {
    return false
  }
}

function signMessage(params: unknown, { address, chainId }: SolanaPrepareContext) {
  const pubkey = field(params, 'pubkey')
  if (!isSolanaAddress(pubkey)) throw invalid('pubkey')
  if (pubkey !== address) throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  const encoded = field(params, 'message')
  if (typeof encoded !== 'string') throw invalid('message: not base58')
  const tooLong = () =>
    new FrameError(`Invalid message: longer than ${MAX_SIGN_MESSAGE_BYTES} bytes`, INVALID_PARAMS)
  if (encoded.length > MAX_SIGN_MESSAGE_CHARS) throw tooLong()
  const message = base58Decode(encoded)
  if (!message) throw invalid('message: not base58')
  if (message.length > MAX_SIGN_MESSAGE_BYTES) throw tooLong()
  // A signature over a transaction message is a signature of that transaction: a page must not
  // get one through a "message" the visitor cannot read.
  if (isOurTransactionMessage(message, address)) {
    throw new FrameError(
      'This message is a transaction; sign it with solana_signTransaction',
      INVALID_PARAMS,
    )
  }
  const text = decodeText(message)
  const shown: Detail =
    text === undefined
      ? {
          label: 'Message (hex)',
          value: shorten(`0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`),
          block: true,
          mono: true,
        }
      : { label: 'Message', value: shorten(text), block: true }
  return {
    method: 'solana_signMessage',
    title: 'Sign message',
    action: 'sign a message',
    details: [shown, ...networkDetail(chainId), { label: 'Account', value: address, mono: true }],
    async run({ account }: SolanaRunContext) {
      return { signature: base58Encode(await account.sign(message)) }
    },
  } satisfies SolanaSigningRequest
}

function signTransaction(params: unknown, { address, chainId }: SolanaPrepareContext) {
  const transaction = readTransaction(field(params, 'transaction'), address)
  return {
    method: 'solana_signTransaction',
    title: 'Sign transaction',
    action: 'sign a transaction',
    details: [
      ...describeTransaction(transaction, address),
      ...networkDetail(chainId),
      { label: 'Account', value: address, mono: true },
    ],
    async run({ account }: SolanaRunContext) {
      return { transaction: bytesToBase64(await signWireTransaction(transaction, account)) }
    },
  } satisfies SolanaSigningRequest
}

function signAllTransactions(params: unknown, { address, chainId }: SolanaPrepareContext) {
  const list = field(params, 'transactions')
  if (!Array.isArray(list) || list.length === 0) throw invalid('transactions')
  if (list.length > MAX_TRANSACTIONS) {
    throw new FrameError(`At most ${MAX_TRANSACTIONS} transactions at a time`, INVALID_PARAMS)
  }
  const transactions = list.map((value, i) => {
    try {
      return readTransaction(value, address)
    } catch (error) {
      if (error instanceof FrameError) {
        throw new FrameError(`Transaction ${i + 1}: ${error.message}`, error.code)
      }
      throw error
    }
  })
  const details: Detail[] = [{ label: 'Transactions', value: String(transactions.length) }]
  transactions.slice(0, MAX_DESCRIBED).forEach((transaction, i) => {
    details.push({
      label: { text: 'Transaction {index}', params: { index: i + 1 } },
      value: describeTransaction(transaction, address),
      block: true,
    })
  })
  if (transactions.length > MAX_DESCRIBED) {
    details.push({
      label: 'And',
      value: {
        text: '{count} more transactions',
        params: { count: transactions.length - MAX_DESCRIBED },
      },
    })
  }
  details.push(...networkDetail(chainId), { label: 'Account', value: address, mono: true })
  return {
    method: 'solana_signAllTransactions',
    title: 'Sign transactions',
    action: { text: 'sign {count} transactions', params: { count: transactions.length } },
    details,
    async run({ account }: SolanaRunContext) {
      const signed: string[] = []
      for (const transaction of transactions) {
        signed.push(bytesToBase64(await signWireTransaction(transaction, account)))
      }
      return { transactions: signed }
    },
  } satisfies SolanaSigningRequest
}

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized'])

/** sendTransaction's options the frame passes on (the encoding is always base64). */
function sendOptions(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('options')
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = value as Record<
    string,
    unknown
  >
  const count = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
  const options: Record<string, unknown> = {}
  if (skipPreflight !== undefined) {
    if (typeof skipPreflight !== 'boolean') throw invalid('options.skipPreflight')
    options.skipPreflight = skipPreflight
  }
  if (preflightCommitment !== undefined) {
    if (typeof preflightCommitment !== 'string' || !COMMITMENTS.has(preflightCommitment)) {
      throw invalid('options.preflightCommitment')
    }
    options.preflightCommitment = preflightCommitment
  }
  if (maxRetries !== undefined) {
    if (!count(maxRetries)) throw invalid('options.maxRetries')
    options.maxRetries = maxRetries
  }
  if (minContextSlot !== undefined) {
    if (!count(minContextSlot)) throw invalid('options.minContextSlot')
    options.minContextSlot = minContextSlot
  }
  return options
}

function signAndSendTransaction(params: unknown, context: SolanaPrepareContext) {
  const { address, chainId, rpcUrl } = context
  const transaction = readTransaction(field(params, 'transaction'), address)
  const options = sendOptions(field(params, 'options'))
  if (!rpcUrl) throw new FrameError(`No RPC URL for chain ${chainId ?? 'solana'}`)
  return {
    method: 'solana_signAndSendTransaction',
    title: 'Send transaction',
    action: 'send a transaction',
    details: [
      ...describeTransaction(transaction, address),
      ...networkDetail(chainId),
      { label: 'Account', value: address, mono: true },
    ],
    async run({ account, signal, rpc }: SolanaRunContext) {
      const signed = await signWireTransaction(transaction, account)
      // The last point where an abort still keeps the transaction off the chain.
      if (signal.aborted) throw new FrameError(ABORTED)
      const result = await rpc(rpcUrl, 'sendTransaction', [
        bytesToBase64(signed),
        { ...options, encoding: 'base64' },
      ])
      if (typeof result !== 'string') throw new FrameError('Invalid RPC response')
      const first = signed.subarray(
        transaction.signaturesAt,
        transaction.signaturesAt + SIGNATURE_BYTES,
      )
      return { signature: base58Encode(first) }
    },
  } satisfies SolanaSigningRequest
}

/** Checks and describes a Solana request; throws FrameError before anything is shown. */
export function prepareSolanaSigning(
  method: string,
  params: unknown,
  context: SolanaPrepareContext,
): SolanaSigningRequest {
  switch (method) {
    case 'solana_signMessage':
      return signMessage(params, context)
    case 'solana_signTransaction':
      return signTransaction(params, context)
    case 'solana_signAllTransactions':
      return signAllTransactions(params, context)
    case 'solana_signAndSendTransaction':
      return signAndSendTransaction(params, context)
    default:
      throw new FrameError(`not implemented: ${method}`)
  }
}
