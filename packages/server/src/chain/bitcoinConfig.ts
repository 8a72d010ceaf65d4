// Which Bitcoin networks the data API serves: startServer({ bitcoinChains }) or
// BITCOIN_ESPLORA_URLS, each behind an Esplora HTTP API.
import { BITCOIN_NETWORKS, bitcoinNetwork } from './bitcoinNetworks.ts'
import { urlListFromEnv } from './urlListFromEnv.ts'

export interface BitcoinChainConfig {
  /** bip122:<first 32 hex digits of the genesis hash>: mainnet, testnet, signet or regtest */
  caipNetworkId: string
  /** The Esplora API's base URL, e.g. https://blockstream.info/api */
  esploraUrl: string
}

/** Checks a configuration; a bad one stops the server at start. */
export function checkBitcoinChain(config: BitcoinChainConfig): BitcoinChainConfig {
  if (!bitcoinNetwork(config.caipNetworkId)) {
    const known = BITCOIN_NETWORKS.map((network) => network.caip2).join(', ')
    throw new Error(`bitcoinChains: '${config.caipNetworkId}' is not one of ${known}`)
  }
  if (!URL.canParse(config.esploraUrl)) {
    throw new Error(`bitcoinChains: '${config.esploraUrl}' is not a URL`)
  }
  return config
}

/** BITCOIN_ESPLORA_URLS: a comma list of caip2=url, e.g. "bip122:0f9188f1…=http://127.0.0.1:8792". */
export function bitcoinChainsFromEnv(raw = process.env.BITCOIN_ESPLORA_URLS): BitcoinChainConfig[] {
  return urlListFromEnv(
    raw,
    { variable: 'BITCOIN_ESPLORA_URLS', key: 'bip122:<reference>' },
    (caipNetworkId, esploraUrl) =>
      bitcoinNetwork(caipNetworkId) ? { caipNetworkId, esploraUrl } : undefined,
  )
}
