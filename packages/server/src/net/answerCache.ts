// Answer bodies kept by request (raw query string or URL), so a repeated request skips its
// validation and work: /getWallets (directory/walletIndex.ts) and warm balances (routes/balance.ts).

interface Kept {
  body: string
  current?: () => boolean
}

/** Bodies by key, at most `capacity` characters of keys and bodies in all; the oldest go first. */
export class AnswerCache {
  readonly #entries = new Map<string, Kept>()
  #size = 0

  constructor(readonly capacity: number) {}

  /** The body kept for `key`, unless its `current` check says it no longer holds (then dropped) */
  get(key: string): string | undefined {
    const kept = this.#entries.get(key)
    if (!kept) return undefined
    if (kept.current && !kept.current()) {
      this.#delete(key)
      return undefined
    }
    return kept.body
  }

  /** `current`, when given, tells on every `get` whether the body still holds. */
  set(key: string, body: string, current?: () => boolean): void {
    const cost = key.length + body.length
    if (cost > this.capacity) return
    this.#delete(key)
    for (const [oldest] of this.#entries) {
      if (this.#size + cost <= this.capacity) break
      this.#delete(oldest)
    }
    this.#entries.set(key, current ? { body, current } : { body })
    this.#size += cost
  }

  get size(): number {
    return this.#size
  }

  #delete(key: string): void {
    const kept = this.#entries.get(key)
    if (!kept) return
    this.#entries.delete(key)
    this.#size -= key.length + kept.body.length
  }
}
