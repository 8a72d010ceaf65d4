// Solana's wire format, read by the frame itself (what it shows is what it signs): a
// compact-u16 signature count, the signatures, then the message, legacy or v0; and our signature
// put in our key's slot among the message's required signers.
import { FrameError } from '../../frameError.ts'
import { base58Encode } from '../base58.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import type { SolanaAccount } from '../solanaKey.ts'

export const SIGNATURE_BYTES = 64
const KEY_BYTES = 32

export const invalid = (what: string) => new FrameError(`Invalid ${what}`, INVALID_PARAMS)

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
export function signerIndex(message: SolanaMessage, address: string): number {
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
