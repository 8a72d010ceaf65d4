import { describe, expect, it } from 'vitest'
import { catalogImageSvg } from './catalog.ts'
import { colorFor, escapeXml, etagOf, initialsOf, walletLogoSvg } from './svg.ts'

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    )
  })
})

describe('initialsOf', () => {
  it.each([
    ['MetaMask', 'MM'],
    ['Trust Wallet', 'TW'],
    ['1inch Wallet', '1W'],
    ['Rainbow', 'Ra'],
    ['ELLIPAL', 'EL'],
    ["D'CENT Wallet", 'DC'],
    ['polkadot{.js}', 'pj'],
    ['🦊', '?'],
    ['Ärzte Börse', 'ÄB'],
  ])('%s -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('walletLogoSvg', () => {
  it('draws the initials on a colour from the id, with the name as title', () => {
    const svg = walletLogoSvg('metamask', 'MetaMask')
    expect(svg).toContain('<title>MetaMask</title>')
    expect(svg).toContain(`fill="${colorFor('metamask')}"`)
    expect(svg).toContain('>MM</text>')
  })

  it('escapes a hostile name', () => {
    const svg = walletLogoSvg('x', '</title><script>alert(1)</script>')
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;/title&gt;&lt;script&gt;')
  })

  it('is stable, so its ETag is too', () => {
    expect(etagOf(walletLogoSvg('a', 'A'))).toBe(etagOf(walletLogoSvg('a', 'A')))
    expect(etagOf(walletLogoSvg('a', 'A'))).not.toBe(etagOf(walletLogoSvg('b', 'A')))
  })
})

describe('catalogImageSvg', () => {
  it('knows networks by CAIP-2 id, currencies and tokens in any case', () => {
    expect(catalogImageSvg('asset', 'eip155:8453')).toContain('<title>Base</title>')
    expect(catalogImageSvg('asset', 'EIP155:1')).toBeUndefined()
    expect(catalogImageSvg('currency', 'gbp')).toContain('<title>Pound Sterling</title>')
    expect(catalogImageSvg('token', 'weth')).toContain('>WETH</text>')
  })

  it('does not mistake object prototype keys for ids', () => {
    expect(catalogImageSvg('asset', 'constructor')).toBeUndefined()
    expect(catalogImageSvg('token', 'hasOwnProperty')).toBeUndefined()
  })
})
