// Which Solana chains the data API serves: startServer({ solanaChains }) or SOLANA_RPC_URLS.
import { KNOWN_SOLANA_TOKENS } from '../constants.ts'
import { isSolanaAddress } from './base58.ts'
import { urlListFromEnv } from './urlListFromEnv.ts'

export interface SolanaTokenConfig {
  /** The SPL mint (base58) */
  mint: string
  symbol: string
  name: string
  decimals: number
}

export interface SolanaChainConfig {
  /** solana:<first 32 characters of the genesis hash> */
  caipNetworkId: string
  rpcUrl: string
  /** The SPL tokens the balance and history show; default the devnet's lUSD (KNOWN_SOLANA_TOKENS) */
  tokens?: readonly SolanaTokenConfig[]
}

/** CAIP-2 for Solana (ChainAgnostic namespaces, solana/caip2.md): a base58 reference of 32 characters. */
const SOLANA_CAIP2 = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/

export function isSolanaCaip2(value: string): boolean {
  return SOLANA_CAIP2.test(value)
}

/** Checks a configuration and fills in the default tokens; a bad one stops the server at start. */
export function normalizeSolanaChain(config: SolanaChainConfig): Required<SolanaChainConfig> {
  if (!isSolanaCaip2(config.caipNetworkId)) {
    throw new Error(
      `solanaChains: '${config.caipNetworkId}' is not a CAIP-2 id like solana:<32 base58 characters>`,
    )
  }
  if (!URL.canParse(config.rpcUrl)) {
    throw new Error(`solanaChains: '${config.rpcUrl}' is not a URL`)
  }
  const tokens = config.tokens ?? KNOWN_SOLANA_TOKENS
  for (const token of tokens) {
    if (!isSolanaAddress(token.mint)) {
      throw new Error(`solanaChains: token mint '${token.mint}' is not a base58 address`)
    }
    if (!Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > 255) {
      throw new Error(`solanaChains: token ${token.symbol} has bad decimals ${token.decimals}`)
    }
  }
  return { caipNetworkId: config.caipNetworkId, rpcUrl: config.rpcUrl, tokens }
}

/** SOLANA_RPC_URLS: a comma list of caip2=url, e.g. "solana:BXGm…=http://127.0.0.1:8899". */
export function solanaChainsFromEnv(raw = process.env.SOLANA_RPC_URLS): SolanaChainConfig[] {
  return urlListFromEnv(
    raw,
    { variable: 'SOLANA_RPC_URLS', key: 'solana:<reference>' },
    (caipNetworkId, rpcUrl) =>
      isSolanaCaip2(caipNetworkId) ? { caipNetworkId, rpcUrl } : undefined,
  )
}
