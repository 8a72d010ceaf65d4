// @vitest-environment jsdom
import type { ConnectorInfo } from '@latchkey/core/internal'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import {
  connectorIdOf,
  findWallet,
  isSolanaWallet,
  toConnectors,
  waitForWallet,
  watchStandardConnectors,
} from './wallets.ts'

const LOCAL = 'solana:LocaL1111111111111111111111111111'

function testWallet(name: string, options: { chain?: string; omitFeatures?: string[] } = {}) {
  return createSolanaTestWallet({
    secretKey: generateSecretKey(),
    rpcUrl: 'http://127.0.0.1:1',
    chain: options.chain ?? LOCAL,
    name,
    omitFeatures: options.omitFeatures,
  }).wallet
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

describe('Wallet Standard discovery', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  it('takes wallets that connect, list a Solana chain and sign transactions', () => {
    expect(isSolanaWallet(testWallet('Full'))).toBe(true)
    expect(
      isSolanaWallet(testWallet('Send only', { omitFeatures: ['solana:signTransaction'] })),
    ).toBe(true)
    expect(
      isSolanaWallet(testWallet('Sign only', { omitFeatures: ['solana:signAndSendTransaction'] })),
    ).toBe(true)
    expect(isSolanaWallet(testWallet('EVM', { chain: 'eip155:1' }))).toBe(false)
    expect(isSolanaWallet(testWallet('No connect', { omitFeatures: ['standard:connect'] }))).toBe(
      false,
    )
    expect(
      isSolanaWallet(
        testWallet('Messages only', {
          omitFeatures: ['solana:signTransaction', 'solana:signAndSendTransaction'],
        }),
      ),
    ).toBe(false)
    expect(isSolanaWallet(testWallet(' '))).toBe(false)
  })

  it('lists each wallet once as ws:<name>, ANNOUNCED, with its data-URL icon only', () => {
    const a = testWallet('Wallet A')
    const twin = testWallet('Wallet A')
    const badIcon = { ...testWallet('Bad icon'), icon: 'javascript:alert(1)' } as unknown as Wallet
    const connectors = toConnectors([a, twin, testWallet('EVM', { chain: 'eip155:1' }), badIcon])
    expect(connectors).toEqual([
      {
        id: 'ws:Wallet A',
        name: 'Wallet A',
        type: 'ANNOUNCED',
        chain: 'solana',
        imageUrl: a.icon,
        provider: a,
      },
      {
        id: 'ws:Bad icon',
        name: 'Bad icon',
        type: 'ANNOUNCED',
        chain: 'solana',
        imageUrl: undefined,
        provider: badIcon,
      },
    ])
    expect(a.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(connectorIdOf(a)).toBe('ws:Wallet A')
  })

  it('follows wallets registered before and after it starts, and their unregistering', () => {
    const early = testWallet('Early')
    cleanups.push(getWallets().register(early))
    let seen: ConnectorInfo[] = []
    const stop = watchStandardConnectors((list) => {
      seen = list
    })
    cleanups.push(stop)
    const ids = () => seen.map((c) => c.id).filter((id) => ['ws:Early', 'ws:Late'].includes(id))
    expect(ids()).toEqual(['ws:Early'])

    const unregisterLate = registerByEvent(testWallet('Late'))
    expect(ids()).toEqual(['ws:Early', 'ws:Late'])
    unregisterLate()
    expect(ids()).toEqual(['ws:Early'])

    stop()
    cleanups.push(registerByEvent(testWallet('After stop')))
    expect(seen.some((c) => c.id === 'ws:After stop')).toBe(false)
  })

  it('finds a wallet by connector id, waiting for one that registers late', async () => {
    const wallet = testWallet('Slow')
    const waiting = waitForWallet('ws:Slow', 1_000)
    setTimeout(() => cleanups.push(registerByEvent(wallet)), 50)
    expect(await waiting).toBe(wallet)
    expect(findWallet('ws:Slow')).toBe(wallet)
    expect(await waitForWallet('ws:Nobody', 50)).toBeUndefined()
  })
})
