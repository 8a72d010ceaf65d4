// The frame origin's localStorage, and nothing else at rest (§3 "Storage failures are logged
// quietly and ignored"). When the browser refuses storage (blocked third-party storage, quota),
// an in-memory map stands in: the session then lasts as long as the frame document.
import type { Logger } from './logger.ts'

export interface KeyValueStore {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

const PREFIX = 'latchkey-frame:'

/** Storage keys. Session and wallet are per project: users are per project on the server. */
export const storageKeys = {
  deviceId: 'deviceId',
  session: (projectId: string) => `session:${projectId}`,
  /** The encrypted EVM key */
  wallet: (projectId: string) => `wallet:${projectId}`,
  /** The encrypted Solana key */
  solanaWallet: (projectId: string) => `wallet:solana:${projectId}`,
}

/** `window.localStorage`, or undefined when even reading the property throws. */
export function browserLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

export function createStore(backing: Storage | undefined, log: Logger): KeyValueStore {
  const memory = new Map<string, string>()
  let storage = backing
  function fail(action: string, error: unknown) {
    log.warn(`storage ${action} failed; keeping this value in memory only`, error)
  }
  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null
      if (!storage) return null
      try {
        return storage.getItem(PREFIX + key)
      } catch (error) {
        fail('read', error)
        storage = undefined
        return null
      }
    },
    set(key, value) {
      if (storage) {
        try {
          storage.setItem(PREFIX + key, value)
          memory.delete(key)
          return
        } catch (error) {
          fail('write', error)
        }
      }
      memory.set(key, value)
    },
    remove(key) {
      memory.delete(key)
      try {
        storage?.removeItem(PREFIX + key)
      } catch (error) {
        fail('remove', error)
      }
    },
  }
}
