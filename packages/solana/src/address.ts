import { isSolanaAddress as isBase58PublicKey } from '@latchkey/core/internal'

/** §5 A Solana address: 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isSolanaAddress(value: unknown): value is string {
  return isBase58PublicKey(value)
}
