export type { CaipAddress, CaipNetworkId, ChainNamespace } from '@latchkey/core/caip'
export type { AppKitNetwork, CaipNetwork } from '@latchkey/core/networks'
export {
  arbitrum,
  base,
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
