// Balances read live from a chain's node (Solana, Bitcoin), cached per (chain, address) for 30 s (§9).
import { BALANCE_CACHE_MS } from '../constants.ts'
import type { RawBalance } from './balances.ts'
import { TtlCache } from './ttlCache.ts'

export class LiveBalanceReader<C extends { caip2: string }> {
  readonly #cache: TtlCache<RawBalance[]>

  constructor(
    private readonly readLive: (chain: C, address: string) => Promise<RawBalance[]>,
    now: () => number = Date.now,
    ttlMs = BALANCE_CACHE_MS,
  ) {
    this.#cache = new TtlCache(ttlMs, now)
  }

  read(chain: C, address: string, forceUpdate = false): Promise<RawBalance[]> {
    const load = () => this.readLive(chain, address)
    return this.#cache.get(`${chain.caip2}:${address}`, load, forceUpdate)
  }

  /** What `read` would answer from its cache right now, without asking the node */
  cached(chain: C, address: string): RawBalance[] | undefined {
    return this.#cache.peek(`${chain.caip2}:${address}`)
  }
}
