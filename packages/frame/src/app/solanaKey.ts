// The Solana key: an ed25519 key pair through WebCrypto (Chromium 137+, Firefox 129+, Safari 17+,
// Node 20), so the frame's bundle carries no curve code for it. What the frame keeps at rest is
// the 32-byte seed, encrypted (keys.ts); in memory, a non-extractable CryptoKey that signs.
import { base58Encode, isSolanaAddress } from './base58.ts'
import { base64ToBytes, type EncryptedWallet, KeyError, open, seal } from './keys.ts'

export interface SolanaAccount {
  /** base58 of the 32-byte public key */
  address: string
  publicKey: Uint8Array
  /** The 64-byte ed25519 signature of `message` */
  sign(message: Uint8Array): Promise<Uint8Array>
}

export const SOLANA_SEED_BYTES = 32
export const SOLANA_UNSUPPORTED = 'This browser cannot hold a Solana key (no Ed25519 in WebCrypto)'

const ED25519 = { name: 'Ed25519' } as const
/** PKCS#8 PrivateKeyInfo of an Ed25519 key (RFC 8410) up to its 32-byte seed. */
const PKCS8_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]

function pkcs8(seed: Uint8Array): Uint8Array<ArrayBuffer> {
  if (seed.length !== SOLANA_SEED_BYTES) throw new KeyError('An ed25519 seed is 32 bytes')
  const out = new Uint8Array(PKCS8_PREFIX.length + SOLANA_SEED_BYTES)
  out.set(PKCS8_PREFIX)
  out.set(seed, PKCS8_PREFIX.length)
  return out
}

async function importSeed(seed: Uint8Array, extractable: boolean): Promise<CryptoKey> {
  const der = pkcs8(seed)
  try {
    return await crypto.subtle.importKey('pkcs8', der, ED25519, extractable, ['sign'])
  } catch (error) {
    // A DOMException; not an Error subclass everywhere.
    if ((error as { name?: unknown } | null)?.name === 'NotSupportedError') {
      throw new KeyError(SOLANA_UNSUPPORTED)
    }
    throw new KeyError('Invalid Solana key')
  } finally {
    der.fill(0)
  }
}

function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/')
  return base64ToBytes(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
}

/** The public key of a seed: the `x` of the private key's JWK (WebCrypto derives it). */
async function publicKeyOf(seed: Uint8Array): Promise<Uint8Array> {
  const extractable = await importSeed(seed, true)
  const { x } = await crypto.subtle.exportKey('jwk', extractable)
  const publicKey = typeof x === 'string' ? base64UrlToBytes(x) : undefined
  if (publicKey?.length !== 32) throw new KeyError('Invalid Solana key')
  return publicKey
}

/** The Solana address (base58 public key) of a 32-byte seed. */
export async function solanaAddressOf(seed: Uint8Array): Promise<string> {
  return base58Encode(await publicKeyOf(seed))
}

/** A fresh random seed (any 32 random bytes are an ed25519 private key). */
export function generateSolanaSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SOLANA_SEED_BYTES))
}

/** The signing account of a seed. The caller may wipe the seed afterwards. */
export async function solanaAccountFromSeed(seed: Uint8Array): Promise<SolanaAccount> {
  const publicKey = await publicKeyOf(seed)
  const key = await importSeed(seed, false)
  return {
    address: base58Encode(publicKey),
    publicKey,
    async sign(message) {
      const data = new Uint8Array(message)
      return new Uint8Array(await crypto.subtle.sign(ED25519, key, data))
    },
  }
}

/** Encrypts a Solana ed25519 seed under `address`, which must be its public key. */
export async function encryptSolanaSeed(
  key: CryptoKey,
  seed: Uint8Array,
  address: string,
): Promise<EncryptedWallet> {
  if (!isSolanaAddress(address)) throw new KeyError('Invalid wallet address')
  if (seed.length !== SOLANA_SEED_BYTES || (await solanaAddressOf(seed)) !== address) {
    throw new KeyError('The address does not belong to this key')
  }
  return seal(key, seed, address, 'solana')
}

/**
 * The ed25519 seed inside a Solana `wallet`. Fails (KeyError) like decryptPrivateKey, and on a
 * seed whose public key is not the stated address.
 */
export async function decryptSolanaSeed(
  key: CryptoKey,
  wallet: EncryptedWallet,
): Promise<Uint8Array> {
  if (!isSolanaAddress(wallet.address)) throw new KeyError('Invalid wallet address')
  const seed = await open(key, wallet, 'solana')
  if ((await solanaAddressOf(seed)) !== wallet.address) {
    seed.fill(0)
    throw new KeyError('Could not unlock the wallet')
  }
  return seed
}
