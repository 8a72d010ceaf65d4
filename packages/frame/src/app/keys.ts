// The wallet keys at rest (GET and PUT /auth/v1/wallet in the server's /openapi.json): the server keeps a per-user 32-byte wrapping key and, per namespace,
// the wallet key encrypted under it; the frame alone turns them into keys. AES-256-GCM, a random
// 12-byte iv per encryption, the wallet's address as additional data, so a blob cannot be
// replayed under another address. eip155: the secp256k1 private key (here); solana: the 32-byte
// ed25519 seed (solanaKey.ts). The plain key exists only in the frame's memory; nothing here writes anywhere.
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { isSolanaAddress } from './base58.ts'

/** The namespaces the frame holds a key for. */
export type KeyNamespace = 'eip155' | 'solana'

/** What the server stores and what the frame keeps in its storage: base64 strings. */
export interface EncryptedWallet {
  address: string
  iv: string
  ciphertext: string
}

export class KeyError extends Error {
  override name = 'KeyError'
}

const WRAPPING_KEY_BYTES = 32
const IV_BYTES = 12
const PRIVATE_KEY_BYTES = 32
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Standard base64 with padding; throws KeyError on anything else. */
export function base64ToBytes(text: string): Uint8Array {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new KeyError('Invalid base64')
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A random secret as base64url without padding (22 chars for 16 bytes, 43 for 32). */
export function randomBase64Url(byteLength = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(byteLength))
  return bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/**
 * The additional data: the address. An EVM address case-insensitively (the server may store
 * either case); a Solana address (base58, where case matters) as it is.
 */
function additionalData(address: string, namespace: KeyNamespace): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(namespace === 'eip155' ? address.toLowerCase() : address)
}

function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes)
}

/** The server's base64 wrapping key as a non-extractable AES-GCM key. */
export async function importWrappingKey(base64: string): Promise<CryptoKey> {
  const raw = base64ToBytes(base64)
  if (raw.length !== WRAPPING_KEY_BYTES) throw new KeyError('The wrapping key must be 32 bytes')
  return crypto.subtle.importKey('raw', buffer(raw), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ])
}

export async function encryptPrivateKey(
  key: CryptoKey,
  privateKey: Hex,
  address: string,
): Promise<EncryptedWallet> {
  if (!ADDRESS.test(address)) throw new KeyError('Invalid wallet address')
  if (privateKeyToAddress(privateKey).toLowerCase() !== address.toLowerCase()) {
    throw new KeyError('The address does not belong to this key')
  }
  return seal(key, hexToBytes(privateKey), address, 'eip155')
}

/** AES-GCM of `plain` with the address as additional data. */
export async function seal(
  key: CryptoKey,
  plain: Uint8Array,
  address: string,
  namespace: KeyNamespace,
): Promise<EncryptedWallet> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(address, namespace) },
    key,
    buffer(plain),
  )
  return { address, iv: bytesToBase64(iv), ciphertext: bytesToBase64(new Uint8Array(sealed)) }
}

/** The 32 plain bytes of `wallet`; KeyError on anything that does not decrypt. */
export async function open(
  key: CryptoKey,
  wallet: EncryptedWallet,
  namespace: KeyNamespace,
): Promise<Uint8Array> {
  let plain: ArrayBuffer
  try {
    const iv = base64ToBytes(wallet.iv)
    if (iv.length !== IV_BYTES) throw new KeyError('Invalid iv')
    plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: buffer(iv),
        additionalData: additionalData(wallet.address, namespace),
      },
      key,
      buffer(base64ToBytes(wallet.ciphertext)),
    )
  } catch {
    throw new KeyError('Could not unlock the wallet')
  }
  if (plain.byteLength !== PRIVATE_KEY_BYTES) throw new KeyError('Could not unlock the wallet')
  return new Uint8Array(plain)
}

/**
 * The private key inside `wallet`. Fails (KeyError) on another wrapping key, a changed iv,
 * ciphertext or address, or a key that does not derive the stated address.
 */
export async function decryptPrivateKey(key: CryptoKey, wallet: EncryptedWallet): Promise<Hex> {
  if (!ADDRESS.test(wallet.address)) throw new KeyError('Invalid wallet address')
  const privateKey = bytesToHex(await open(key, wallet, 'eip155'))
  if (privateKeyToAddress(privateKey).toLowerCase() !== wallet.address.toLowerCase()) {
    throw new KeyError('Could not unlock the wallet')
  }
  return privateKey
}

const validAddress = (address: string, namespace: KeyNamespace) =>
  namespace === 'eip155' ? ADDRESS.test(address) : isSolanaAddress(address)

/** A stored blob, checked for shape only (decryption is the real check). */
export function parseEncryptedWallet(
  value: unknown,
  namespace: KeyNamespace = 'eip155',
): EncryptedWallet | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { address, iv, ciphertext } = value as Record<string, unknown>
  if (typeof address !== 'string' || !validAddress(address, namespace)) return undefined
  if (typeof iv !== 'string' || typeof ciphertext !== 'string') return undefined
  if (iv.length > 64 || ciphertext.length > 8192) return undefined
  return { address, iv, ciphertext }
}
