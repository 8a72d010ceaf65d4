// The configured Solana chains by CAIP-2 id, each with its RPC client and tokens.
import { ChainsById } from './chainsById.ts'
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

export class SolanaChains extends ChainsById<SolanaChain> {
  constructor(configs: readonly SolanaChainConfig[]) {
    super(
      configs.map(normalizeSolanaChain).map((config) => ({
        caip2: config.caipNetworkId,
        rpcUrl: config.rpcUrl,
        rpc: new SolanaRpc(config.rpcUrl),
        tokens: config.tokens,
        tokenByMint: new Map(config.tokens.map((token) => [token.mint, token])),
      })),
    )
  }
}
