export {
  arbitrum,
  base,
  defineNetwork,
  localChainA,
  localChainB,
  mainnet,
  optimism,
  polygon,
  sepolia,
  solana,
  withRpcUrl,
} from '@latchkey/core/networks'
