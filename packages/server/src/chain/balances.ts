// Live balances read from a chain's node, cached per (chain, address) for 30 s (§9).
import type { Kysely } from 'kysely'
import { type Address, erc20Abi } from 'viem'
import { BALANCE_CACHE_MS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { Chain } from './client.ts'
import { listTokens, NATIVE_COIN } from './tokens.ts'
import { TtlCache } from './ttlCache.ts'

export interface RawBalance {
  /** null for the native coin; lowercase otherwise */
  address: string | null
  name: string
  symbol: string
  decimals: number
  icon: string | null
  amount: bigint
}

export class BalanceReader {
  readonly #cache: TtlCache<RawBalance[]>

  constructor(
    private readonly db: Kysely<Database>,
    now: () => number = Date.now,
    ttlMs = BALANCE_CACHE_MS,
  ) {
    this.#cache = new TtlCache(ttlMs, now)
  }

  /** The native coin (always) and every known token with a non-zero balance. */
  read(chain: Chain, address: Address, forceUpdate = false): Promise<RawBalance[]> {
    return this.#cache.get(keyOf(chain, address), () => this.#readLive(chain, address), forceUpdate)
  }

  /** What `read` would answer from its cache right now, without reading the chain */
  cached(chain: Chain, address: Address): RawBalance[] | undefined {
    return this.#cache.peek(keyOf(chain, address))
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
}

const keyOf = (chain: Chain, address: Address) => `${chain.chainId}:${address.toLowerCase()}`
