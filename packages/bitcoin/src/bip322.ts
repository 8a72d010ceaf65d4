// BIP-322 "simple" message signatures (the witness of the virtual to_sign transaction, base64)
// for P2WPKH and P2TR key-path addresses, with @scure/btc-signer: the BIP's tagged message hash,
// to_spend and to_sign. No browser API: the server verifies sign-ins with it (@latchkey/bitcoin/verify).
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { Address, OutScript, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import { equalBytes, hash160, tagSchnorr } from '@scure/btc-signer/utils.js'
import type { AddressParams } from './addressing.ts'

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

/**
 * Whether `signature` is a "simple" BIP-322 signature of `message` by `address` (P2WPKH, or P2TR
 * spent by its key path). False for anything else: other address types, malformed base64 or
 * witness, another key or another message.
 */
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
      // BIP-341: an explicit hash type byte is never 0 (that is the 64-byte form's).
      if (signed.length === 65 && hashType === SigHash.DEFAULT) return false
      const digest = tx.preimageWitnessV1(0, [challenge], hashType, [0n])
      return schnorr.verify(signed.subarray(0, 64), digest, output.pubkey)
    }
    return false
  } catch {
    return false
  }
}
