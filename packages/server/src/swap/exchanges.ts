// The exchanges of the configured chains, one per chain with a router, made on first use.
import type { Chain, Chains } from '../chain/client.ts'
import { Exchange } from './exchange.ts'

export class Exchanges {
  readonly #chains: Chains
  readonly #byChain = new Map<number, Exchange>()

  constructor(chains: Chains) {
    this.#chains = chains
  }

  /** The chain's exchange, or undefined when it has none or its router does not answer as one */
  async of(chainId: number): Promise<{ chain: Chain; exchange: Exchange } | undefined> {
    const chain = this.#chains.get(chainId)
    if (!chain?.swapRouter) return undefined
    let exchange = this.#byChain.get(chainId)
    if (!exchange) {
      exchange = new Exchange(chain, chain.swapRouter)
      this.#byChain.set(chainId, exchange)
    }
    try {
      await exchange.contracts()
    } catch {
      return undefined
    }
    return { chain, exchange }
  }
}
