import { type CaipNetworkId, isSession, type SIWXSession } from '@latchkey/core/internal'
import { isSessionOf } from './session.ts'
import type { SIWXStorage } from './storage.ts'

export interface LocalStorageOptions {
  /** The localStorage entry the sessions are kept in, as JSON */
  key: string
}

/**
 * AppKit's LocalStorage: sessions in this browser's localStorage. On a server, or where the
 * browser refuses storage, it keeps nothing and finds nothing (§3 storage failures are ignored).
 */
export class LocalStorage implements SIWXStorage {
  readonly #key: string

  constructor(options: LocalStorageOptions) {
    this.#key = options.key
  }

  async add(session: SIWXSession): Promise<void> {
    this.#write([...this.#read(), session])
  }

  async set(sessions: SIWXSession[]): Promise<void> {
    this.#write(sessions)
  }

  async get(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    return this.#read().filter((s) => isSessionOf(s, chainId, address))
  }

  async delete(chainId: CaipNetworkId, address: string): Promise<void> {
    this.#write(this.#read().filter((s) => !isSessionOf(s, chainId, address)))
  }

  #read(): SIWXSession[] {
    try {
      const parsed: unknown = JSON.parse(backend()?.getItem(this.#key) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isSession) : []
    } catch {
      return []
    }
  }

  #write(sessions: SIWXSession[]) {
    try {
      backend()?.setItem(this.#key, JSON.stringify(sessions))
    } catch {
      // §3 storage failures are ignored
    }
  }
}

/** Read at each use, never at import: a sandboxed frame throws on the property itself. */
function backend(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage
}
