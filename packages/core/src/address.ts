import { keccak_256 } from '@noble/hashes/sha3.js'
import { decodeBase58 } from './base58.ts'
import type { ChainNamespace } from './caip.ts'

/** §5 Solana address: base58, 32 to 44 characters. */
const SOLANA_ADDRESS_MIN_LENGTH = 32
/** §5 Solana address: base58, 32 to 44 characters. */
const SOLANA_ADDRESS_MAX_LENGTH = 44
/** A Solana address is an ed25519 public key (or a program-derived address): 32 bytes. */
const SOLANA_ADDRESS_BYTES = 32

/** §5 EVM address: 40 hex digits, optional 0x prefix. */
const EVM_ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/

/** §5 A Solana address: 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (value.length < SOLANA_ADDRESS_MIN_LENGTH || value.length > SOLANA_ADDRESS_MAX_LENGTH) {
    return false
  }
  return decodeBase58(value)?.length === SOLANA_ADDRESS_BYTES
}

/** EIP-55: a letter is upper case exactly when its nibble of keccak256(lower-case hex) is >= 8. */
function hasEip55Checksum(hex: string): boolean {
  const lower = hex.toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  for (let i = 0; i < hex.length; i++) {
    const char = hex[i] as string
    if (char >= '0' && char <= '9') continue
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    if (nibble >= 8 !== (char !== lower[i])) return false
  }
  return true
}

/** EIP-55 mixed-case form of a 0x-prefixed (or bare) 40-hex-digit address. */
export function toChecksumAddress(value: string): string {
  const lower = (value.startsWith('0x') ? value.slice(2) : value).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i]
  }
  return out
}

/**
 * §5 An EVM address: 40 hex digits, optional 0x prefix. All lower or all upper case passes as
 * is; mixed case must carry a valid EIP-55 checksum (a mistyped letter is caught).
 */
export function isEvmAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !EVM_ADDRESS.test(value)) return false
  const hex = value.startsWith('0x') ? value.slice(2) : value
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return hasEip55Checksum(hex)
}

/** §5 Whether `value` is an address of the namespace; namespaces without a rule: false. */
export function isValidAddress(namespace: ChainNamespace, value: unknown): value is string {
  if (namespace === 'eip155') return isEvmAddress(value)
  if (namespace === 'solana') return isSolanaAddress(value)
  return false
}

/**
 * The address as chains and wallets take it: an EVM address gets the 0x prefix §5 lets the
 * visitor leave out (viem and wallets need it); anything else is returned as it is.
 */
export function normalizeAddress(namespace: ChainNamespace, value: string): string {
  if (namespace === 'eip155' && isEvmAddress(value) && !value.startsWith('0x')) return `0x${value}`
  return value
}

/** EVM addresses are hex in any case; Solana's base58 (and the others) are case-sensitive. */
export function isSameAddress(caipNetworkId: string, a: string, b: string): boolean {
  return caipNetworkId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}
