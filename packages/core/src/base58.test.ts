import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.ts'

describe('base58 (Bitcoin alphabet)', () => {
  it('round-trips, leading zeros included', () => {
    for (const bytes of [[], [0], [0, 0, 1], [255, 254, 0, 7], [...Array(34).keys()]]) {
      const encoded = encodeBase58(Uint8Array.from(bytes))
      expect([...(decodeBase58(encoded) ?? [])]).toEqual(bytes)
    }
  })

  it('decodes known values and refuses characters outside the alphabet', () => {
    expect(new TextDecoder().decode(decodeBase58('StV1DL6CwTryKyV'))).toBe('hello world')
    expect(encodeBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
    expect(decodeBase58('0OIl')).toBeUndefined()
  })
})
