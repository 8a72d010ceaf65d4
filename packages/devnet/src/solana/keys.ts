// Deterministic ed25519 keypairs: a seed is the sha256 of a fixed label (constants.ts).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'

export interface SolanaKeypair {
  /** base58 public key */
  address: string
  /** 64 bytes: the 32-byte seed, then the public key, like Solana's keypair files */
  secretKey: Uint8Array
}

// RFC 8410: the DER prefix of a PKCS#8 Ed25519 private key, followed by its 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
// RFC 8410: the DER prefix of an SPKI Ed25519 public key, followed by its 32 bytes.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

export function seedOfLabel(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

function privateKeyOf(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new Error(`an ed25519 seed has 32 bytes, got ${seed.length}`)
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
}

export function keypairFromSeed(seed: Uint8Array): SolanaKeypair {
  const spki = createPublicKey(privateKeyOf(seed)).export({ format: 'der', type: 'spki' })
  const publicKey = new Uint8Array(spki.subarray(-32))
  const secretKey = new Uint8Array(64)
  secretKey.set(seed, 0)
  secretKey.set(publicKey, 32)
  return { address: getBase58Decoder().decode(publicKey), secretKey }
}

/** Signs synchronously with a 64-byte secret key (node:crypto; WebCrypto would be async). */
export function signWithSecretKey(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, privateKeyOf(secretKey.subarray(0, 32))))
}

/** Whether `signature` is `publicKey`'s ed25519 signature of `message`. */
export function verifySignatureBytes(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    })
    return verify(null, message, key, signature)
  } catch {
    // A public key that is not a curve point cannot have signed anything.
    return false
  }
}
