import { type CaipNetwork, defineNetwork, type NativeCurrency } from '@latchkey/core/networks'
import { GENESIS_REFERENCE } from './constants.ts'

const btc: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

// Each network's id is its CAIP-2 reference (the genesis hash's first 32 hex characters) and its
// RPC URL an Esplora base URL: the engine reads balances and coins and broadcasts through it.

export const bitcoin: CaipNetwork = /* @__PURE__ */ defineNetwork({
  id: GENESIS_REFERENCE.mainnet,
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://blockstream.info/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
})

export const bitcoinTestnet: CaipNetwork = /* @__PURE__ */ defineNetwork({
  id: GENESIS_REFERENCE.testnet,
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://blockstream.info/testnet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
})

export const bitcoinSignet: CaipNetwork = /* @__PURE__ */ defineNetwork({
  id: GENESIS_REFERENCE.signet,
  chainNamespace: 'bip122',
  name: 'Bitcoin Signet',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://mempool.space/signet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/signet' } },
  testnet: true,
})

/** The devnet's regtest chain (`startBitcoinRegtest()` of @latchkey/devnet, port 8792). */
export const bitcoinRegtest: CaipNetwork = /* @__PURE__ */ defineNetwork({
  id: GENESIS_REFERENCE.regtest,
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['http://127.0.0.1:8792'] } },
  testnet: true,
})
