import type { Address } from 'viem'
import type { ACCOUNT_ABSTRACTION } from './accountAbstraction/contracts.ts'
import { deployAccountAbstraction } from './accountAbstraction/deploy.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployDevnetTokens } from './deploy.ts'
import type { EXCHANGE_ADDRESSES } from './exchange/contracts.ts'
import { deployDevnetExchange } from './exchange/deploy.ts'
import { type FARCASTER_ID_REGISTRY, placeFarcasterIdRegistry } from './farcaster/idRegistry.ts'
import { fundOnrampTreasury } from './onrampTreasury.ts'
import { defaultSolanaPort, type SolanaDevnet, startSolanaDevnet } from './solana/devnet.ts'
import type { DevnetToken } from './tokens.ts'

export interface DevnetChainConfig {
  chainId: number
  port: number
}

export interface DevnetChain {
  chainId: number
  rpcUrl: string
  tokens: readonly DevnetToken[]
  /** The local exchange (Uniswap V2 and WETH9), seeded with the exchange/pools.ts pools */
  exchange: typeof EXCHANGE_ADDRESSES
  /** The onramp sandbox's treasury, funded with ETH and lUSD (onrampTreasury.ts) */
  onrampTreasury: Address
  /** ERC-4337: EntryPoint v0.7 and the SimpleAccountFactory (accountAbstraction/contracts.ts) */
  accountAbstraction: typeof ACCOUNT_ABSTRACTION
  /** The Farcaster IdRegistry stand-in, at Farcaster's address (farcaster/idRegistry.ts) */
  farcasterIdRegistry: typeof FARCASTER_ID_REGISTRY
}

export interface Devnet {
  chains: DevnetChain[]
  /** The Solana node, when started */
  solana?: SolanaDevnet
  stop(): Promise<void>
}

export interface StartDevnetOptions {
  chains?: DevnetChainConfig[]
  /**
   * The Solana node (LiteSVM behind JSON-RPC), or false for none. Left out, it starts on
   * SOLANA_PORT or 8899 when `chains` is left out too (the default stack); a caller that picks its
   * chains' ports picks Solana's as well, so tests on free ports never race for 8899.
   */
  solana?: { port: number } | false
}

/** The bundlers of chain A and chain B: BUNDLER_PORT_A / BUNDLER_PORT_B, else 4337 and 4338. */
export function defaultBundlerPorts(): [number, number] {
  return [portFromEnv('BUNDLER_PORT_A', 4337), portFromEnv('BUNDLER_PORT_B', 4338)]
}

/** Chain A (31337) and chain B (31338); ports come from EVM_PORT_A / EVM_PORT_B when set. */
export function defaultDevnetChains(): DevnetChainConfig[] {
  return [
    { chainId: 31337, port: portFromEnv('EVM_PORT_A', 8545) },
    { chainId: 31338, port: portFromEnv('EVM_PORT_B', 8546) },
  ]
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const chains = options.chains ?? defaultDevnetChains()
  const solanaOption = options.solana ?? (options.chains ? false : { port: defaultSolanaPort() })
  const [solanaStart, started] = await Promise.all([
    settle(solanaOption ? startSolanaDevnet(solanaOption) : undefined),
    Promise.allSettled(chains.map((chain) => startAnvil(chain))),
  ])
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const solana = solanaStart.status === 'fulfilled' ? solanaStart.value : undefined
  const stop = () => stopAll(anvils, solana)

  const failedStart = [solanaStart, ...started].find((result) => result.status === 'rejected')
  if (failedStart?.status === 'rejected') {
    await stop()
    throw failedStart.reason
  }

  try {
    const devnetChains = await Promise.all(
      anvils.map(async ({ chainId, rpcUrl }) => {
        const tokens = await deployDevnetTokens(chainId, rpcUrl)
        return {
          chainId,
          rpcUrl,
          tokens,
          exchange: await deployDevnetExchange(chainId, rpcUrl, tokens),
          onrampTreasury: await fundOnrampTreasury(chainId, rpcUrl, tokens),
          accountAbstraction: await deployAccountAbstraction(chainId, rpcUrl),
          farcasterIdRegistry: await placeFarcasterIdRegistry(rpcUrl),
        }
      }),
    )
    return { chains: devnetChains, ...(solana && { solana }), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function settle<T>(value: T | Promise<T>): Promise<PromiseSettledResult<T>> {
  const [result] = await Promise.allSettled([value])
  return result as PromiseSettledResult<T>
}

async function stopAll(anvils: AnvilInstance[], solana?: SolanaDevnet): Promise<void> {
  await Promise.all([...anvils.map((anvil) => anvil.stop()), solana?.stop()])
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port number, got "${raw}"`)
  }
  return port
}
