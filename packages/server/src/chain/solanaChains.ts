// The configured Solana chains by CAIP-2 id, each with its RPC client and tokens.
import {
  normalizeSolanaChain,
  type SolanaChainConfig,
  type SolanaTokenConfig,
} from './solanaConfig.ts'
import { SolanaRpc } from './solanaRpc.ts'

/** The native coin of every Solana chain (9 decimals: lamports). */
export const SOLANA_NATIVE_COIN = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

export interface SolanaChain {
  /** solana:<reference> */
  caip2: string
  rpcUrl: string
  rpc: SolanaRpc
  tokens: readonly SolanaTokenConfig[]
  /** Tokens by mint */
  tokenByMint: ReadonlyMap<string, SolanaTokenConfig>
}

export class SolanaChains {
  readonly #byId: Map<string, SolanaChain>

  constructor(configs: readonly SolanaChainConfig[]) {
    this.#byId = new Map(
      configs.map(normalizeSolanaChain).map((config) => [
        config.caipNetworkId,
        {
          caip2: config.caipNetworkId,
          rpcUrl: config.rpcUrl,
          rpc: new SolanaRpc(config.rpcUrl),
          tokens: config.tokens,
          tokenByMint: new Map(config.tokens.map((token) => [token.mint, token])),
        },
      ]),
    )
  }

  get(caip2: string): SolanaChain | undefined {
    return this.#byId.get(caip2)
  }

  get all(): SolanaChain[] {
    return [...this.#byId.values()]
  }

  get ids(): string[] {
    return [...this.#byId.keys()]
  }
}
