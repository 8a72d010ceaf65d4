// The visitor's session and key, held by the frame alone. At rest (the frame origin's
// localStorage): the session token and the encrypted wallet blob, never a plain key. In memory:
// the viem account made from the decrypted key (its key lives in viem's closure), re-derived
// after a reload with GET /auth/v1/wallet and the stored token.
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { ApiError, type AuthApi, type ServerUser } from './api'
import {
  decryptPrivateKey,
  type EncryptedWallet,
  encryptPrivateKey,
  importWrappingKey,
  parseEncryptedWallet,
} from './keys'
import type { Logger } from './logger'
import { type KeyValueStore, storageKeys } from './storage'

/** §8 */
export const NOT_CONNECTED = 'Not connected to email or social'

export class NotConnectedError extends Error {
  override name = 'NotConnectedError'
  constructor() {
    super(NOT_CONNECTED)
  }
}

export interface WalletState {
  /** The stored session token, if any */
  token(): string | null
  /** The unlocked account, if it is in memory */
  account(): PrivateKeyAccount | null
  /** The last user the server described */
  user(): ServerUser | null
  /** After a successful code: keep the token, then unlock (or create) the wallet. */
  login(token: string, user: ServerUser): Promise<PrivateKeyAccount>
  /** The account, unlocking it with the stored token when needed; NotConnectedError without. */
  unlock(): Promise<PrivateKeyAccount>
  /** GET /auth/v1/session: the current user; a 401 signs the frame out. */
  refreshUser(): Promise<ServerUser>
  /** Runs a session call; a 401 answer clears the session. */
  withSession<T>(run: (token: string) => Promise<T>): Promise<T>
  setUser(user: ServerUser): void
  /** Forgets token, key, user and the stored blob. */
  clear(): void
}

export interface WalletOptions {
  api: AuthApi
  store: KeyValueStore
  log: Logger
  projectId: string
}

export function createWalletState({ api, store, log, projectId }: WalletOptions): WalletState {
  const sessionKey = storageKeys.session(projectId)
  const walletKey = storageKeys.wallet(projectId)
  let account: PrivateKeyAccount | null = null
  let user: ServerUser | null = null
  let unlocking: Promise<PrivateKeyAccount> | null = null
  /** Bumped on every sign-in and sign-out, so an unlock that started before is thrown away. */
  let generation = 0

  const token = () => store.get(sessionKey)

  function clear() {
    generation++
    account = null
    user = null
    unlocking = null
    store.remove(sessionKey)
    store.remove(walletKey)
  }

  function storedBlob(): EncryptedWallet | undefined {
    const raw = store.get(walletKey)
    if (!raw) return undefined
    try {
      return parseEncryptedWallet(JSON.parse(raw))
    } catch {
      return undefined
    }
  }

  async function withSession<T>(run: (token: string) => Promise<T>): Promise<T> {
    const current = token()
    if (!current) throw new NotConnectedError()
    try {
      return await run(current)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        if (token() === current) {
          log.info('session ended on the server; signing out locally')
          clear()
        }
        throw new NotConnectedError()
      }
      throw error
    }
  }

  /** GET the wallet; decrypt it, or create, store and upload one. */
  async function load(attempt = 0): Promise<PrivateKeyAccount> {
    const { wrappingKey, wallet } = await withSession((t) => api.wallet(t))
    const key = await importWrappingKey(wrappingKey)
    if (wallet) {
      const privateKey = await decryptPrivateKey(key, wallet)
      store.set(walletKey, JSON.stringify(wallet))
      return privateKeyToAccount(privateKey)
    }
    // No wallet on the server yet. A blob this frame made earlier whose upload never completed
    // is uploaded again (same key, same address); otherwise a new key is made here.
    let blob = storedBlob()
    let privateKey = blob ? await decryptPrivateKey(key, blob).catch(() => undefined) : undefined
    if (!blob || !privateKey) {
      privateKey = generatePrivateKey()
      const address = privateKeyToAccount(privateKey).address
      blob = await encryptPrivateKey(key, privateKey, address)
      // Kept before the upload, so a lost answer does not lose the key.
      store.set(walletKey, JSON.stringify(blob))
      log.info(`created wallet ${address}`)
    }
    try {
      const updated = await withSession((t) => api.putWallet(t, blob))
      user = updated
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && attempt === 0) {
        // Another frame of this user uploaded first; the server's wallet wins.
        store.remove(walletKey)
        return load(1)
      }
      throw error
    }
    return privateKeyToAccount(privateKey)
  }

  function unlock(): Promise<PrivateKeyAccount> {
    if (account) return Promise.resolve(account)
    if (unlocking) return unlocking
    if (!token()) return Promise.reject(new NotConnectedError())
    const started = generation
    const pending = load().then(
      (unlocked) => {
        if (started !== generation) throw new NotConnectedError()
        account = unlocked
        unlocking = null
        return unlocked
      },
      (error: unknown) => {
        if (started === generation) unlocking = null
        log.warn('could not unlock the wallet', error)
        throw error
      },
    )
    unlocking = pending
    return pending
  }

  return {
    token,
    account: () => account,
    user: () => user,
    async login(newToken, newUser) {
      const previous = token()
      // Not clear(): a stored blob whose upload failed stays; it only decrypts under its own
      // user's wrapping key, so another user's sign-in cannot pick it up.
      generation++
      account = null
      unlocking = null
      if (previous && previous !== newToken) {
        // The earlier session is of no use any more; ending it is best effort.
        api.signOut(previous).catch(() => undefined)
      }
      store.set(sessionKey, newToken)
      user = newUser
      return unlock()
    },
    unlock,
    async refreshUser() {
      const fresh = await withSession((current) => api.session(current))
      user = fresh
      return fresh
    },
    withSession,
    setUser(next) {
      user = next
    },
    clear,
  }
}
