// Which Bitcoin networks the data API knows, how they are configured, and whose addresses fit.
import { describe, expect, it } from 'vitest'
import { BitcoinChains } from './bitcoinChains.ts'
import { bitcoinChainsFromEnv } from './bitcoinConfig.ts'
import { BITCOIN_NETWORKS, bitcoinAccountOn, bitcoinNetwork } from './bitcoinNetworks.ts'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const SIGNET = 'bip122:00000008819873e925422c1ff0f99f7c'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** BIP-173's P2WPKH example on mainnet, and the same key on testnet */
const MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
/** A testnet P2PKH address: base58, also regtest's version */
const TESTNET_LEGACY = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'

function network(caip2: string) {
  const found = bitcoinNetwork(caip2)
  if (!found) throw new Error(`no network ${caip2}`)
  return found
}

describe('Bitcoin helpers', () => {
  it('read BITCOIN_ESPLORA_URLS and refuse a network they do not know', () => {
    expect(bitcoinChainsFromEnv(` ${REGTEST}=http://127.0.0.1:8792 `)).toEqual([
      { caipNetworkId: REGTEST, esploraUrl: 'http://127.0.0.1:8792' },
    ])
    expect(bitcoinChainsFromEnv('')).toEqual([])
    expect(() => bitcoinChainsFromEnv('http://127.0.0.1:8792')).toThrow(/bip122:<reference>=url/)
    expect(() => bitcoinChainsFromEnv(`bip122:${'ab'.repeat(16)}=http://x`)).toThrow(
      /BITCOIN_ESPLORA_URLS items must be bip122:<reference>=url/,
    )
    expect(
      () => new BitcoinChains([{ caipNetworkId: 'bip122:nope', esploraUrl: 'http://x' }]),
    ).toThrow(/'bip122:nope' is not one of bip122:000000000019d6689c085ae165831e93/)
    expect(() => new BitcoinChains([{ caipNetworkId: REGTEST, esploraUrl: 'not a url' }])).toThrow(
      /'not a url' is not a URL/,
    )
    expect(BITCOIN_NETWORKS.map((known) => known.caip2)).toEqual([
      MAINNET,
      TESTNET,
      SIGNET,
      REGTEST,
    ])
  })

  it("tell each network's addresses apart, bech32 in lower case", () => {
    const fits = (address: string) =>
      BITCOIN_NETWORKS.filter((known) => bitcoinAccountOn(known, address)).map((k) => k.caip2)
    expect(fits(MAINNET_ADDRESS)).toEqual([MAINNET])
    expect(fits('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toEqual([MAINNET])
    expect(fits(TESTNET_ADDRESS)).toEqual([TESTNET, SIGNET])
    expect(fits(TESTNET_LEGACY)).toEqual([TESTNET, SIGNET, REGTEST])
    expect(fits('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toEqual([REGTEST])
    expect(fits(`${MAINNET_ADDRESS.slice(0, -1)}5`)).toEqual([])
    expect(fits(`${MAINNET_ADDRESS}${'q'.repeat(60)}`)).toEqual([])
    expect(bitcoinAccountOn(network(MAINNET), MAINNET_ADDRESS.toUpperCase())).toEqual({
      address: MAINNET_ADDRESS,
      script: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
    })
  })
})
