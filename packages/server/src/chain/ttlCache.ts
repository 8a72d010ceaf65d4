// Values kept for a while per key, with concurrent loads of one key shared (the §9 caches).
interface Entry<T> {
  at: number
  value: T
}

export class TtlCache<T> {
  readonly #entries = new Map<string, Entry<T>>()
  readonly #inflight = new Map<string, Promise<T>>()

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value while fresh; never loads */
  peek(key: string): T | undefined {
    const cached = this.#entries.get(key)
    return cached && this.now() - cached.at < this.ttlMs ? cached.value : undefined
  }

  /** The cached value when fresh (and not `force`), else `load()`'s, which is then cached. */
  async get(key: string, load: () => Promise<T>, force = false): Promise<T> {
    const cached = force ? undefined : this.peek(key)
    if (cached !== undefined) return cached
    const pending = this.#inflight.get(key)
    if (pending) return pending
    const loading = load().finally(() => this.#inflight.delete(key))
    this.#inflight.set(key, loading)
    const value = await loading
    if (this.#entries.size > this.maxEntries) this.#sweep()
    this.#entries.set(key, { at: this.now(), value })
    return value
  }

  #sweep() {
    const now = this.now()
    for (const [key, entry] of this.#entries) {
      if (now - entry.at >= this.ttlMs) this.#entries.delete(key)
    }
  }
}
