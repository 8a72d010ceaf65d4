// The legacy "Bitcoin Signed Message" (Bitcoin Core's signmessage, BIP-137 headers): a 65-byte
// compact signature, base64, whose header byte gives the recovery id and the key's address form.
// Wallets still answer it for P2PKH, P2SH-P2WPKH and P2WPKH (Sats Connect's ECDSA protocol).
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { Address, CompactSize, OutScript, p2pkh, p2sh, p2wpkh } from '@scure/btc-signer'
import { concatBytes, equalBytes, sha256x2 } from '@scure/btc-signer/utils.js'
import type { AddressParams } from './addressing.ts'

const MAGIC = new TextEncoder().encode('Bitcoin Signed Message:\n')
/** BIP-137: 27–30 an uncompressed key's P2PKH, 31–34 compressed P2PKH, 35–38 P2SH-P2WPKH, 39–42 P2WPKH. */
const FIRST_HEADER = 27
const FIRST_COMPRESSED_HEADER = 31
const LAST_HEADER = 42
const SIGNATURE_BYTES = 65

const withLength = (bytes: Uint8Array) =>
  concatBytes(CompactSize.encode(BigInt(bytes.length)), bytes)

/** The hash a legacy signature signs: double SHA256 of the magic prefix and the message. */
export function legacyMessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  return sha256x2(withLength(MAGIC), withLength(bytes))
}

/** The 65 bytes of a legacy signature, or undefined when `signature` is not one. */
export function legacySignatureBytes(signature: string): Uint8Array | undefined {
  try {
    const bytes = base64.decode(signature)
    const header = bytes[0] ?? 0
    if (bytes.length !== SIGNATURE_BYTES || header < FIRST_HEADER || header > LAST_HEADER) {
      return undefined
    }
    return bytes
  } catch {
    return undefined
  }
}

/**
 * Whether `signature` is a legacy signature of `message` by the key behind `address`. The key is
 * recovered from the signature, and the address must be one of that key's single-key forms.
 * Many wallets (Electrum's lineage) write the compressed P2PKH header for segwit addresses
 * too, so a compressed key's header does not choose among its forms; an uncompressed key has
 * only P2PKH.
 */
export function verifyLegacyMessage(
  address: string,
  message: string | Uint8Array,
  signature: string,
  params: AddressParams,
): boolean {
  const bytes = legacySignatureBytes(signature)
  if (!bytes) return false
  try {
    const header = bytes[0] as number
    const compressed = header >= FIRST_COMPRESSED_HEADER
    const recovered = concatBytes(Uint8Array.of((header - FIRST_HEADER) & 3), bytes.subarray(1))
    const publicKey = secp256k1.Signature.fromBytes(recovered, 'recovered')
      .recoverPublicKey(legacyMessageHash(message))
      .toBytes(compressed)
    const script = OutScript.encode(Address(params).decode(address))
    const forms = compressed
      ? [
          p2pkh(publicKey, params),
          p2wpkh(publicKey, params),
          p2sh(p2wpkh(publicKey, params), params),
        ]
      : [p2pkh(publicKey, params)]
    return forms.some((form) => equalBytes(form.script, script))
  } catch {
    return false
  }
}
