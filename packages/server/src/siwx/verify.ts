// SIWX signature checks: EVM through viem (EOA, EIP-1271, EIP-6492), Solana through Ed25519,
// Bitcoin through @latchkey/bitcoin/verify (BIP-322 simple, or the legacy signed message).
import { createPublicKey, verify } from 'node:crypto'
import { verifyBitcoinMessage } from '@latchkey/bitcoin/verify'
import { type Address, type Hex, isHex, verifyMessage } from 'viem'
import { decodeBase58 } from '../chain/base58.ts'
import type { Chain, Chains } from '../chain/client.ts'
import type { SiwxChain } from './accounts.ts'

const ED25519_SIGNATURE_BYTES = 64
/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Thrown when the chain's node could not be asked (the route answers 502). */
export class VerifierUnavailableError extends Error {}

/**
 * An EVM signature of `message` (EIP-191 personal_sign) by `address`. With the chain's node,
 * viem's publicClient.verifyMessage: EOAs, deployed contract accounts (EIP-1271) and
 * not-yet-deployed ones (EIP-6492). Without a node: ECDSA recovery, so EOAs only.
 */
export async function verifyEvmSignature(
  chain: Chain | undefined,
  address: Address,
  message: string,
  signature: string,
): Promise<boolean> {
  if (!isHex(signature) || signature.length < 4) return false
  const hex = signature as Hex
  // An EOA's signature is checked by recovery: no node needed, whether or not there is one.
  const byRecovery = await verifyMessage({ address, message, signature: hex }).catch(() => false)
  if (byRecovery || !chain) return byRecovery
  // Anything else only the chain can judge. viem answers false, not an error, when the node is
  // down, so the node is asked something first: a dead node is a 502, not a wrong signature.
  try {
    await chain.client.getCode({ address })
    return await chain.client.verifyMessage({ address, message, signature: hex })
  } catch (error) {
    throw new VerifierUnavailableError('the chain node did not answer', { cause: error })
  }
}

/**
 * A Solana signature's 64 bytes: base58 (what Solana wallets' signMessage is usually shown
 * as), 0x-hex, or padded base64. The three cannot be mistaken for one another: 0x and '=' are
 * not base58 characters. Undefined when it is none of them.
 */
export function decodeSolanaSignature(text: string): Uint8Array | undefined {
  let bytes: Uint8Array | undefined
  if (/^0x([0-9a-fA-F]{2})*$/.test(text)) bytes = new Uint8Array(Buffer.from(text.slice(2), 'hex'))
  else if (/^[A-Za-z0-9+/]+={1,2}$/.test(text) && text.length % 4 === 0) {
    bytes = new Uint8Array(Buffer.from(text, 'base64'))
  } else bytes = decodeBase58(text)
  return bytes?.length === ED25519_SIGNATURE_BYTES ? bytes : undefined
}

/** An Ed25519 signature of the message's UTF-8 bytes by the base58 address's key. */
export function verifySolanaSignature(address: string, message: string, signature: string) {
  const key = decodeBase58(address)
  const bytes = decodeSolanaSignature(signature)
  if (key?.length !== 32 || !bytes) return false
  try {
    const publicKey = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, key]),
      format: 'der',
      type: 'spki',
    })
    return verify(null, Buffer.from(message, 'utf8'), publicKey, bytes)
  } catch {
    return false
  }
}

/**
 * Whether `signature` signs `message` for `address` (as siwxAddress wrote it) on `chain`; a
 * VerifierUnavailableError when an EVM chain's node had to be asked and did not answer.
 */
export async function verifySiwxSignature(
  chain: SiwxChain,
  chains: Chains,
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  if (chain.namespace === 'solana') return verifySolanaSignature(address, message, signature)
  if (chain.namespace === 'bip122') {
    return verifyBitcoinMessage(address, message, signature, chain.network.params)
  }
  return verifyEvmSignature(chains.get(chain.chainId), address as Address, message, signature)
}
