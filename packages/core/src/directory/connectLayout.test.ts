import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from '../connection/adapter.ts'
import { COINBASE_EXTENSION_RDNS } from '../connection/coinbasePreference.ts'
import { connectLayout, DEFAULT_CONNECTOR_TYPE_ORDER } from './connectLayout.ts'

const announced: ConnectorInfo = { id: 'a', name: 'A', type: 'ANNOUNCED', chain: 'eip155' }
const injected: ConnectorInfo = { id: 'i', name: 'I', type: 'INJECTED', chain: 'eip155' }
const coinbase: ConnectorInfo = { ...announced, id: 'cb', rdns: COINBASE_EXTENSION_RDNS }

describe('connectLayout (AppKit options on the Connect view)', () => {
  it('offers everything by default, in Latchkey order', () => {
    const layout = connectLayout({}, false)
    expect(layout.methods).toEqual(['email', 'social', 'wallet'])
    expect(layout.connectorTypes).toEqual(DEFAULT_CONNECTOR_TYPE_ORDER)
    expect(layout).toMatchObject({
      walletsCollapsed: false,
      allWallets: true,
      walletConnect: true,
      walletGuide: true,
      legal: undefined,
    })
    expect([announced, injected, coinbase].filter(layout.offers)).toHaveLength(3)
  })

  it('follows connectMethodsOrder and connectorTypeOrder, keeping known entries once', () => {
    const layout = connectLayout(
      {
        features: {
          connectMethodsOrder: ['wallet', 'nope', 'email', 'wallet'],
          connectorTypeOrder: ['walletConnect', 'bogus', 'injected', 'injected'],
        },
      },
      false,
    )
    expect(layout.methods).toEqual(['wallet', 'email'])
    expect(layout.connectorTypes).toEqual(['walletConnect', 'injected'])
  })

  it('falls back to the default order when no entry is known', () => {
    const layout = connectLayout(
      { features: { connectMethodsOrder: ['x'], connectorTypeOrder: [] } },
      false,
    )
    expect(layout.methods).toEqual(['email', 'social', 'wallet'])
    expect(layout.connectorTypes).toEqual(DEFAULT_CONNECTOR_TYPE_ORDER)
  })

  it('collapses the wallets for emailShowWallets false, showWallets false or collapseWallets', () => {
    expect(connectLayout({ features: { emailShowWallets: false } }, false).walletsCollapsed).toBe(
      true,
    )
    expect(connectLayout({ showWallets: false }, false).walletsCollapsed).toBe(true)
    expect(connectLayout({ features: { collapseWallets: true } }, false).walletsCollapsed).toBe(
      true,
    )
  })

  it('enableWallets false leaves email and social only', () => {
    const layout = connectLayout({ enableWallets: false }, false)
    expect(layout.methods).toEqual(['email', 'social'])
    expect(layout.allWallets).toBe(false)
    expect([announced, injected].filter(layout.offers)).toEqual([])
  })

  it('enableWalletConnect false keeps the browser wallets only', () => {
    const layout = connectLayout(
      { enableWalletConnect: false, customWallets: [{ id: 'c', name: 'C' }] },
      false,
    )
    expect(layout.connectorTypes).toEqual(['injected', 'recent'])
    expect(layout).toMatchObject({ walletConnect: false, allWallets: false, customWallets: [] })
  })

  it('filters discovered wallets by enableEIP6963, enableInjected and enableCoinbase', () => {
    expect(
      [announced, injected].filter(connectLayout({ enableEIP6963: false }, false).offers),
    ).toEqual([injected])
    expect(
      [announced, injected].filter(connectLayout({ enableInjected: false }, false).offers),
    ).toEqual([announced])
    expect(
      [announced, coinbase].filter(connectLayout({ enableCoinbase: false }, false).offers),
    ).toEqual([announced])
  })

  it('shows All Wallets per allWallets and features.allWallets', () => {
    expect(connectLayout({ allWallets: 'HIDE' }, false).allWallets).toBe(false)
    expect(connectLayout({ allWallets: 'ONLY_MOBILE' }, false).allWallets).toBe(false)
    expect(connectLayout({ allWallets: 'ONLY_MOBILE' }, true).allWallets).toBe(true)
    expect(connectLayout({ features: { allWallets: false } }, false).allWallets).toBe(false)
  })

  it('takes http(s) legal links only, with the checkbox when asked', () => {
    expect(
      connectLayout(
        {
          termsConditionsUrl: 'https://example.com/terms',
          privacyPolicyUrl: 'javascript:alert(1)',
          features: { legalCheckbox: true },
        },
        false,
      ).legal,
    ).toEqual({ termsUrl: 'https://example.com/terms', privacyUrl: undefined, checkbox: true })
    expect(connectLayout({ privacyPolicyUrl: 'data:text/html,x' }, false).legal).toBeUndefined()
  })

  it('keeps only custom wallets with an id and a name', () => {
    const layout = connectLayout(
      {
        customWallets: [
          { id: 'ok', name: 'OK', mobile_link: 'ok://' },
          { id: '', name: 'No id' },
          null,
          'text',
        ] as never,
      },
      false,
    )
    expect(layout.customWallets).toEqual([{ id: 'ok', name: 'OK', mobile_link: 'ok://' }])
  })

  it('opened for a namespace: its wallets, WalletConnect for EVM only, sign-in where the embedded wallet is', () => {
    const solanaWallet: ConnectorInfo = { ...announced, id: 's', chain: 'solana' }
    const forSolana = connectLayout({}, false, 'solana')
    expect([announced, solanaWallet].filter(forSolana.offers)).toEqual([solanaWallet])
    expect(forSolana).toMatchObject({ walletConnect: false, allWallets: false })
    expect(forSolana.methods).toEqual(['email', 'social', 'wallet'])
    expect(connectLayout({}, false, 'bip122').methods).toEqual(['wallet'])
    expect(connectLayout({}, false, 'eip155').walletConnect).toBe(true)
  })
})
