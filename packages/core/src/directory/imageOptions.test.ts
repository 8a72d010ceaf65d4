import { describe, expect, it } from 'vitest'
import { localChainA } from '../networks.ts'
import { chainImageOf, safeImageUrl } from './imageOptions.ts'

describe('image options (chainImages, connectorImages)', () => {
  it('takes http(s), data images and paths on the app’s site', () => {
    expect(safeImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(safeImageUrl('/icons/eth.svg')).toBe('/icons/eth.svg')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })

  it('refuses other schemes and non-strings', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeImageUrl(' JavaScript:alert(1)')).toBeUndefined()
    expect(safeImageUrl('data:text/html,<b>x</b>')).toBeUndefined()
    expect(safeImageUrl(42)).toBeUndefined()
    expect(safeImageUrl('')).toBeUndefined()
  })

  it('finds a network’s image by chain id or CAIP-2 id', () => {
    expect(chainImageOf({ 31337: '/a.png' }, localChainA)).toBe('/a.png')
    expect(chainImageOf({ 'eip155:31337': '/b.png' }, localChainA)).toBe('/b.png')
    expect(chainImageOf(undefined, localChainA)).toBeUndefined()
  })
})
