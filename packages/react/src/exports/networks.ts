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
  withRpcUrl,
} from '@latchkey/core/networks'
