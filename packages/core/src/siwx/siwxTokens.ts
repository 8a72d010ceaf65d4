// The sign-in tokens ServerSIWX holds per account: the access token in memory only, the refresh
// token also in the tab's storage so a reload keeps the sign-in (§3 storage failures ignored).
import { STORAGE_PREFIX } from '../constants.ts'
import type { SIWXTokenStorage } from './siwxServer.ts'

/** The server's answer to a sign-in or a refresh (README "Sign-In with X"). */
export interface TokenPair {
  accessToken: string
  accessTokenExpiresAt: string
  refreshToken: string
  refreshTokenExpiresAt: string
}

export interface HeldTokens {
  accessToken?: string
  accessExpiresAt: number
  refreshToken: string
  refreshExpiresAt: number
}

export function defaultStorage(): SIWXTokenStorage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

export class HeldTokenStore {
  readonly #tokens = new Map<string, HeldTokens>()
  readonly #storage: SIWXTokenStorage | null
  readonly #projectId: string

  constructor(storage: SIWXTokenStorage | null, projectId: string) {
    this.#storage = storage
    this.#projectId = projectId
  }

  #storageKey(key: string) {
    return `${STORAGE_PREFIX}siwx_refresh:${this.#projectId}:${key}`
  }

  /** The account's tokens: in memory, or its refresh token back from storage */
  get(key: string): HeldTokens | undefined {
    const held = this.#tokens.get(key)
    if (held) return held
    try {
      const stored = JSON.parse(this.#storage?.getItem(this.#storageKey(key)) ?? 'null') as {
        refreshToken?: unknown
        refreshExpiresAt?: unknown
      } | null
      if (typeof stored?.refreshToken !== 'string' || typeof stored.refreshExpiresAt !== 'number') {
        return undefined
      }
      const restored = {
        accessExpiresAt: 0,
        refreshToken: stored.refreshToken,
        refreshExpiresAt: stored.refreshExpiresAt,
      }
      this.#tokens.set(key, restored)
      return restored
    } catch {
      return undefined
    }
  }

  keep(key: string, pair: TokenPair): HeldTokens {
    const held = {
      accessToken: pair.accessToken,
      accessExpiresAt: Date.parse(pair.accessTokenExpiresAt),
      refreshToken: pair.refreshToken,
      refreshExpiresAt: Date.parse(pair.refreshTokenExpiresAt),
    }
    this.#tokens.set(key, held)
    try {
      this.#storage?.setItem(
        this.#storageKey(key),
        JSON.stringify({
          refreshToken: held.refreshToken,
          refreshExpiresAt: held.refreshExpiresAt,
        }),
      )
    } catch {
      // §3 storage failures are ignored: the token stays in memory
    }
    return held
  }

  forget(key: string) {
    this.#tokens.delete(key)
    try {
      this.#storage?.removeItem(this.#storageKey(key))
    } catch {
      // §3 storage failures are ignored
    }
  }
}
