import { describe, expect, it } from 'vitest'
import { deepLinkChoice, formatWalletLink, walletLinkFor } from './deepLink.ts'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=k1&expiryTimestamp=1'
const encoded = encodeURIComponent(uri)

describe('formatWalletLink', () => {
  it('puts the pairing URI under /wc of a universal link', () => {
    expect(formatWalletLink('https://metamask.app.link', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(formatWalletLink('https://link.trustwallet.com/', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  it('puts it under the wc host of a native scheme, with or without slashes', () => {
    expect(formatWalletLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(formatWalletLink('zerion:', uri)).toBe(`zerion://wc?uri=${encoded}`)
  })

  it('refuses links that are not links or that would run code', () => {
    expect(formatWalletLink('not a link', uri)).toBeUndefined()
    expect(formatWalletLink('javascript:alert(1)', uri)).toBeUndefined()
    expect(formatWalletLink('data:text/html,x', uri)).toBeUndefined()
  })
})

describe('walletLinkFor', () => {
  const links = { mobile_link: 'mm://', desktop_link: 'mmd://', webapp_link: 'https://web.mm' }

  it('mobile: mobile_link, else webapp_link', () => {
    expect(walletLinkFor(links, 'mobile')).toBe('mm://')
    expect(walletLinkFor({ ...links, mobile_link: null }, 'mobile')).toBe('https://web.mm')
  })

  it('desktop: desktop_link, else webapp_link', () => {
    expect(walletLinkFor(links, 'desktop')).toBe('mmd://')
    expect(walletLinkFor({ ...links, desktop_link: ' ' }, 'desktop')).toBe('https://web.mm')
    expect(walletLinkFor({}, 'desktop')).toBeUndefined()
  })
})

describe('deepLinkChoice', () => {
  it('is the §3 {href, name} of the wallet for this platform', () => {
    expect(
      deepLinkChoice({ name: 'Rainbow', links: { mobile_link: 'rainbow://' } }, uri, 'mobile'),
    ).toEqual({ href: `rainbow://wc?uri=${encoded}`, name: 'Rainbow' })
  })

  it('is undefined for a wallet without a usable link', () => {
    expect(deepLinkChoice({ name: 'X' }, uri, 'mobile')).toBeUndefined()
    expect(deepLinkChoice({ name: 'X', links: { mobile_link: 'nope' } }, uri, 'mobile')).toBe(
      undefined,
    )
  })
})
