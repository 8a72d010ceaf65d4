// A signed message of a Bitcoin address, in either form wallets answer: BIP-322 "simple" or the
// legacy 65-byte signature (their encodings cannot be mistaken: a witness starts with its item
// count, 1 or 2, a legacy signature with a header of 27–42).
import type { AddressParams } from './addressing.ts'
import { verifyBip322 } from './bip322.ts'
import { legacySignatureBytes, verifyLegacyMessage } from './legacyMessage.ts'

/**
 * Whether `signature` (base64) signs `message` for `address` on the network of `params`:
 * BIP-322 simple for P2WPKH and P2TR, the legacy signature for P2PKH, P2SH-P2WPKH and P2WPKH.
 * Never throws: anything malformed is false.
 */
export function verifyBitcoinMessage(
  address: string,
  message: string | Uint8Array,
  signature: string,
  params: AddressParams,
): boolean {
  return legacySignatureBytes(signature)
    ? verifyLegacyMessage(address, message, signature, params)
    : verifyBip322(address, message, signature, params)
}
