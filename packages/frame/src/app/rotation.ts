// Wrapping-key rotation, the frame's half (the server's is packages/server/src/auth/
// walletRotation.ts). The server keeps a new key as pending; the frame opens each wallet with the
// current key, seals it under the new one (checking it still derives its address) and commits
// both at once. Nothing before the commit changes what the server serves, so a frame that stops
// midway leaves the current key and wallets as they were.
import type { AuthApi, PendingRotation, WalletResponse } from './api.ts'
import {
  decryptPrivateKey,
  type EncryptedWallet,
  encryptPrivateKey,
  importWrappingKey,
  type KeyNamespace,
} from './keys.ts'
import type { Logger } from './logger.ts'
import { decryptSolanaSeed, encryptSolanaSeed } from './solanaKey.ts'
import { type KeyValueStore, storageKeys } from './storage.ts'

export interface RotationDeps {
  api: AuthApi
  store: KeyValueStore
  log: Logger
  projectId: string
}

export type RotatedWallet = EncryptedWallet & { namespace: KeyNamespace }

/** Every wallet of `current`, re-encrypted under the pending key; KeyError if one does not open. */
export async function reencrypt(
  current: WalletResponse,
  pending: PendingRotation,
): Promise<RotatedWallet[]> {
  const oldKey = await importWrappingKey(current.wrappingKey)
  const newKey = await importWrappingKey(pending.wrappingKey)
  const wallets: RotatedWallet[] = []
  const evm = current.wallet ?? current.wallets?.eip155
  if (evm) {
    const privateKey = await decryptPrivateKey(oldKey, evm)
    wallets.push({
      namespace: 'eip155',
      ...(await encryptPrivateKey(newKey, privateKey, evm.address)),
    })
  }
  const solana = current.wallets?.solana
  if (solana) {
    const seed = await decryptSolanaSeed(oldKey, solana)
    try {
      wallets.push({
        namespace: 'solana',
        ...(await encryptSolanaSeed(newKey, seed, solana.address)),
      })
    } finally {
      seed.fill(0)
    }
  }
  return wallets
}

/** Rotates the user's wrapping key; the blobs at rest here follow. */
export async function rotateWrappingKey(deps: RotationDeps, token: string): Promise<void> {
  const { api, store, log, projectId } = deps
  const pending = await api.startRotation(token)
  const wallets = await reencrypt(await api.wallet(token), pending)
  await api.commitRotation(token, { rotationId: pending.rotationId, wallets })
  for (const { namespace, ...blob } of wallets) {
    const key =
      namespace === 'eip155' ? storageKeys.wallet(projectId) : storageKeys.solanaWallet(projectId)
    store.set(key, JSON.stringify(blob))
  }
  log.info(`rotated the wrapping key of ${wallets.length} wallet(s)`)
}
