export type { CaipAddress, CaipNetworkId, ChainNamespace } from '@latchkey/core/internal'
export type { AppKitNetwork, CaipNetwork } from '@latchkey/core/networks'
export {
  arbitrum,
  base,
  defineChain,
  defineNetwork,
  localChainA,
  localChainB,
  localSolana,
  mainnet,
  optimism,
  polygon,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  withRpcUrl,
} from '@latchkey/core/networks'
