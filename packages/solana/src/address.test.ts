import { address, getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './address.ts'

describe('isSolanaAddress', () => {
  it('agrees with @solana/kit on real public keys', () => {
    const bytes = new Uint8Array(32)
    for (let i = 0; i < 50; i++) {
      crypto.getRandomValues(bytes)
      const key = getBase58Decoder().decode(bytes)
      expect(address(key)).toBe(key)
      expect(isSolanaAddress(key)).toBe(true)
    }
  })

  it('refuses what is not a 32-byte base58 key', () => {
    expect(isSolanaAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
    expect(isSolanaAddress('722RdWmHC5TGXBjTejzNjbc8xEiduVDLqZvoUGz6Xzb0')).toBe(false)
  })
})
