import { ProviderRpcError } from '@latchkey/core/internal'
import { type Address, getAddressEncoder, isAddress } from '@solana/kit'
import { ProviderErrorCode } from './constants.ts'
import { SolanaErrorText } from './errors.ts'

/** Anything that names an account the way @solana/web3.js's `PublicKey` does. */
export interface PublicKeyLike {
  toBase58(): string
}

/**
 * A public key with the read side of @solana/web3.js's `PublicKey` (our own object: web3.js is
 * not a dependency). `new PublicKey(key.toBytes())` or `new PublicKey(key.toBase58())` makes a
 * web3.js one.
 */
export interface SolanaPublicKey extends PublicKeyLike {
  toString(): string
  toJSON(): string
  /** The 32 bytes, a fresh copy each call */
  toBytes(): Uint8Array
  equals(other: PublicKeyLike): boolean
}

/** The public key of a base58 address. */
export function toPublicKey(address: Address | string): SolanaPublicKey {
  const bytes = new Uint8Array(getAddressEncoder().encode(address as Address))
  const text = String(address)
  return Object.freeze({
    toBase58: () => text,
    toString: () => text,
    toJSON: () => text,
    toBytes: () => bytes.slice(),
    equals: (other: PublicKeyLike) => other?.toBase58?.() === text,
  })
}

/** A base58 address from an address string or anything with `toBase58()` (a web3.js `PublicKey`). */
export function addressOf(value: unknown, method: string, what = 'a public key'): Address {
  const text =
    typeof value === 'string'
      ? value
      : typeof (value as PublicKeyLike | undefined)?.toBase58 === 'function'
        ? (value as PublicKeyLike).toBase58()
        : undefined
  if (text === undefined || !isAddress(text)) {
    throw new ProviderRpcError(
      ProviderErrorCode.invalidParams,
      SolanaErrorText.invalidParams(method, `${what} (base58 text or an object with toBase58())`),
    )
  }
  return text
}
