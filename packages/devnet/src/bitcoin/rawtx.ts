// A raw transaction decoded once into what the chain reads: ids, inputs, outputs, witness, sizes.
// Parsing and serializing are @scure/btc-signer's RawTx (the consensus encoding, segwit marker
// included); the ids and sizes follow BIP141 (txid without witness, wtxid with it).
import { RawTx } from '@scure/btc-signer'
import { displayHex, hex, sha256d } from './hashes.ts'

export interface TxInput {
  /** The spent output's txid, shown byte order */
  txid: string
  vout: number
  scriptSig: Uint8Array
  sequence: number
  witness: Uint8Array[]
}

export interface TxOutput {
  value: bigint
  script: Uint8Array
}

export interface DecodedTx {
  txid: string
  wtxid: string
  version: number
  lockTime: number
  inputs: TxInput[]
  outputs: TxOutput[]
  /** The consensus serialization, witness included when there is one */
  raw: Uint8Array
  /** Bytes without witness (BIP141 base size) */
  baseSize: number
  size: number
  weight: number
  /** ceil(weight / 4) */
  vsize: number
}

/** Bytes of Bitcoin's CompactSize encoding of `n` */
export function compactSizeLength(n: number): number {
  if (n < 0xfd) return 1
  return n <= 0xffff ? 3 : 5
}

type RawTxValue = Parameters<typeof RawTx.encode>[0]

const NULL_TXID = '0'.repeat(64)
const NULL_INDEX = 0xffffffff

/** The coinbase's one input spends nothing: an all-zero txid and index 0xffffffff */
export function isCoinbaseInput(input: Pick<TxInput, 'txid' | 'vout'>): boolean {
  return input.txid === NULL_TXID && input.vout === NULL_INDEX
}

export function isCoinbase(tx: Pick<DecodedTx, 'inputs'>): boolean {
  const [first] = tx.inputs
  return tx.inputs.length === 1 && first !== undefined && isCoinbaseInput(first)
}

function fromRawValue(value: RawTxValue): DecodedTx {
  const withWitness = value.witnesses?.some((stack) => stack.length > 0) ?? false
  const stripped = RawTx.encode({ ...value, segwitFlag: false })
  const raw = withWitness ? RawTx.encode({ ...value, segwitFlag: true }) : stripped
  const weight = stripped.length * 3 + raw.length
  return {
    txid: displayHex(sha256d(stripped)),
    wtxid: displayHex(sha256d(raw)),
    version: value.version,
    lockTime: value.lockTime,
    inputs: value.inputs.map((input, index) => ({
      txid: hex.encode(input.txid),
      vout: input.index,
      scriptSig: input.finalScriptSig,
      sequence: input.sequence,
      witness: value.witnesses?.[index] ?? [],
    })),
    outputs: value.outputs.map((output) => ({ value: output.amount, script: output.script })),
    raw,
    baseSize: stripped.length,
    size: raw.length,
    weight,
    vsize: Math.ceil(weight / 4),
  }
}

/** Undefined when `bytes` is not exactly one serialized transaction */
export function decodeTx(bytes: Uint8Array): DecodedTx | undefined {
  let value: RawTxValue
  try {
    value = RawTx.decode(bytes)
  } catch {
    return undefined
  }
  // Core refuses a segwit marker with no witness at all ("Superfluous witness record").
  if (value.segwitFlag && !value.witnesses?.some((stack) => stack.length > 0)) return undefined
  return fromRawValue(value)
}

export interface NewTx {
  version: number
  lockTime: number
  inputs: TxInput[]
  outputs: TxOutput[]
}

/** Serializes a transaction the chain builds itself (the coinbase) */
export function encodeTx(tx: NewTx): DecodedTx {
  return fromRawValue({
    version: tx.version,
    lockTime: tx.lockTime,
    segwitFlag: tx.inputs.some((input) => input.witness.length > 0),
    inputs: tx.inputs.map((input) => ({
      txid: hex.decode(input.txid),
      index: input.vout,
      finalScriptSig: input.scriptSig,
      sequence: input.sequence,
    })),
    outputs: tx.outputs.map((output) => ({ amount: output.value, script: output.script })),
    witnesses: tx.inputs.map((input) => input.witness),
  })
}
