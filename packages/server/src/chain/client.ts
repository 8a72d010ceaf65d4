// One viem client per configured chain.
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import { LOCAL_SWAP_CHAIN_IDS, LOCAL_SWAP_ROUTER } from '../constants/swap.ts'
import { type ChainConfig, caip2 } from './config.ts'

export interface Chain {
  chainId: number
  /** eip155:<chainId> */
  caip2: string
  rpcUrl: string
  client: PublicClient
  /** The chain's exchange router, when it has one (ChainConfig.swapRouter) */
  swapRouter: Address | undefined
  /** Its ERC-4337 bundler (ChainConfig.bundlerUrl), when it has one */
  bundlerUrl: string | undefined
}

export function createChain(config: ChainConfig): Chain {
  return {
    chainId: config.chainId,
    caip2: caip2(config.chainId),
    rpcUrl: config.rpcUrl,
    bundlerUrl: config.bundlerUrl,
    swapRouter:
      config.swapRouter ??
      (LOCAL_SWAP_CHAIN_IDS.includes(config.chainId) ? LOCAL_SWAP_ROUTER : undefined),
    // Batching folds the parallel reads of one balance or block range into one HTTP request.
    client: createPublicClient({
      transport: http(config.rpcUrl, { batch: { batchSize: 200, wait: 0 }, retryCount: 1 }),
    }),
  }
}

/** The configured chains by chain id. */
export class Chains {
  readonly #byId: Map<number, Chain>

  constructor(configs: readonly ChainConfig[]) {
    this.#byId = new Map(configs.map((config) => [config.chainId, createChain(config)]))
  }

  get(chainId: number): Chain | undefined {
    return this.#byId.get(chainId)
  }

  get all(): Chain[] {
    return [...this.#byId.values()]
  }

  get ids(): number[] {
    return [...this.#byId.keys()]
  }
}
