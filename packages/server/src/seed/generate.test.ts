import { parseCaipNetworkId } from '@latchkey/core/shared'
import { describe, expect, it } from 'vitest'
import { GENERATED_RANK_BASE } from '../constants.ts'
import { generateWallets } from './generate.ts'
import { REAL_WALLETS } from './wallets.ts'

describe('generateWallets', () => {
  const directory = generateWallets(10_000, 7)

  it('is deterministic for a seed, and a larger count extends a smaller one', () => {
    expect(generateWallets(200, 7)).toEqual(directory.slice(0, 200))
    expect(generateWallets(200, 8)).not.toEqual(directory.slice(0, 200))
  })

  it('gives unique 64-hex ids and unique names, distinct from the real wallets', () => {
    expect(directory).toHaveLength(10_000)
    expect(new Set(directory.map((wallet) => wallet.id)).size).toBe(10_000)
    expect(new Set(directory.map((wallet) => wallet.name.toLowerCase())).size).toBe(10_000)
    for (const wallet of directory) expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
    const realNames = new Set(REAL_WALLETS.map((wallet) => wallet.name.toLowerCase()))
    expect(directory.some((wallet) => realNames.has(wallet.name.toLowerCase()))).toBe(false)
  })

  it('mixes chains, rdns, certification and links like a real directory', () => {
    const share = (test: (wallet: (typeof directory)[number]) => boolean) =>
      directory.filter(test).length / directory.length
    expect(share((wallet) => wallet.rdns !== null)).toBeGreaterThan(0.2)
    expect(share((wallet) => wallet.certified)).toBeGreaterThan(0.01)
    expect(share((wallet) => wallet.certified)).toBeLessThan(0.05)
    expect(share((wallet) => wallet.mobileLink !== null)).toBeGreaterThan(0.4)
    expect(share((wallet) => wallet.chains.some((c) => c.startsWith('solana:')))).toBeGreaterThan(
      0.1,
    )
    for (const wallet of directory.slice(0, 500)) {
      for (const chain of wallet.chains) expect(() => parseCaipNetworkId(chain)).not.toThrow()
    }
  })

  it('ranks generated wallets after the real ones, in order', () => {
    expect(directory[0]?.rank).toBe(GENERATED_RANK_BASE)
    expect(directory[9_999]?.rank).toBe(GENERATED_RANK_BASE + 9_999)
    expect(directory[42]?.directoryIndex).toBe(42)
  })
})
