// Base58 (Bitcoin alphabet), as Solana writes public keys and signatures.
import { decodeBase58 as decodeCore } from '@latchkey/core/shared'

/** The bytes of a base58 string, or undefined when it is not base58 (or absurdly long). */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > 128) return undefined
  return decodeCore(text)
}

/** A Solana address: base58 of 32 bytes. */
export function isSolanaAddress(text: string): boolean {
  return decodeBase58(text)?.length === 32
}

/** A Solana transaction signature: base58 of 64 bytes. */
export function isSolanaSignature(text: string): boolean {
  return decodeBase58(text)?.length === 64
}
