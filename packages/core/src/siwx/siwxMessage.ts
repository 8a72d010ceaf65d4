import { siwxText } from '@latchkey/frame/siwxText'
import { toChecksumAddress } from '../address.ts'
import { type CaipNetworkId, parseCaipNetworkId } from '../caip.ts'
import { ErrorText } from '../errors.ts'

/** §3 Sign-in message: the fields a SIWX message is made of. */
export interface SIWXMessageData {
  accountAddress: string
  /** CAIP-2 network id */
  chainId: CaipNetworkId
  /** RFC 3986 authority of the site asking (host[:port]) */
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  /** ISO 8601 */
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  /**
   * §3 The text to sign, when the app's SIWX provider wrote it itself (its own format, or a
   * server's). Without it the wallet signs `serializeSiwxMessage(data)`.
   */
  serializedMessage?: string
}

/** The text the wallet signs for `data`: the provider's own when it gave one. */
export function siwxMessageText(data: SIWXMessageData): string {
  return typeof data.serializedMessage === 'string' && data.serializedMessage !== ''
    ? data.serializedMessage
    : serializeSiwxMessage(data)
}

/** The namespaces a sign-in message is written for (§4: the networks SIWX supports). */
export const SIWX_NAMESPACES = ['eip155', 'solana', 'bip122'] as const

const isSiwxNamespace = (namespace: string): namespace is (typeof SIWX_NAMESPACES)[number] =>
  (SIWX_NAMESPACES as readonly string[]).includes(namespace)

/**
 * The standard text the wallet signs: EIP-4361 (Sign-In with Ethereum) for EVM networks, and
 * the same layout (CAIP-122) with "Solana account" for Solana and "Bitcoin account" for Bitcoin,
 * the chain id being the network's CAIP-2 reference. Other namespaces: 'Unsupported chain'.
 */
export function serializeSiwxMessage(data: SIWXMessageData): string {
  const { namespace, chainId: reference } = parseCaipNetworkId(data.chainId)
  if (!isSiwxNamespace(namespace)) throw new Error(ErrorText.unsupportedChain)
  const address =
    namespace === 'eip155' ? toChecksumAddress(data.accountAddress) : data.accountAddress
  return siwxText(data, namespace, reference, address)
}
