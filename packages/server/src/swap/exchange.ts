// One chain's exchange (a Uniswap V2 router): its factory and WETH (asked of the router once),
// its pools (asked of the factory), and quotes from the pools' reserves at one block.
import { type Address, getAddress, isAddressEqual, parseAbi, zeroAddress } from 'viem'
import type { Chain } from '../chain/client.ts'
import { NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import { type PathQuote, quotePath, type Reserves } from './amounts.ts'

export const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

export interface Quote extends PathQuote {
  /** Token addresses hop by hop, WETH standing in for the native coin */
  path: Address[]
  block: bigint
}

export type QuoteOutcome =
  | { quote: Quote }
  /** No pool path joins the two tokens */
  | { noRoute: true }
  /** Every path's pools are too shallow for the amount */
  | { illiquid: true }

const isNative = (token: Address) => isAddressEqual(token, NATIVE_TOKEN_ADDRESS)

export class Exchange {
  readonly #chain: Chain
  readonly #router: Address
  #contracts: Promise<{ factory: Address; weth: Address }> | undefined
  /** Pools found (they are never removed); a pair not created yet is asked again next time */
  readonly #pairs = new Map<string, { pair: Address; token0: Address }>()
  /** The reserves read at one block: a quote is never older than the latest block */
  #atBlock: { block: bigint; reserves: Map<Address, Promise<readonly [bigint, bigint]>> } = {
    block: -1n,
    reserves: new Map(),
  }

  constructor(chain: Chain, router: Address) {
    this.#chain = chain
    this.#router = router
  }

  get router(): Address {
    return this.#router
  }

  /** The router's factory and WETH; rejects when the router does not answer as one */
  contracts(): Promise<{ factory: Address; weth: Address }> {
    if (!this.#contracts) {
      const router = { address: this.#router, abi: routerAbi } as const
      this.#contracts = Promise.all([
        this.#chain.client.readContract({ ...router, functionName: 'factory' }),
        this.#chain.client.readContract({ ...router, functionName: 'WETH' }),
      ]).then(([factory, weth]) => ({ factory, weth }))
      this.#contracts.catch(() => {
        this.#contracts = undefined
      })
    }
    return this.#contracts
  }

  /** The block quotes and prices read the pools at */
  latestBlock(): Promise<bigint> {
    return this.#chain.client.getBlockNumber({ cacheTime: 0 })
  }

  /** Two tokens' pool at `block`, `a` going in; undefined when no pool joins them */
  reserves(a: Address, b: Address, block: bigint): Promise<Reserves | undefined> {
    return this.#reserves(getAddress(a), getAddress(b), block)
  }

  /** The best of the direct pool and the two hops through WETH, at the latest block */
  async quote(amountIn: bigint, from: Address, to: Address): Promise<QuoteOutcome> {
    const { weth } = await this.contracts()
    const a = isNative(from) ? weth : getAddress(from)
    const b = isNative(to) ? weth : getAddress(to)
    const paths: Address[][] = [[a, b]]
    if (!isAddressEqual(a, weth) && !isAddressEqual(b, weth)) paths.push([a, weth, b])
    const block = await this.latestBlock()
    const quotes = (
      await Promise.all(paths.map((path) => this.#quotePath(amountIn, path, block)))
    ).filter((quote) => quote !== undefined)
    if (quotes.length === 0) return { noRoute: true }
    const liquid = quotes.filter((quote) => quote.liquid)
    if (liquid.length === 0) return { illiquid: true }
    const best = liquid.reduce((top, quote) =>
      (quote.amounts.at(-1) ?? 0n) > (top.amounts.at(-1) ?? 0n) ? quote : top,
    )
    return { quote: best }
  }

  async #quotePath(amountIn: bigint, path: Address[], block: bigint): Promise<Quote | undefined> {
    const hops: Reserves[] = []
    for (let i = 0; i + 1 < path.length; i++) {
      const reserves = await this.#reserves(path[i] as Address, path[i + 1] as Address, block)
      if (!reserves) return undefined
      hops.push(reserves)
    }
    return { ...quotePath(amountIn, hops), path, block }
  }

  async #reserves(from: Address, to: Address, block: bigint): Promise<Reserves | undefined> {
    const found = await this.#pair(from, to)
    if (!found) return undefined
    if (this.#atBlock.block !== block) this.#atBlock = { block, reserves: new Map() }
    let reading = this.#atBlock.reserves.get(found.pair)
    if (!reading) {
      reading = this.#chain.client
        .readContract({
          address: found.pair,
          abi: pairAbi,
          functionName: 'getReserves',
          blockNumber: block,
        })
        .then(([reserve0, reserve1]) => [reserve0, reserve1] as const)
      this.#atBlock.reserves.set(found.pair, reading)
      reading.catch(() => this.#atBlock.reserves.delete(found.pair))
    }
    const [reserve0, reserve1] = await reading
    return isAddressEqual(found.token0, from)
      ? { in: reserve0, out: reserve1 }
      : { in: reserve1, out: reserve0 }
  }

  async #pair(a: Address, b: Address): Promise<{ pair: Address; token0: Address } | undefined> {
    const key = [a.toLowerCase(), b.toLowerCase()].sort().join()
    const known = this.#pairs.get(key)
    if (known) return known
    const { factory } = await this.contracts()
    const pair = await this.#chain.client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [a, b],
    })
    if (isAddressEqual(pair, zeroAddress)) return undefined
    const token0 = await this.#chain.client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: 'token0',
    })
    const found = { pair, token0 }
    this.#pairs.set(key, found)
    return found
  }
}
