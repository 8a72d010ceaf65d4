import { describe, expect, it } from 'vitest'
import { isEvmAddress, isSolanaAddress, isValidAddress, normalizeAddress } from './address.ts'
import { decodeBase58 } from './base58.ts'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const WALLET = '722RdWmHC5TGXBjTejzNjbc8xEiduVDLqZvoUGz6Xzbp'

describe('base58', () => {
  it('decodes known values, leading 1s as zero bytes', () => {
    expect(new TextDecoder().decode(decodeBase58('StV1DL6CwTryKyV'))).toBe('hello world')
    expect(decodeBase58('1112')).toEqual(Uint8Array.from([0, 0, 0, 1]))
    expect(decodeBase58('')).toEqual(new Uint8Array())
    expect(decodeBase58(SYSTEM_PROGRAM)).toEqual(new Uint8Array(32))
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const char of ['0', 'O', 'I', 'l', '+', ' ']) {
      expect(decodeBase58(`abc${char}`)).toBeUndefined()
    }
  })
})

describe('§5 Solana address', () => {
  it('accepts 32-byte base58 public keys', () => {
    for (const address of [SYSTEM_PROGRAM, TOKEN_PROGRAM, WALLET]) {
      expect(isSolanaAddress(address)).toBe(true)
    }
  })

  it('refuses foreign base58 characters', () => {
    expect(isSolanaAddress(`${WALLET.slice(0, -1)}0`)).toBe(false)
    expect(isSolanaAddress(`${WALLET.slice(0, -1)}l`)).toBe(false)
    expect(isSolanaAddress(`O${WALLET.slice(1)}`)).toBe(false)
  })

  it('refuses lengths outside 32 to 44 and strings that are not 32 bytes', () => {
    expect(isSolanaAddress(WALLET.slice(0, 31))).toBe(false)
    expect(isSolanaAddress(`${WALLET}zz`)).toBe(false)
    // 44 characters, but 33 bytes
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
    // 32 characters, but 23 bytes
    expect(isSolanaAddress(`2${'1'.repeat(31)}`)).toBe(false)
    expect(isSolanaAddress('')).toBe(false)
    expect(isSolanaAddress(undefined)).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })

  it('does not take an EVM address', () => {
    expect(isSolanaAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
  })
})

describe('§5 EVM address', () => {
  // EIP-55's own examples
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ]

  it('accepts EIP-55 checksummed addresses', () => {
    for (const address of checksummed) expect(isEvmAddress(address)).toBe(true)
  })

  it('accepts all lower case and all upper case without a checksum', () => {
    for (const address of checksummed) {
      expect(isEvmAddress(address.toLowerCase())).toBe(true)
      expect(isEvmAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true)
    }
  })

  it('takes the 0x prefix as optional (§5)', () => {
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true)
    expect(isEvmAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
  })

  it('refuses mixed case with a wrong checksum', () => {
    // one letter's case flipped
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false)
    expect(isEvmAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
  })

  it('refuses wrong lengths, non-hex digits and other prefixes', () => {
    const address = checksummed[0] as string
    expect(isEvmAddress(address.slice(0, -1))).toBe(false)
    expect(isEvmAddress(`${address}a`)).toBe(false)
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(isEvmAddress(`0X${address.slice(2).toLowerCase()}`)).toBe(false)
    expect(isEvmAddress(` ${address}`)).toBe(false)
    expect(isEvmAddress('')).toBe(false)
    expect(isEvmAddress(null)).toBe(false)
  })
})

describe('§5 isValidAddress', () => {
  it('checks each namespace by its own rule', () => {
    expect(isValidAddress('eip155', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true)
    expect(isValidAddress('eip155', WALLET)).toBe(false)
    expect(isValidAddress('solana', WALLET)).toBe(true)
    expect(isValidAddress('solana', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
  })

  it('has no rule, so no valid address, for other namespaces', () => {
    expect(isValidAddress('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false)
  })
})

describe('normalizeAddress', () => {
  it('adds the 0x an EVM address was typed without, and leaves the rest alone', () => {
    const evm = '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    expect(normalizeAddress('eip155', evm)).toBe(`0x${evm}`)
    expect(normalizeAddress('eip155', `0x${evm}`)).toBe(`0x${evm}`)
    expect(normalizeAddress('eip155', 'not an address')).toBe('not an address')
    expect(normalizeAddress('solana', WALLET)).toBe(WALLET)
  })
})
