// The wallet blob the frame uploads (PUT /auth/v1/wallet) and re-encrypts (walletRotation.ts):
// an address of its namespace, a 12-byte iv and at most 4 KB of AES-GCM ciphertext, base64.
import { z } from '@hono/zod-openapi'
import { encodeBase58 } from '@latchkey/core/shared'
import { getAddress } from 'viem'
import { decodeBase58, isSolanaAddress } from '../chain/base58.ts'
import { AUTH_WALLET_IV_BYTES, AUTH_WALLET_MAX_CIPHERTEXT_BYTES } from '../constants/auth.ts'
import type { WalletNamespace } from '../db/authSchema.ts'
import { WALLET_NAMESPACES } from './schemas.ts'

function base64(name: string, maxBytes: number) {
  return z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4, { error: `must be at most ${maxBytes} bytes` })
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, {
      error: 'must be base64',
    })
    .refine((value) => value !== '', { error: 'must not be empty' })
    .refine((value) => Buffer.from(value, 'base64').length <= maxBytes, {
      error: `must be at most ${maxBytes} bytes`,
    })
    .openapi({ description: name })
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export const WalletBody = z
  .object({
    namespace: z
      .enum(WALLET_NAMESPACES)
      .default('eip155')
      .openapi({ description: "The key's chain namespace; default eip155" }),
    address: z
      .string()
      .max(128, { error: 'must be an address' })
      .openapi({ description: 'eip155: 0x and 40 hex digits; solana: base58 of 32 bytes' }),
    iv: base64('AES-GCM iv', AUTH_WALLET_IV_BYTES).refine(
      (value) => Buffer.from(value, 'base64').length === AUTH_WALLET_IV_BYTES,
      { error: `must be ${AUTH_WALLET_IV_BYTES} bytes` },
    ),
    ciphertext: base64('The encrypted key', AUTH_WALLET_MAX_CIPHERTEXT_BYTES),
  })
  .superRefine((wallet, ctx) => {
    if (wallet.namespace === 'eip155' && !EVM_ADDRESS.test(wallet.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'must be 0x and 40 hex digits' })
    }
    if (wallet.namespace === 'solana' && !isSolanaAddress(wallet.address)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'must be a base58 Solana address (32 bytes)',
      })
    }
  })

/** The canonical form of an address the body schema accepted. */
export function canonicalAddress(namespace: WalletNamespace, address: string): string {
  if (namespace === 'eip155') return getAddress(address)
  const bytes = decodeBase58(address)
  return bytes ? encodeBase58(bytes) : address
}
