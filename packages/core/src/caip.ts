import { CHAIN_NAMESPACES } from './constants.ts'
import { ErrorText } from './errors.ts'

/** §3 Chain namespaces */
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** §3 CAIP network id: two parts */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** §3 CAIP address: three parts (namespace, chainId, address) */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface ParsedCaipAddress {
  namespace: ChainNamespace
  chainId: string
  address: string
  caipNetworkId: CaipNetworkId
}

export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  chainId: string
}

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

// A part containing whitespace is treated like an empty one: it can only come from bad input.
function isValidPart(part: string | undefined): part is string {
  return part !== undefined && part !== '' && !/\s/.test(part)
}

function printable(value: unknown): string {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

function splitCaip(value: unknown, expectedParts: number): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length !== expectedParts || !parts.every(isValidPart)) return undefined
  return isChainNamespace(parts[0]) ? parts : undefined
}

/** §5 Exactly 3 non-empty parts with a known namespace, else 'Invalid CAIP-10 address: ...'. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = splitCaip(value, 3)
  if (!parts) throw new Error(ErrorText.invalidCaip10Address(printable(value)))
  const [namespace, chainId, address] = parts as [ChainNamespace, string, string]
  return { namespace, chainId, address, caipNetworkId: `${namespace}:${chainId}` }
}

/** §5 Same rule as parseCaipAddress, with the error 'Invalid CAIP Address'. */
export function validateCaipAddress(value: string): CaipAddress {
  if (!splitCaip(value, 3)) throw new Error(ErrorText.invalidCaipAddress)
  return value as CaipAddress
}

/** §5 Exactly 2 non-empty parts with a known namespace, else 'Invalid CAIP-2 network id: ...'. */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parts = splitCaip(value, 2)
  if (!parts) throw new Error(ErrorText.invalidCaip2NetworkId(printable(value)))
  const [namespace, chainId] = parts as [ChainNamespace, string]
  return { namespace, chainId }
}

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return splitCaip(value, 2) !== undefined
}

export function isCaipAddress(value: unknown): value is CaipAddress {
  return splitCaip(value, 3) !== undefined
}

/** Joins a network id and an address; throws 'Invalid CAIP-10 address: ...' if the result is not one. */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  const value = `${networkId}:${address}`
  parseCaipAddress(value)
  return value as CaipAddress
}

/** §5 EVM address: 40 hex digits, optional 0x prefix. */
export function hasEvmAddressShape(value: string): boolean {
  return typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}

/** §5 Solana address: base58, 32 to 44 characters. */
export function hasSolanaAddressShape(value: string): boolean {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}

/**
 * EVM and Solana addresses get their §5 rule. The spec gives no rule for the other namespaces,
 * so any non-empty address that could be a CAIP-10 part (no colon, no whitespace) passes.
 */
export function isAddressForNamespace(namespace: ChainNamespace, address: string): boolean {
  if (namespace === 'eip155') return hasEvmAddressShape(address)
  if (namespace === 'solana') return hasSolanaAddressShape(address)
  return typeof address === 'string' && /^[^\s:]+$/.test(address)
}

/** '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' -> '0xf39F…2266' */
export function shortenAddress(address: string, head = 4, tail = 4): string {
  const prefix = address.startsWith('0x') ? '0x' : ''
  const body = address.slice(prefix.length)
  if (body.length <= head + tail + 1) return address
  return `${prefix}${body.slice(0, head)}…${body.slice(body.length - tail)}`
}
