import { describe, expect, it } from 'vitest'
import { hasControlCharacters } from './text.ts'

describe('hasControlCharacters', () => {
  it('finds C0 controls and DEL, and nothing else', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true)
    expect(hasControlCharacters('tab\there')).toBe(true)
    expect(hasControlCharacters('\u007f')).toBe(true)
    expect(hasControlCharacters('MetaMask 🦊 Ä ~')).toBe(false)
    expect(hasControlCharacters('')).toBe(false)
  })
})
