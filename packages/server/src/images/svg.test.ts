import { describe, expect, it } from 'vitest'
import { currencyImageSvg } from './catalog.ts'
import { badgeSvg, colorFor, escapeXml, etagOf } from './svg.ts'

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    )
  })
})

describe('badgeSvg', () => {
  it('draws the label on a colour from the key, with the title', () => {
    const svg = badgeSvg({ label: '€', title: 'Euro', colorKey: 'currency:EUR' })
    expect(svg).toContain('<title>Euro</title>')
    expect(svg).toContain(`fill="${colorFor('currency:EUR')}"`)
    expect(svg).toContain('>€</text>')
  })

  it('escapes a hostile label and title', () => {
    const hostile = '</title><script>alert(1)</script>'
    const svg = badgeSvg({ label: hostile, title: hostile, colorKey: 'x' })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;/title&gt;&lt;script&gt;')
  })

  it('is stable, so its ETag is too', () => {
    const badge = (colorKey: string) => badgeSvg({ label: 'A', title: 'A', colorKey })
    expect(etagOf(badge('a'))).toBe(etagOf(badge('a')))
    expect(etagOf(badge('a'))).not.toBe(etagOf(badge('b')))
  })
})

describe('currencyImageSvg', () => {
  it('knows currencies by ISO 4217 code in any case', () => {
    expect(currencyImageSvg('gbp')).toContain('<title>Pound Sterling</title>')
    expect(currencyImageSvg('USD')).toBe(currencyImageSvg('usd'))
    expect(currencyImageSvg('XXX')).toBeUndefined()
  })
})
