// The Solana RPC methods the frame implements (§6 unsafe: approved by the visitor in the frame):
// solana_signMessage, solana_signTransaction, solana_signAllTransactions and
// solana_signAndSendTransaction. Transactions come in the wire format (base64): a compact-u16
// signature count, the signatures, then the message, legacy or v0. The frame parses the message
// itself (what it shows is what it signs), signs the message bytes with the ed25519 key and puts
// the signature in the slot of our key among the message's required signers.

import { FrameError } from '../frameError.ts'
import { base58Decode, base58Encode, isSolanaAddress } from './base58.ts'
import type { ChainId } from './config.ts'
import { base64ToBytes, bytesToBase64 } from './keys.ts'
import {
  ABORTED,
  type Detail,
  decodeText,
  INVALID_PARAMS,
  type SigningRequest,
  shorten,
  UNAUTHORIZED,
  WRONG_ACCOUNT,
} from './signer.ts'
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
  /** A JSON-RPC call to the request's Solana endpoint */
  rpc(method: string, params: unknown[]): Promise<unknown>
}

export interface SolanaPrepareContext {
  /** Our Solana address */
  address: string
  chainId: ChainId | undefined
  rpcUrl: string | undefined
}

export type SolanaSigningRequest = SigningRequest<SolanaRunContext>

const SIGNATURE_BYTES = 64
const KEY_BYTES = 32
/** solana_signAllTransactions: more than this in one approval is not a request a person reads */
export const MAX_TRANSACTIONS = 50
/** Transactions described one by one in a batch's approval; the rest are counted */
const MAX_DESCRIBED = 10
const MAX_TRANSFERS_SHOWN = 5
/**
 * solana_signMessage: the longest message (sign-in messages are a few hundred bytes). Base58 is
 * quadratic to decode; this keeps it to milliseconds.
 */
export const MAX_SIGN_MESSAGE_BYTES = 4096
/** The most base58 characters MAX_SIGN_MESSAGE_BYTES can take (log 256 / log 58 ≈ 1.366) */
const MAX_SIGN_MESSAGE_CHARS = Math.ceil(MAX_SIGN_MESSAGE_BYTES * 1.366) + 1
const LAMPORTS_PER_SOL = 1_000_000_000n

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const PROGRAM_NAMES: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
}
/** Genesis-hash references of the public clusters (CAIP-2 solana:<reference>) */
const CLUSTERS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'Solana Devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
}

const invalid = (what: string) => new FrameError(`Invalid ${what}`, INVALID_PARAMS)

export interface SolanaInstruction {
  programIndex: number
  accounts: number[]
  data: Uint8Array
}

export interface SolanaMessage {
  version: 'legacy' | 0
  numRequiredSignatures: number
  numReadonlySigned: number
  numReadonlyUnsigned: number
  /** The static account keys, base58; the fee payer first */
  accountKeys: string[]
  recentBlockhash: string
  instructions: SolanaInstruction[]
  /** v0: address lookup tables, and the accounts they load */
  lookupTables: number
  lookupAccounts: number
}

export interface WireTransaction {
  bytes: Uint8Array
  signatureCount: number
  /** Offset of the first signature */
  signaturesAt: number
  /** Offset of the message: what is signed */
  messageAt: number
  message: SolanaMessage
}

class Reader {
  at = 0
  constructor(readonly bytes: Uint8Array) {}

  u8(): number {
    const byte = this.bytes[this.at]
    if (byte === undefined) throw invalid('transaction: truncated')
    this.at++
    return byte
  }

  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw invalid('transaction: truncated')
    const out = this.bytes.subarray(this.at, this.at + length)
    this.at += length
    return out
  }

  /** Solana's compact-u16 (shortvec): 7 bits a byte, at most 3 bytes, no redundant bytes. */
  compactU16(): number {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const byte = this.u8()
      value |= (byte & 0x7f) << (7 * i)
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw invalid('transaction: non-canonical length')
        if (value > 0xffff) throw invalid('transaction: length out of range')
        return value
      }
    }
    throw invalid('transaction: length out of range')
  }
}

/** A legacy or v0 message; FrameError (-32602) on anything else. */
export function parseSolanaMessage(bytes: Uint8Array): SolanaMessage {
  const reader = new Reader(bytes)
  const first = reader.u8()
  let version: SolanaMessage['version'] = 'legacy'
  let numRequiredSignatures = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw invalid(`transaction: version ${first & 0x7f} is not supported`)
    version = 0
    numRequiredSignatures = reader.u8()
  }
  const numReadonlySigned = reader.u8()
  const numReadonlyUnsigned = reader.u8()
  const keyCount = reader.compactU16()
  const accountKeys = Array.from({ length: keyCount }, () => base58Encode(reader.take(KEY_BYTES)))
  const recentBlockhash = base58Encode(reader.take(KEY_BYTES))
  const instructions = Array.from({ length: reader.compactU16() }, () => {
    const programIndex = reader.u8()
    const accounts = [...reader.take(reader.compactU16())]
    const data = reader.take(reader.compactU16())
    return { programIndex, accounts, data }
  })
  let lookupTables = 0
  let lookupAccounts = 0
  if (version === 0) {
    lookupTables = reader.compactU16()
    for (let i = 0; i < lookupTables; i++) {
      reader.take(KEY_BYTES)
      lookupAccounts += reader.take(reader.compactU16()).length
      lookupAccounts += reader.take(reader.compactU16()).length
    }
  }
  if (reader.at !== bytes.length) throw invalid('transaction: trailing bytes')
  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount) {
    throw invalid('transaction: bad signer count')
  }
  if (
    numReadonlySigned >= numRequiredSignatures ||
    numReadonlyUnsigned > keyCount - numRequiredSignatures
  ) {
    throw invalid('transaction: bad header')
  }
  const total = keyCount + lookupAccounts
  for (const instruction of instructions) {
    // Programs are never loaded from lookup tables.
    if (instruction.programIndex >= keyCount || instruction.programIndex === 0) {
      throw invalid('transaction: bad program index')
    }
    if (instruction.accounts.some((index) => index >= total)) {
      throw invalid('transaction: bad account index')
    }
  }
  return {
    version,
    numRequiredSignatures,
    numReadonlySigned,
    numReadonlyUnsigned,
    accountKeys,
    recentBlockhash,
    instructions,
    lookupTables,
    lookupAccounts,
  }
}

/** A wire transaction: signatures, then a message that needs exactly that many. */
export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  const reader = new Reader(bytes)
  const signatureCount = reader.compactU16()
  const signaturesAt = reader.at
  reader.take(signatureCount * SIGNATURE_BYTES)
  const messageAt = reader.at
  const message = parseSolanaMessage(bytes.subarray(messageAt))
  if (signatureCount !== message.numRequiredSignatures) {
    throw invalid('transaction: the signature count does not match the message')
  }
  return { bytes, signatureCount, signaturesAt, messageAt, message }
}

/** Our slot among the required signers; refused when the transaction does not need our key. */
function signerIndex(message: SolanaMessage, address: string): number {
  const index = message.accountKeys.slice(0, message.numRequiredSignatures).indexOf(address)
  if (index === -1) throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  return index
}

/** The transaction with our signature over its message in our slot. */
export async function signWireTransaction(
  transaction: WireTransaction,
  account: SolanaAccount,
): Promise<Uint8Array> {
  const index = signerIndex(transaction.message, account.address)
  const signature = await account.sign(transaction.bytes.subarray(transaction.messageAt))
  const signed = new Uint8Array(transaction.bytes)
  signed.set(signature, transaction.signaturesAt + index * SIGNATURE_BYTES)
  return signed
}

export function formatSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** System Program transfers (instruction 2: u32 2, u64 lamports; accounts from, to). */
function transfers(message: SolanaMessage, address: string): string[] {
  const key = (index: number | undefined) =>
    index === undefined
      ? '?'
      : (message.accountKeys[index] ?? 'an account from an address lookup table')
  const out: string[] = []
  for (const { programIndex, accounts, data } of message.instructions) {
    if (message.accountKeys[programIndex] !== SYSTEM_PROGRAM || data.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) !== 2) continue
    const amount = `${formatSol(view.getBigUint64(4, true))} SOL`
    const from = key(accounts[0])
    out.push(
      from === address
        ? `${amount} to ${key(accounts[1])}`
        : `${amount} from ${from} to ${key(accounts[1])}`,
    )
  }
  return out
}

function programs(message: SolanaMessage): string {
  const names = new Set(
    message.instructions.map(({ programIndex }) => {
      const id = message.accountKeys[programIndex] ?? '?'
      return PROGRAM_NAMES[id] ?? id
    }),
  )
  return [...names].join(', ') || 'none'
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The lines of one transaction's description. */
function describe(transaction: WireTransaction, address: string): Detail[] {
  const { message } = transaction
  const details: Detail[] = [
    { label: 'Fee payer', value: message.accountKeys[0] ?? '?', mono: true },
    {
      label: 'Instructions',
      value: `${message.instructions.length} (${programs(message)})`,
    },
  ]
  const sent = transfers(message, address)
  for (const line of sent.slice(0, MAX_TRANSFERS_SHOWN)) {
    details.push({ label: 'Transfer', value: line, mono: true })
  }
  if (sent.length > MAX_TRANSFERS_SHOWN) {
    details.push({
      label: 'Transfer',
      value: `and ${plural(sent.length - MAX_TRANSFERS_SHOWN, 'more transfer')}`,
    })
  }
  if (message.numRequiredSignatures > 1) {
    details.push({ label: 'Signatures', value: `${message.numRequiredSignatures} required` })
  }
  if (message.lookupTables > 0) {
    details.push({
      label: 'Lookup tables',
      value: `${message.lookupTables} (${plural(message.lookupAccounts, 'account')} not shown)`,
    })
  }
  details.push({ label: 'Size', value: `${transaction.bytes.length} bytes` })
  return details
}

function network(chainId: ChainId | undefined): Detail[] {
  if (chainId === undefined) return []
  return [{ label: 'Network', value: CLUSTERS[String(chainId)] ?? `Solana ${chainId}` }]
}

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
    details: [shown, ...network(chainId), { label: 'Account', value: address, mono: true }],
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
      ...describe(transaction, address),
      ...network(chainId),
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
      label: `Transaction ${i + 1}`,
      value: describe(transaction, address)
        .map(({ label, value }) => `${label}: ${value}`)
        .join('\n'),
      block: true,
    })
  })
  if (transactions.length > MAX_DESCRIBED) {
    details.push({
      label: 'And',
      value: plural(transactions.length - MAX_DESCRIBED, 'more transaction'),
    })
  }
  details.push(...network(chainId), { label: 'Account', value: address, mono: true })
  return {
    method: 'solana_signAllTransactions',
    title: 'Sign transactions',
    action: `sign ${plural(transactions.length, 'transaction')}`,
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
      ...describe(transaction, address),
      ...network(chainId),
      { label: 'Account', value: address, mono: true },
    ],
    async run({ account, signal, rpc }: SolanaRunContext) {
      const signed = await signWireTransaction(transaction, account)
      // The last point where an abort still keeps the transaction off the chain.
      if (signal.aborted) throw new FrameError(ABORTED)
      const result = await rpc('sendTransaction', [
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
