import { localChainA, localChainB, withRpcUrl } from '@latchkey/core/networks'
import { LazyWagmiAdapter } from '@latchkey/evm/lazy'

/** The demo project's id (DESIGN.md "Local stack and ports"). */
export const projectId = import.meta.env.VITE_PROJECT_ID ?? 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

export const networks = [
  withRpcUrl(localChainA, import.meta.env.VITE_RPC_A ?? 'http://127.0.0.1:8545'),
  withRpcUrl(localChainB, import.meta.env.VITE_RPC_B ?? 'http://127.0.0.1:8546'),
] as const

export const wagmiAdapter = new LazyWagmiAdapter({ networks, projectId })
