import { parseCaipNetworkId } from '@latchkey/core/shared'
import { describe, expect, it } from 'vitest'
import { REAL_WALLETS } from './wallets.ts'

describe('REAL_WALLETS', () => {
  it('holds at least 100 wallets with unique ids, names and rdns', () => {
    expect(REAL_WALLETS.length).toBeGreaterThanOrEqual(100)
    const unique = (values: Array<string | null>) => {
      const present = values.filter((value) => value !== null)
      return new Set(present.map((value) => value.toLowerCase())).size === present.length
    }
    expect(unique(REAL_WALLETS.map((wallet) => wallet.id))).toBe(true)
    expect(unique(REAL_WALLETS.map((wallet) => wallet.name))).toBe(true)
    expect(unique(REAL_WALLETS.map((wallet) => wallet.rdns))).toBe(true)
  })

  it('uses slug ids and reverse-DNS rdns', () => {
    for (const wallet of REAL_WALLETS) {
      expect(wallet.id).toMatch(/^[a-z0-9-]+$/)
      if (wallet.rdns !== null) expect(wallet.rdns).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
    }
  })

  it('declares at least one valid CAIP-2 network per wallet, without repeats', () => {
    for (const wallet of REAL_WALLETS) {
      expect(wallet.chains.length, wallet.id).toBeGreaterThan(0)
      expect(new Set(wallet.chains).size, wallet.id).toBe(wallet.chains.length)
      for (const chain of wallet.chains) expect(() => parseCaipNetworkId(chain)).not.toThrow()
    }
  })

  it('has https homepages and web links, and scheme-only deep links', () => {
    for (const wallet of REAL_WALLETS) {
      for (const url of [
        wallet.homepage,
        wallet.universalLink,
        wallet.webappLink,
        wallet.appStore,
        wallet.playStore,
        wallet.chromeStore,
      ]) {
        if (url !== null) expect(new URL(url).protocol, `${wallet.id} ${url}`).toBe('https:')
      }
      for (const link of [wallet.mobileLink, wallet.desktopLink]) {
        if (link !== null) expect(link, wallet.id).toMatch(/^[a-z][a-z0-9+.-]*:\/\/$/)
      }
    }
  })

  it('marks about 20 well-known wallets certified, listed first', () => {
    const certified = REAL_WALLETS.filter((wallet) => wallet.certified)
    expect(certified.length).toBe(20)
    expect(REAL_WALLETS.slice(0, certified.length)).toEqual(certified)
    expect(certified.map((wallet) => wallet.id)).toEqual(
      expect.arrayContaining(['metamask', 'trust', 'coinbase', 'rainbow', 'phantom', 'rabby']),
    )
  })

  it('only claims custom EVM networks for wallets that speak EVM', () => {
    for (const wallet of REAL_WALLETS.filter((w) => w.customEvmNetworks)) {
      expect(
        wallet.chains.some((chain) => chain.startsWith('eip155:')),
        wallet.id,
      ).toBe(true)
    }
  })
})
