// The visitor's session and keys, held by the frame alone. At rest (the frame origin's
// localStorage): the session token and the encrypted wallet blobs (one per namespace: eip155 and
// solana), never a plain key. In memory: the viem account made from the decrypted EVM key (its key
// lives in viem's closure) and the Solana account (a non-extractable WebCrypto key), re-derived
// after a reload with GET /auth/v1/wallet and the stored token.
import type { PrivateKeyAccount } from 'viem/accounts'
import type { AuthApi, ServerUser, WalletResponse } from './api.ts'
import { ApiError } from './apiError.ts'
import { type EncryptedWallet, importWrappingKey, KeyError, parseEncryptedWallet } from './keys.ts'
import type { Logger } from './logger.ts'
import { rotateWrappingKey } from './rotation.ts'
import { SOLANA_UNSUPPORTED, type SolanaAccount } from './solanaKey.ts'
import { type KeyValueStore, storageKeys } from './storage.ts'
import { evmKeyKind, type KeyKind, solanaKeyKind } from './walletKeys.ts'

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
  /** The unlocked EVM account, if it is in memory */
  account(): PrivateKeyAccount | null
  /** The unlocked Solana account, if it is in memory */
  solanaAccount(): SolanaAccount | null
  /** The last user the server described */
  user(): ServerUser | null
  /**
   * After a successful code or social login: keep the token, then unlock (or create) the wallets
   * of both namespaces.
   */
  login(token: string, user: ServerUser): Promise<PrivateKeyAccount>
  /**
   * The EVM account, unlocking it with the stored token when needed; NotConnectedError without.
   * The Solana key is unlocked (or created) in the same pass; its failure is logged, not thrown:
   * the EVM wallet does not depend on it.
   */
  unlock(): Promise<PrivateKeyAccount>
  /** The Solana account: unlock(), then another attempt at the Solana key if that one failed. */
  unlockSolana(): Promise<SolanaAccount>
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

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409

export function createWalletState({ api, store, log, projectId }: WalletOptions): WalletState {
  const sessionKey = storageKeys.session(projectId)
  const evm = evmKeyKind(projectId)
  const solana = solanaKeyKind(projectId)

  let account: PrivateKeyAccount | null = null
  let solanaAccount: SolanaAccount | null = null
  let user: ServerUser | null = null
  let unlocking: Promise<PrivateKeyAccount> | null = null
  let solanaUnlocking: Promise<SolanaAccount> | null = null
  /** Set once WebCrypto refused Ed25519: no use asking again in this document. */
  let solanaUnsupported = false
  /** Bumped on every sign-in and sign-out, so an unlock that started before is thrown away. */
  let generation = 0
  /** The last GET /auth/v1/wallet said the wrapping key is old: rotated after the next sign-in */
  let rotationDue = false

  const token = () => store.get(sessionKey)

  function clear() {
    generation++
    account = null
    solanaAccount = null
    user = null
    unlocking = null
    solanaUnlocking = null
    store.remove(sessionKey)
    store.remove(evm.storeKey)
    store.remove(solana.storeKey)
  }

  function storedBlob(kind: KeyKind<unknown>): EncryptedWallet | undefined {
    const raw = store.get(kind.storeKey)
    if (!raw) return undefined
    try {
      return parseEncryptedWallet(JSON.parse(raw), kind.namespace)
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

  /**
   * One namespace's key: decrypted from the server's blob, or created, kept and uploaded. A 409
   * (another frame of this user uploaded first) forgets the local blob and is thrown: the caller
   * asks the server again, whose wallet wins.
   */
  async function restore<K>(
    kind: KeyKind<K>,
    key: CryptoKey,
    response: WalletResponse,
  ): Promise<K> {
    const remote = kind.remote(response)
    if (remote) {
      const value = await kind.open(key, remote)
      store.set(kind.storeKey, JSON.stringify(remote))
      return value
    }
    // No wallet on the server yet. A blob this frame made earlier whose upload never completed
    // is uploaded again (same key, same address); otherwise a new key is made here.
    let blob = storedBlob(kind)
    let value: K | undefined = blob ? await kind.open(key, blob).catch(() => undefined) : undefined
    if (!blob || value === undefined) {
      const created = await kind.create(key)
      value = created.value
      blob = created.blob
      // Kept before the upload, so a lost answer does not lose the key.
      store.set(kind.storeKey, JSON.stringify(blob))
      log.info(`created ${kind.namespace} wallet ${blob.address}`)
    }
    const upload = blob
    try {
      user = await withSession((t) => api.putWallet(t, upload, kind.namespace))
    } catch (error) {
      if (isConflict(error)) store.remove(kind.storeKey)
      throw error
    }
    return value
  }

  async function restoreSolana(key: CryptoKey, response: WalletResponse): Promise<SolanaAccount> {
    if (solanaUnsupported) throw new KeyError(SOLANA_UNSUPPORTED)
    try {
      return await restore(solana, key, response)
    } catch (error) {
      if (error instanceof KeyError && error.message === SOLANA_UNSUPPORTED) {
        solanaUnsupported = true
      }
      if (!isConflict(error)) throw error
      return restore(solana, key, await withSession((t) => api.wallet(t)))
    }
  }

  /** GET the wallets; decrypt them, or create, store and upload them. */
  async function load(
    attempt = 0,
  ): Promise<{ evm: PrivateKeyAccount; solana: SolanaAccount | null }> {
    const response = await withSession((t) => api.wallet(t))
    rotationDue = response.rotationDue === true
    const key = await importWrappingKey(response.wrappingKey)
    let evmAccount: PrivateKeyAccount
    try {
      evmAccount = await restore(evm, key, response)
    } catch (error) {
      if (isConflict(error) && attempt === 0) return load(1)
      throw error
    }
    try {
      return { evm: evmAccount, solana: await restoreSolana(key, response) }
    } catch (error) {
      if (error instanceof NotConnectedError) throw error
      log.warn('could not unlock the Solana wallet; the EVM wallet goes on without it', error)
      return { evm: evmAccount, solana: null }
    }
  }

  function unlock(): Promise<PrivateKeyAccount> {
    if (account) return Promise.resolve(account)
    if (unlocking) return unlocking
    if (!token()) return Promise.reject(new NotConnectedError())
    const started = generation
    const pending = load().then(
      (unlocked) => {
        if (started !== generation) throw new NotConnectedError()
        account = unlocked.evm
        solanaAccount = unlocked.solana
        unlocking = null
        return unlocked.evm
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

  async function unlockSolana(): Promise<SolanaAccount> {
    await unlock()
    if (solanaAccount) return solanaAccount
    if (solanaUnsupported) throw new KeyError(SOLANA_UNSUPPORTED)
    if (solanaUnlocking) return solanaUnlocking
    const started = generation
    const pending = withSession((t) => api.wallet(t))
      .then(async (response) =>
        restoreSolana(await importWrappingKey(response.wrappingKey), response),
      )
      .then(
        (unlocked) => {
          if (started !== generation) throw new NotConnectedError()
          solanaAccount = unlocked
          solanaUnlocking = null
          return unlocked
        },
        (error: unknown) => {
          if (started === generation) solanaUnlocking = null
          log.warn('could not unlock the Solana wallet', error)
          throw error
        },
      )
    solanaUnlocking = pending
    return pending
  }

  return {
    token,
    account: () => account,
    solanaAccount: () => solanaAccount,
    user: () => user,
    async login(newToken, newUser) {
      const previous = token()
      // Not clear(): a stored blob whose upload failed stays; it only decrypts under its own
      // user's wrapping key, so another user's sign-in cannot pick it up.
      generation++
      account = null
      solanaAccount = null
      unlocking = null
      solanaUnlocking = null
      if (previous && previous !== newToken) {
        // The earlier session is of no use any more; ending it is best effort.
        api.signOut(previous).catch(() => undefined)
      }
      store.set(sessionKey, newToken)
      user = newUser
      const unlocked = await unlock()
      if (rotationDue) {
        rotationDue = false
        // The sign-in stands whether or not the rotation does; the next one tries again.
        await withSession((t) => rotateWrappingKey({ api, store, log, projectId }, t)).catch(
          (error: unknown) => log.warn('could not rotate the wrapping key', error),
        )
      }
      return unlocked
    },
    unlock,
    unlockSolana,
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
