import type { KeyValueStorage } from './storageKeys.ts'

/** A KeyValueStorage in memory: for servers, tests, and apps that must not persist. */
export class MemoryStorage implements KeyValueStorage {
  readonly entries = new Map<string, string>()

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null
  }

  setItem(key: string, value: string): void {
    this.entries.set(key, String(value))
  }

  removeItem(key: string): void {
    this.entries.delete(key)
  }
}
