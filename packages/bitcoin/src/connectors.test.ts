// @vitest-environment jsdom
import type { ConnectorInfo } from '@latchkey/core/internal'
import { mainnet, solana } from '@latchkey/core/networks'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { BitcoinAdapter } from './adapter.ts'
import { toConnectors, watchBitcoinConnectors } from './connectors.ts'
import { bitcoin, bitcoinRegtest } from './networks.ts'
import { announcedProviders, providerAt } from './satsProviders.ts'
import { isBitcoinWallet } from './standardWallets.ts'
import { createBitcoinTestWallet } from './testing/wallet.ts'

const ESPLORA = 'http://127.0.0.1:1'
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  window.btc_providers = undefined
})

function testWallet(name: string, options: { chains?: string[]; omitFeatures?: string[] } = {}) {
  return createBitcoinTestWallet({ esploraUrl: ESPLORA, name, ...options })
}

/** Registers the way an extension does: the Wallet Standard window event. */
function registerByEvent(wallet: Wallet): () => void {
  let unregister: () => void = () => undefined
  const callback = ({ register }: { register: (...w: Wallet[]) => () => void }) => {
    unregister = register(wallet)
  }
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => unregister()
}

describe('Bitcoin wallet discovery', () => {
  it('takes Wallet Standard wallets that connect, list a Bitcoin chain and sign PSBTs', () => {
    expect(isBitcoinWallet(testWallet('Full').wallet)).toBe(true)
    expect(isBitcoinWallet(testWallet('CAIP', { chains: [bitcoin.caipNetworkId] }).wallet)).toBe(
      true,
    )
    const sendOnly = testWallet('Send only', { omitFeatures: ['bitcoin:signTransaction'] })
    expect(isBitcoinWallet(sendOnly.wallet)).toBe(true)
    expect(isBitcoinWallet(testWallet('Solana', { chains: ['solana:mainnet'] }).wallet)).toBe(false)
    expect(
      isBitcoinWallet(testWallet('No connect', { omitFeatures: ['bitcoin:connect'] }).wallet),
    ).toBe(false)
    const messagesOnly = testWallet('Messages only', {
      omitFeatures: ['bitcoin:signTransaction', 'bitcoin:signAndSendTransaction'],
    })
    expect(isBitcoinWallet(messagesOnly.wallet)).toBe(false)
  })

  it('lists Wallet Standard wallets and btc_providers, a wallet announced both ways once', () => {
    const standard = testWallet('Standard Wallet')
    const sats = testWallet('Sats Wallet')
    cleanups.push(registerByEvent(standard.wallet), sats.announce())
    const twin = testWallet('Standard Wallet')
    const connectors = toConnectors(
      [standard.wallet, twin.wallet],
      [
        ...announcedProviders(),
        { ...sats.satsInfo, id: 'Missing.Provider', name: 'Not installed' },
        { ...standard.satsInfo, name: 'Standard Wallet' },
      ],
    )
    expect(connectors).toEqual([
      {
        id: 'ws-bitcoin:Standard Wallet',
        name: 'Standard Wallet',
        type: 'ANNOUNCED',
        chain: 'bip122',
        imageUrl: standard.wallet.icon,
        provider: standard.wallet,
      },
      {
        id: sats.satsConnectorId,
        name: 'Sats Wallet (Sats Connect)',
        type: 'INJECTED',
        chain: 'bip122',
        imageUrl: sats.satsInfo.icon,
        provider: sats.satsProvider,
      },
    ])
  })

  it('reads only well-formed btc_providers entries and never walks into prototypes', () => {
    const sats = testWallet('Announced')
    cleanups.push(sats.announce())
    window.btc_providers = [
      ...(window.btc_providers as unknown[]),
      { id: '__proto__.x', name: 'Proto' },
      { id: 'a b', name: 'Spaces' },
      { id: sats.satsInfo.id, name: 'Duplicate' },
      { name: 'No id' },
      'text',
    ]
    expect(announcedProviders()).toEqual([sats.satsInfo])
    expect(providerAt(sats.satsInfo.id)).toBe(sats.satsProvider)
    expect(providerAt('constructor.prototype')).toBeUndefined()
    expect(providerAt('document')).toBeUndefined()
  })

  it('watches wallets register and unregister', () => {
    const lists: ConnectorInfo[][] = []
    const sats = testWallet('Watched Sats')
    cleanups.push(sats.announce())
    const stop = watchBitcoinConnectors((list) => lists.push(list))
    cleanups.push(stop)
    const late = testWallet('Late Wallet')
    const unregister = late.register()
    unregister()
    expect(lists.map((list) => list.map((c) => c.name))).toEqual([
      ['Watched Sats (Sats Connect)'],
      ['Late Wallet', 'Watched Sats (Sats Connect)'],
      ['Watched Sats (Sats Connect)'],
    ])
  })
})

describe('BitcoinAdapter', () => {
  it('lists wallets before its engine loads, then connects through the engine', async () => {
    const test = testWallet('Adapter Wallet')
    cleanups.push(test.register())
    const adapter = new BitcoinAdapter({ networks: [bitcoinRegtest] })
    expect(adapter.namespace).toBe('bip122')
    let connectors: ConnectorInfo[] = []
    cleanups.push(adapter.watchConnectors((list) => (connectors = list)))
    expect(connectors.map((c) => c.id)).toContain(test.standardConnectorId)

    // The app's networks come first; the adapter's own are added; other namespaces are dropped.
    const engine = await adapter.load({ networks: [bitcoin, mainnet, solana], projectId: 'p' })
    expect(await engine.connect(test.standardConnectorId)).toEqual({
      status: 'connected',
      address: test.address,
      chainId: bitcoinRegtest.id,
      connectorId: test.standardConnectorId,
    })
    await expect(engine.switchNetwork(mainnet)).rejects.toMatchObject({ code: 4902 })
    await expect(engine.switchNetwork(bitcoin)).rejects.toThrow(/is not on Bitcoin/)
  })
})
