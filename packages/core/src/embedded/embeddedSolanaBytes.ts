// The frame's Solana answers as bytes: base64 wire transactions, base58 signatures; anything
// else is the frame failing, answered as an internal error.
import { decodeBase58 } from '../base58.ts'
import { ProviderRpcError } from '../connection/eip1193.ts'

const INTERNAL_ERROR = -32603
const SIGNATURE_BYTES = 64

export function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    return Uint8Array.from(atob(value), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

export const malformed = (method: string) =>
  new ProviderRpcError(INTERNAL_ERROR, `The wallet frame gave no valid answer to ${method}`)

/** A base58 ed25519 signature from the frame's reply, as bytes. */
export function signatureBytes(value: unknown, method: string): Uint8Array {
  const bytes = typeof value === 'string' ? decodeBase58(value) : undefined
  if (bytes?.length !== SIGNATURE_BYTES) throw malformed(method)
  return bytes
}

export function wireBytes(value: unknown, method: string): Uint8Array {
  const bytes = fromBase64(value)
  if (!bytes) throw malformed(method)
  return bytes
}
