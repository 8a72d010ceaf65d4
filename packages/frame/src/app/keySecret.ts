// Key export (issue 30): the user's key as text a wallet we did not write imports. The server
// records the export first (POST /auth/v1/wallet/exports: a sign-in from the last 5 minutes, a
// mail to the user); then the frame decrypts its own blob. The text goes only to the export card.
import * as z from 'zod/mini'
import type { AuthApi } from './api.ts'
import { ApiError } from './apiError.ts'
import { base58Encode } from './base58.ts'
import { decryptPrivateKey, importWrappingKey, KeyError, type KeyNamespace } from './keys.ts'
import { decryptSolanaSeed, solanaAccountFromSeed } from './solanaKey.ts'

export interface KeySecret {
  address: string
  /** eip155: the private key, 0x and 64 hex digits; solana: base58 of seed and public key (64 bytes) */
  secret: string
}

const Recorded = z.object({ address: z.string(), exportedAt: z.string() })
const Challenge = z.object({ action: z.literal('VERIFY_OTP'), challengeId: z.string() })

/** The session's sign-in is older than 5 minutes: a code to the email (reverifyApi) renews it */
export class FreshFactorNeeded extends Error {
  override name = 'FreshFactorNeeded'
}

/** The signed-in user proves it is them again with a code mailed to them (server: reverify.ts) */
export function reverifyApi(api: AuthApi) {
  return {
    send: async (token: string): Promise<string> =>
      (await api.call('POST', '/auth/v1/session/reverify', Challenge, { token })).challengeId,
    confirm: async (token: string, challengeId: string, otp: string): Promise<void> => {
      await api.call('POST', '/auth/v1/session/reverify/otp', null, {
        token,
        body: { challengeId, otp },
      })
    },
  }
}

export async function exportKeySecret(
  api: AuthApi,
  token: string,
  namespace: KeyNamespace,
): Promise<KeySecret> {
  const { address } = await api
    .call('POST', '/auth/v1/wallet/exports', Recorded, { token, body: { namespace } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        throw new FreshFactorNeeded(error.message)
      }
      throw error
    })
  const response = await api.wallet(token)
  const key = await importWrappingKey(response.wrappingKey)
  const blob =
    namespace === 'eip155'
      ? (response.wallets?.eip155 ?? response.wallet)
      : response.wallets?.solana
  if (!blob || blob.address.toLowerCase() !== address.toLowerCase()) {
    throw new KeyError('Could not unlock the wallet')
  }
  if (namespace === 'eip155') return { address, secret: await decryptPrivateKey(key, blob) }
  const seed = await decryptSolanaSeed(key, blob)
  const pair = new Uint8Array(64)
  try {
    const { publicKey } = await solanaAccountFromSeed(seed)
    pair.set(seed)
    pair.set(publicKey, 32)
    return { address, secret: base58Encode(pair) }
  } finally {
    seed.fill(0)
    pair.fill(0)
  }
}
