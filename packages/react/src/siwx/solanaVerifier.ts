import { decodeBase58, type SIWXSession } from '@latchkey/core/internal'
import { SIWXErrorText } from './errors.ts'
import { SIWXVerifier } from './verifier.ts'

const ED25519 = { name: 'Ed25519' }
const PUBLIC_KEY_BYTES = 32
const SIGNATURE_BYTES = 64

/**
 * AppKit's SolanaVerifier: the base58 signature is the account's Ed25519 signature of the
 * message's UTF-8 bytes. Checked with the platform's WebCrypto (all major browsers since 2025, Node 20);
 * where it has no Ed25519 it throws rather than refuse a good signature as bad.
 */
export class SolanaVerifier extends SIWXVerifier {
  readonly chainNamespace = 'solana'

  async verify(session: SIWXSession): Promise<boolean> {
    const key = decodeBase58(session.data.accountAddress)
    const signature = decodeBase58(session.signature)
    if (key?.length !== PUBLIC_KEY_BYTES || signature?.length !== SIGNATURE_BYTES) return false
    const publicKey = await importKey(new Uint8Array(key))
    if (!publicKey) return false
    const message = new TextEncoder().encode(session.message)
    return crypto.subtle
      .verify(ED25519, publicKey, new Uint8Array(signature), new Uint8Array(message))
      .catch(() => false)
  }
}

async function importKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    throw new Error(SIWXErrorText.ed25519Unsupported)
  }
  try {
    return await crypto.subtle.importKey('raw', raw, ED25519, false, ['verify'])
  } catch (error) {
    if ((error as Error | undefined)?.name === 'NotSupportedError') {
      throw new Error(SIWXErrorText.ed25519Unsupported, { cause: error })
    }
    return undefined
  }
}
