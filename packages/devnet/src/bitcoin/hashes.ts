// Bitcoin's hashes over bytes, and the two byte orders of a 32-byte hash: the internal one that
// is hashed and serialized, and the reversed one that txids and block hashes are shown in.
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { hex } from '@scure/base'

export function sha256d(...parts: Uint8Array[]): Uint8Array {
  return sha256(sha256(concatBytes(...parts)))
}

export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes))
}

/** Internal byte order to the shown hex */
export function displayHex(internal: Uint8Array): string {
  return hex.encode(internal.slice().reverse())
}

/** Shown hex to internal byte order */
export function internalBytes(display: string): Uint8Array {
  return hex.decode(display).reverse()
}

/** A 64-digit hex hash (txid, block hash), lower-cased; undefined when it is not one */
export function parseHash(text: string): string | undefined {
  return /^[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined
}

export { concatBytes, hex }
