// Each namespace's key as the frame keeps it: where its encrypted blob lives, how the server's
// blob is found, and how a key is opened from a blob or created with one.
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { WalletResponse } from './api.ts'
import {
  decryptPrivateKey,
  type EncryptedWallet,
  encryptPrivateKey,
  type KeyNamespace,
} from './keys.ts'
import {
  decryptSolanaSeed,
  encryptSolanaSeed,
  generateSolanaSeed,
  type SolanaAccount,
  solanaAccountFromSeed,
} from './solanaKey.ts'
import { storageKeys } from './storage.ts'

export interface KeyKind<K> {
  namespace: KeyNamespace
  /** Where the frame keeps the encrypted key */
  storeKey: string
  /** The server's blob of this namespace */
  remote(response: WalletResponse): EncryptedWallet | null
  /** Throws KeyError when the blob does not decrypt to a key of its address */
  open(key: CryptoKey, blob: EncryptedWallet): Promise<K>
  create(key: CryptoKey): Promise<{ value: K; blob: EncryptedWallet }>
}

export function evmKeyKind(projectId: string): KeyKind<PrivateKeyAccount> {
  return {
    namespace: 'eip155',
    storeKey: storageKeys.wallet(projectId),
    remote: (response) => response.wallet ?? response.wallets?.eip155 ?? null,
    open: async (key, blob) => privateKeyToAccount(await decryptPrivateKey(key, blob)),
    async create(key) {
      const privateKey = generatePrivateKey()
      const value = privateKeyToAccount(privateKey)
      return { value, blob: await encryptPrivateKey(key, privateKey, value.address) }
    },
  }
}

export function solanaKeyKind(projectId: string): KeyKind<SolanaAccount> {
  return {
    namespace: 'solana',
    storeKey: storageKeys.solanaWallet(projectId),
    remote: (response) => response.wallets?.solana ?? null,
    async open(key, blob) {
      const seed = await decryptSolanaSeed(key, blob)
      try {
        return await solanaAccountFromSeed(seed)
      } finally {
        seed.fill(0)
      }
    },
    async create(key) {
      const seed = generateSolanaSeed()
      try {
        const value = await solanaAccountFromSeed(seed)
        return { value, blob: await encryptSolanaSeed(key, seed, value.address) }
      } finally {
        seed.fill(0)
      }
    },
  }
}
