export type { CaipAddress, CaipNetworkId, ChainNamespace } from '@latchkey/core/internal'
export type { AppKitNetwork, CaipNetwork } from '@latchkey/core/networks'
export {
  defineChain,
  defineNetwork,
  localChainA,
  localChainB,
  localSolana,
  solana,
  solanaDevnet,
  solanaTestnet,
  withRpcUrl,
} from '@latchkey/core/networks'
// Every chain viem knows, under AppKit's (viem's) names; generated.
export * from '../networks/viemChains.ts'
