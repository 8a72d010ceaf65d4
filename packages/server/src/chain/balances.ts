// Live balances read from a chain's node, cached per (chain, address) for 30 s (§9).
import type { Kysely } from 'kysely'
import { type Address, erc20Abi } from 'viem'
import { BALANCE_CACHE_MS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { Chain } from './client.ts'
import { listTokens, NATIVE_COIN } from './tokens.ts'

export interface RawBalance {
  /** null for the native coin; lowercase otherwise */
  address: string | null
  name: string
  symbol: string
  decimals: number
  icon: string | null
  amount: bigint
}

interface CacheEntry {
  at: number
  balances: RawBalance[]
}

export class BalanceReader {
  readonly #cache = new Map<string, CacheEntry>()
  readonly #inflight = new Map<string, Promise<RawBalance[]>>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = BALANCE_CACHE_MS,
  ) {}

  /** The native coin (always) and every known token with a non-zero balance. */
  async read(chain: Chain, address: Address, forceUpdate = false): Promise<RawBalance[]> {
    const key = `${chain.chainId}:${address.toLowerCase()}`
    const cached = this.#cache.get(key)
    if (!forceUpdate && cached && this.now() - cached.at < this.ttlMs) return cached.balances
    const pending = this.#inflight.get(key)
    if (pending) return pending
    const reading = this.#readLive(chain, address).finally(() => this.#inflight.delete(key))
    this.#inflight.set(key, reading)
    const balances = await reading
    if (this.#cache.size > 10_000) this.#sweep()
    this.#cache.set(key, { at: this.now(), balances })
    return balances
  }

  async #readLive(chain: Chain, address: Address): Promise<RawBalance[]> {
    // §5: tokens with 0 decimals are dropped from balances.
    const tokens = (await listTokens(this.db, chain.chainId)).filter((t) => t.decimals > 0)
    const [native, ...amounts] = await Promise.all([
      chain.client.getBalance({ address }),
      ...tokens.map((token) =>
        chain.client.readContract({
          address: token.address as Address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ),
    ])
    const held = tokens.flatMap((token, index) => {
      const amount = amounts[index] ?? 0n
      return amount > 0n ? [{ ...token, amount }] : []
    })
    return [
      { address: null, ...NATIVE_COIN, icon: null, amount: native },
      ...held.map(({ address: tokenAddress, name, symbol, decimals, icon, amount }) => ({
        address: tokenAddress,
        name,
        symbol,
        decimals,
        icon,
        amount,
      })),
    ]
  }

  #sweep() {
    const now = this.now()
    for (const [key, entry] of this.#cache) {
      if (now - entry.at >= this.ttlMs) this.#cache.delete(key)
    }
  }
}
