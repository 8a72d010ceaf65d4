// Test support only: BIP-322 "simple" message signatures, as a wallet makes them (the test
// wallet's signMessage), over the virtual transactions of ../bip322.ts.
import { base64 } from '@scure/base'
import { Address, OutScript, p2tr, RawWitness } from '@scure/btc-signer'
import { pubSchnorr } from '@scure/btc-signer/utils.js'
import type { AddressParams } from '../addressing.ts'
import { toSign } from '../bip322.ts'

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
