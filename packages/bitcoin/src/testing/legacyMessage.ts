// Test support only: legacy "Bitcoin Signed Message" signatures with a compressed key, as
// wallets make them (Bitcoin Core's signmessage, or BIP-137's segwit headers).
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { concatBytes } from '@scure/btc-signer/utils.js'
import { legacyMessageHash } from '../legacyMessage.ts'

/** BIP-137's first header of each address form of a compressed key */
const HEADER = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const

export function signLegacyMessage(
  privateKey: Uint8Array,
  message: string | Uint8Array,
  form: keyof typeof HEADER = 'p2pkh',
): string {
  const recovered = secp256k1.sign(legacyMessageHash(message), privateKey, {
    prehash: false,
    format: 'recovered',
  })
  const header = HEADER[form] + (recovered[0] as number)
  return base64.encode(concatBytes(Uint8Array.of(header), recovered.subarray(1)))
}
