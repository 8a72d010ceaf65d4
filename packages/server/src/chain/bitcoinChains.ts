// The configured Bitcoin networks by CAIP-2 id, each with its Esplora client.
import { type BitcoinChainConfig, checkBitcoinChain } from './bitcoinConfig.ts'
import { type BitcoinNetwork, bitcoinNetwork } from './bitcoinNetworks.ts'
import { ChainsById } from './chainsById.ts'
import { Esplora } from './esplora.ts'

export interface BitcoinChain {
  /** bip122:<reference> */
  caip2: string
  network: BitcoinNetwork
  esplora: Esplora
}

export class BitcoinChains extends ChainsById<BitcoinChain> {
  constructor(configs: readonly BitcoinChainConfig[]) {
    super(
      configs.map(checkBitcoinChain).map((config) => ({
        caip2: config.caipNetworkId,
        network: bitcoinNetwork(config.caipNetworkId) as BitcoinNetwork,
        esplora: new Esplora(config.esploraUrl),
      })),
    )
  }
}
