// Test support only: BIP-322 "simple" message signatures, signed and verified with
// @scure/btc-signer (the virtual to_spend / to_sign transactions, the BIP's tagged hash) for
// P2WPKH and P2TR key-path addresses.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import {
  Address,
  OutScript,
  p2tr,
  RawWitness,
  Script,
  SigHash,
  Transaction,
} from '@scure/btc-signer'
import { equalBytes, hash160, pubSchnorr, tagSchnorr } from '@scure/btc-signer/utils.js'

type AddressParams = Parameters<typeof Address>[0]

/** BIP-322: the message hash's tag. */
const MESSAGE_TAG = 'BIP0322-signed-message'

const bytesOf = (message: string | Uint8Array) =>
  typeof message === 'string' ? new TextEncoder().encode(message) : message

/** BIP-322's message hash: SHA256 tagged with `BIP0322-signed-message`. */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  return tagSchnorr(MESSAGE_TAG, bytesOf(message))
}

/** to_spend: version 0, spends the null outpoint with `OP_0 <message hash>`, pays 0 to the challenge. */
export function toSpend(challenge: Uint8Array, message: string | Uint8Array): Transaction {
  const tx = new Transaction({
    version: 0,
    lockTime: 0,
    allowUnknownInputs: true,
    allowUnknownOutputs: true,
  })
  // The output first: btc-signer takes an input with a final scriptSig as signed.
  tx.addOutput({ script: challenge, amount: 0n })
  tx.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
  })
  return tx
}

/** to_sign: version 0, spends to_spend's output, one `OP_RETURN` output of 0. */
export function toSign(challenge: Uint8Array, message: string | Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: toSpend(challenge, message).id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: challenge, amount: 0n },
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

/** A "simple" BIP-322 signature (base64 of to_sign's witness) by the key of `address`. */
export function signBip322(
  privateKey: Uint8Array,
  address: string,
  message: string | Uint8Array,
  params: AddressParams,
): string {
  const challenge = OutScript.encode(Address(params).decode(address))
  const tx = toSign(challenge, message)
  if (OutScript.decode(challenge).type === 'tr') {
    const internal = pubSchnorr(privateKey)
    if (p2tr(internal, undefined, params).address !== address) throw new Error('not this key')
    tx.updateInput(0, { tapInternalKey: internal })
  }
  tx.signIdx(privateKey, 0)
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('no witness')
  return base64.encode(RawWitness.encode(witness))
}

/** Verifies a "simple" BIP-322 signature of a P2WPKH or P2TR (key path) address. */
export function verifyBip322(
  address: string,
  message: string | Uint8Array,
  signature: string,
  params: AddressParams,
): boolean {
  try {
    const challenge = OutScript.encode(Address(params).decode(address))
    const witness = RawWitness.decode(base64.decode(signature))
    const output = OutScript.decode(challenge)
    const tx = toSign(challenge, message)
    if (output.type === 'wpkh' && witness.length === 2) {
      const [signed, publicKey] = witness as [Uint8Array, Uint8Array]
      if (!equalBytes(hash160(publicKey), output.hash)) return false
      const hashType = signed[signed.length - 1] as number
      const scriptCode = OutScript.encode({ type: 'pkh', hash: output.hash })
      const digest = tx.preimageWitnessV0(0, scriptCode, hashType, 0n)
      return secp256k1.verify(signed.subarray(0, -1), digest, publicKey, {
        prehash: false,
        format: 'der',
      })
    }
    if (output.type === 'tr' && witness.length === 1) {
      const signed = witness[0] as Uint8Array
      const hashType = signed.length === 65 ? (signed[64] as number) : SigHash.DEFAULT
      const digest = tx.preimageWitnessV1(0, [challenge], hashType, [0n])
      return schnorr.verify(signed.subarray(0, 64), digest, output.pubkey)
    }
    return false
  } catch {
    return false
  }
}
