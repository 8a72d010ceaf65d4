// Script checks for the two input types the local chain verifies: P2WPKH (BIP143 sighash, ECDSA)
// and P2TR key path (BIP341 sighash, BIP340 Schnorr). The consensus rules run first and fail
// "mandatory"; the policy rules Core adds on top (low S, defined sighash types, compressed keys)
// fail "non-mandatory", in Core's order and with its script error texts.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { equalBytes } from '@noble/curves/utils.js'
import { Transaction } from '@scure/btc-signer'
import { concatBytes, hash160, hex } from './hashes.ts'
import type { DecodedTx, TxOutput } from './rawtx.ts'
import { BitcoinTransactionRejected, DECODE_FAILED, RPC_CODES, scriptFailed } from './reject.ts'
import { scriptType, witnessProgram } from './script.ts'

export const UNSUPPORTED_INPUT =
  'only P2WPKH and P2TR key-path inputs are supported by the local chain'

const ERRORS = {
  evalFalse: 'Script evaluated without error but finished with a false/empty top stack element',
  equalVerify: 'Script failed an OP_EQUALVERIFY operation',
  witnessMalleated: 'Witness requires empty scriptSig',
  programMismatch: 'Witness program hash mismatch',
  witnessEmpty: 'Witness program was passed an empty witness',
  derSignature: 'Non-canonical DER signature',
  highS: 'Non-canonical signature: S value is unnecessarily high',
  hashType: 'Signature hash type missing or not understood',
  uncompressedKey: 'Using non-compressed keys in segwit',
  schnorrSize: 'Invalid Schnorr signature size',
  schnorrHashType: 'Invalid Schnorr signature hash type',
  schnorrSignature: 'Invalid Schnorr signature',
} as const

const SIGHASH_ANYONECANPAY = 0x80
const ANNEX_TAG = 0x50

/** Core's IsValidSignatureEncoding (BIP66 strict DER), over the signature and its sighash byte */
export function isStrictDer(sig: Uint8Array): boolean {
  const n = sig.length
  if (n < 9 || n > 73 || sig[0] !== 0x30 || sig[1] !== n - 3) return false
  const lenR = sig[3] as number
  if (5 + lenR >= n) return false
  const lenS = sig[5 + lenR] as number
  if (lenR + lenS + 7 !== n) return false
  if (sig[2] !== 0x02 || lenR === 0 || (sig[4] as number) & 0x80) return false
  if (lenR > 1 && sig[4] === 0x00 && !((sig[5] as number) & 0x80)) return false
  if (sig[lenR + 4] !== 0x02 || lenS === 0 || (sig[lenR + 6] as number) & 0x80) return false
  if (lenS > 1 && sig[lenR + 6] === 0x00 && !((sig[lenR + 7] as number) & 0x80)) return false
  return true
}

function isDefinedHashType(hashType: number): boolean {
  const base = hashType & ~SIGHASH_ANYONECANPAY
  return base >= 1 && base <= 3
}

interface InputContext {
  tx: DecodedTx
  sighashTx: Transaction
  index: number
  prevouts: readonly TxOutput[]
}

function ecdsaValid(sig: Uint8Array, pubkey: Uint8Array, digest: () => Uint8Array): boolean {
  try {
    const compact = secp256k1.Signature.fromBytes(sig, 'der').toBytes('compact')
    // Consensus accepts high S (libsecp256k1 normalizes it); policy refuses it afterwards.
    return secp256k1.verify(compact, digest(), pubkey, { prehash: false, lowS: false })
  } catch {
    return false
  }
}

function checkP2wpkh({ tx, sighashTx, index, prevouts }: InputContext, program: Uint8Array): void {
  const input = tx.inputs[index]
  const prevout = prevouts[index]
  if (!input || !prevout) throw new Error(`no input ${index}`)
  if (input.scriptSig.length > 0) throw scriptFailed(ERRORS.witnessMalleated)
  if (input.witness.length !== 2) throw scriptFailed(ERRORS.programMismatch)
  const [sigWithType, pubkey] = input.witness as [Uint8Array, Uint8Array]
  if (!equalBytes(hash160(pubkey), program)) throw scriptFailed(ERRORS.equalVerify)
  if (sigWithType.length > 0 && !isStrictDer(sigWithType)) throw scriptFailed(ERRORS.derSignature)
  const hashType = sigWithType[sigWithType.length - 1] ?? 0
  const der = sigWithType.subarray(0, -1)
  // BIP143 scriptCode for P2WPKH: the P2PKH script of the same key hash.
  const scriptCode = concatBytes(hex.decode('76a914'), program, hex.decode('88ac'))
  const valid =
    sigWithType.length > 0 &&
    ecdsaValid(der, pubkey, () =>
      sighashTx.preimageWitnessV0(index, scriptCode, hashType, prevout.value),
    )
  if (!valid) throw scriptFailed(ERRORS.evalFalse)
  if (secp256k1.Signature.fromBytes(der, 'der').hasHighS()) {
    throw scriptFailed(ERRORS.highS, false)
  }
  if (!isDefinedHashType(hashType)) throw scriptFailed(ERRORS.hashType, false)
  if (pubkey.length !== 33) throw scriptFailed(ERRORS.uncompressedKey, false)
}

function schnorrValid(sig: Uint8Array, digest: Uint8Array, key: Uint8Array): boolean {
  try {
    return schnorr.verify(sig, digest, key)
  } catch {
    // An output key off the curve: nothing verifies against it.
    return false
  }
}

const TAPROOT_HASH_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

function checkP2trKeyPath({ tx, sighashTx, index, prevouts }: InputContext, key: Uint8Array): void {
  const input = tx.inputs[index]
  if (!input) throw new Error(`no input ${index}`)
  if (input.scriptSig.length > 0) throw scriptFailed(ERRORS.witnessMalleated)
  const stack = [...input.witness]
  if (stack.length === 0) throw scriptFailed(ERRORS.witnessEmpty)
  if (stack.length >= 2 && stack[stack.length - 1]?.[0] === ANNEX_TAG) stack.pop()
  if (stack.length !== 1)
    throw new BitcoinTransactionRejected(RPC_CODES.rejected, UNSUPPORTED_INPUT)
  const sig = stack[0] as Uint8Array
  if (sig.length !== 64 && sig.length !== 65) throw scriptFailed(ERRORS.schnorrSize)
  const hashType = sig.length === 65 ? (sig[64] as number) : 0
  if ((sig.length === 65 && hashType === 0) || !TAPROOT_HASH_TYPES.has(hashType)) {
    throw scriptFailed(ERRORS.schnorrHashType)
  }
  let digest: Uint8Array
  try {
    digest = sighashTx.preimageWitnessV1(
      index,
      prevouts.map((prevout) => prevout.script),
      hashType,
      prevouts.map((prevout) => prevout.value),
    )
  } catch {
    // BIP341 defines no digest for SINGLE without a matching output.
    throw scriptFailed(ERRORS.schnorrHashType)
  }
  if (!schnorrValid(sig.subarray(0, 64), digest, key)) throw scriptFailed(ERRORS.schnorrSignature)
}

/** Whether the local chain can verify spending an output with this script */
export function isSupportedPrevout(script: Uint8Array): boolean {
  const type = scriptType(script)
  return type === 'v0_p2wpkh' || type === 'v1_p2tr'
}

/** Verifies every input's witness against its prevout; throws BitcoinTransactionRejected */
export function verifyInputScripts(tx: DecodedTx, prevouts: readonly TxOutput[]): void {
  let sighashTx: Transaction
  try {
    sighashTx = Transaction.fromRaw(tx.raw, {
      allowUnknownInputs: true,
      allowUnknownOutputs: true,
      allowUnknownVersion: true,
      disableScriptCheck: true,
    })
  } catch {
    throw new BitcoinTransactionRejected(RPC_CODES.decodeFailed, DECODE_FAILED)
  }
  for (let index = 0; index < tx.inputs.length; index++) {
    const script = (prevouts[index] as TxOutput).script
    const { program } = witnessProgram(script) ?? { program: new Uint8Array() }
    const context = { tx, sighashTx, index, prevouts }
    const type = scriptType(script)
    if (type === 'v0_p2wpkh') checkP2wpkh(context, program)
    else if (type === 'v1_p2tr') checkP2trKeyPath(context, program)
    else throw new BitcoinTransactionRejected(RPC_CODES.rejected, UNSUPPORTED_INPUT)
  }
}
