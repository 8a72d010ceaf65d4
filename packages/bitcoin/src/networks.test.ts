import { isCaipNetworkId, parseCaipNetworkId } from '@latchkey/core/internal'
import { hex } from '@scure/base'
import { sha256x2 } from '@scure/btc-signer/utils.js'
import { describe, expect, it } from 'vitest'
import { GENESIS_REFERENCE } from './constants.ts'
import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from './networks.ts'

/** Every chain's genesis block has the same coinbase; its merkle root is that coinbase's txid. */
const GENESIS_MERKLE_ROOT = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'

/** The genesis headers' time, bits and nonce (Bitcoin Core's chainparams). */
const GENESIS_HEADERS = {
  mainnet: { time: 1231006505, bits: 0x1d00ffff, nonce: 2083236893 },
  testnet: { time: 1296688602, bits: 0x1d00ffff, nonce: 414098458 },
  // Testnet4's coinbase says something else, so its merkle root differs.
  testnet4: {
    time: 1714777860,
    bits: 0x1d00ffff,
    nonce: 393743547,
    merkleRoot: '7aa0a7ae1e223414cb807e40cd57e667b718e42aaf9306db9102fe28912b7b4e',
  },
  signet: { time: 1598918400, bits: 0x1e0377ae, nonce: 52613770 },
  regtest: { time: 1296688602, bits: 0x207fffff, nonce: 2 },
}

const uint32 = (value: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, value, true)
  return bytes
}
const reversed = (bytes: Uint8Array) => Uint8Array.from(bytes).reverse()

/** The block hash of an 80-byte header, in the usual (reversed) hex. */
function genesisHash(fields: { time: number; bits: number; nonce: number; merkleRoot?: string }) {
  const { time, bits, nonce, merkleRoot = GENESIS_MERKLE_ROOT } = fields
  const header = new Uint8Array([
    ...uint32(1),
    ...new Uint8Array(32),
    ...reversed(hex.decode(merkleRoot)),
    ...uint32(time),
    ...uint32(bits),
    ...uint32(nonce),
  ])
  return hex.encode(reversed(sha256x2(header)))
}

describe('Bitcoin networks', () => {
  it('are CAIP-2 bip122 ids: the first 32 hex characters of each genesis block hash', () => {
    for (const [name, fields] of Object.entries(GENESIS_HEADERS)) {
      const reference = GENESIS_REFERENCE[name as keyof typeof GENESIS_REFERENCE]
      expect(genesisHash(fields).slice(0, 32), name).toBe(reference)
    }
    expect(bitcoin.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinTestnet.caipNetworkId).toBe('bip122:000000000933ea01ad0ee984209779ba')
    expect(bitcoinSignet.caipNetworkId).toBe('bip122:00000008819873e925422c1ff0f99f7c')
    expect(bitcoinRegtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })

  it('are core networks of the bip122 namespace, in BTC with 8 decimals, on Esplora', () => {
    for (const network of [bitcoin, bitcoinTestnet, bitcoinSignet, bitcoinRegtest]) {
      expect(isCaipNetworkId(network.caipNetworkId)).toBe(true)
      expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({
        namespace: 'bip122',
        chainId: network.id,
      })
      expect(network.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
      expect(network.testnet ?? false).toBe(network !== bitcoin)
    }
    expect(bitcoin.rpcUrls.default.http).toEqual(['https://blockstream.info/api'])
    expect(bitcoinTestnet.rpcUrls.default.http).toEqual(['https://blockstream.info/testnet/api'])
    expect(bitcoinSignet.rpcUrls.default.http).toEqual(['https://mempool.space/signet/api'])
    expect(bitcoinRegtest.rpcUrls.default.http).toEqual(['http://127.0.0.1:8792'])
    expect(bitcoin.blockExplorers?.default.url).toBe('https://mempool.space')
    expect(bitcoinSignet.blockExplorers?.default.url).toBe('https://mempool.space/signet')
  })
})
