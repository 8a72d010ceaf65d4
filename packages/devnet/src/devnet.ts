import { type AnvilInstance, startAnvil } from './anvil'
import { deployDevnetTokens } from './deploy'
import type { DevnetToken } from './tokens'

export interface DevnetChainConfig {
  chainId: number
  port: number
}

export interface DevnetChain {
  chainId: number
  rpcUrl: string
  tokens: readonly DevnetToken[]
}

export interface Devnet {
  chains: DevnetChain[]
  stop(): Promise<void>
}

export interface StartDevnetOptions {
  chains?: DevnetChainConfig[]
}

/** Chain A (31337) and chain B (31338); ports come from EVM_PORT_A / EVM_PORT_B when set. */
export function defaultDevnetChains(): DevnetChainConfig[] {
  return [
    { chainId: 31337, port: portFromEnv('EVM_PORT_A', 8545) },
    { chainId: 31338, port: portFromEnv('EVM_PORT_B', 8546) },
  ]
}

export async function startDevnet({
  chains = defaultDevnetChains(),
}: StartDevnetOptions = {}): Promise<Devnet> {
  const started = await Promise.allSettled(chains.map((chain) => startAnvil(chain)))
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = () => stopAll(anvils)

  const failedStart = started.find((result) => result.status === 'rejected')
  if (failedStart) {
    await stop()
    throw failedStart.reason
  }

  try {
    const devnetChains = await Promise.all(
      anvils.map(async ({ chainId, rpcUrl }) => ({
        chainId,
        rpcUrl,
        tokens: await deployDevnetTokens(chainId, rpcUrl),
      })),
    )
    return { chains: devnetChains, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function stopAll(anvils: AnvilInstance[]): Promise<void> {
  await Promise.all(anvils.map((anvil) => anvil.stop()))
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
