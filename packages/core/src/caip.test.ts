import { describe, expect, it } from 'vitest'
import {
  type CaipNetworkId,
  hasEvmAddressShape,
  hasSolanaAddressShape,
  isAddressForNamespace,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  shortenAddress,
  toCaipAddress,
  validateCaipAddress,
} from './caip.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

const BAD_CAIP_ADDRESSES = [
  '',
  'eip155:1:',
  ':1:0xabc',
  'eip155::0xabc',
  'eip155:1',
  'eip155:1:0xabc:extra',
  'unknown:1:0xabc',
  'EIP155:1:0xabc',
  ' eip155:1:0xabc',
  'eip155:1:0xabc ',
  'eip155: :0xabc',
  'eip155:1: ',
]

describe('isChainNamespace', () => {
  it('accepts the §3 namespaces only', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks']) {
      expect(isChainNamespace(ns)).toBe(true)
    }
    for (const value of ['', 'EIP155', 'bitcoin', 1, null, undefined, {}]) {
      expect(isChainNamespace(value)).toBe(false)
    }
  })
})

describe('parseCaipAddress', () => {
  it('splits a valid CAIP-10 address', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}`)).toEqual({
      namespace: 'eip155',
      chainId: '1',
      address: EVM,
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOLANA}`)).toEqual({
      namespace: 'solana',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: SOLANA,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each(BAD_CAIP_ADDRESSES)('rejects %j with the CAIP-10 text', (value) => {
    expect(() => parseCaipAddress(value)).toThrow(new Error(`Invalid CAIP-10 address: ${value}`))
  })

  it('gives the same error, not a crash, for non-string input', () => {
    expect(() => parseCaipAddress(undefined as unknown as string)).toThrow(
      'Invalid CAIP-10 address: undefined',
    )
    expect(() => parseCaipAddress(42 as unknown as string)).toThrow('Invalid CAIP-10 address: 42')
    expect(() => parseCaipAddress(null as unknown as string)).toThrow(
      'Invalid CAIP-10 address: null',
    )
    expect(() => parseCaipAddress(Object.create(null) as string)).toThrow(
      'Invalid CAIP-10 address: [object Object]',
    )
  })
})

describe('validateCaipAddress', () => {
  it('returns a valid address unchanged', () => {
    expect(validateCaipAddress(`eip155:1:${EVM}`)).toBe(`eip155:1:${EVM}`)
  })

  it.each(BAD_CAIP_ADDRESSES)("rejects %j with 'Invalid CAIP Address'", (value) => {
    expect(() => validateCaipAddress(value)).toThrow(new Error('Invalid CAIP Address'))
  })

  it('rejects non-string input with the same text', () => {
    expect(() => validateCaipAddress(7 as unknown as string)).toThrow('Invalid CAIP Address')
  })
})

describe('parseCaipNetworkId', () => {
  it('splits a valid CAIP-2 network id', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', chainId: '1' })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93')).toEqual({
      namespace: 'bip122',
      chainId: '000000000019d6689c085ae165831e93',
    })
  })

  it.each(['', 'eip155', 'eip155:', ':1', 'eip155:1:0xabc', 'unknown:1', 'eip155: 1'])(
    'rejects %j with the CAIP-2 text',
    (value) => {
      expect(() => parseCaipNetworkId(value)).toThrow(
        new Error(`Invalid CAIP-2 network id: ${value}`),
      )
    },
  )

  it('rejects non-string input with the same text', () => {
    expect(() => parseCaipNetworkId(1 as unknown as string)).toThrow('Invalid CAIP-2 network id: 1')
  })
})

describe('isCaipNetworkId / isCaipAddress', () => {
  it('are the non-throwing forms of the parsers', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155:1:0x1')).toBe(false)
    expect(isCaipNetworkId(1)).toBe(false)
    expect(isCaipAddress(`eip155:1:${EVM}`)).toBe(true)
    expect(isCaipAddress('eip155:1:')).toBe(false)
    expect(isCaipAddress(null)).toBe(false)
  })
})

describe('toCaipAddress', () => {
  it('joins a network id and an address', () => {
    expect(toCaipAddress('eip155:1', EVM)).toBe(`eip155:1:${EVM}`)
  })

  it('rejects an empty address or a bad network id', () => {
    expect(() => toCaipAddress('eip155:1', '')).toThrow('Invalid CAIP-10 address: eip155:1:')
    expect(() => toCaipAddress('eip155' as CaipNetworkId, EVM)).toThrow(
      `Invalid CAIP-10 address: eip155:${EVM}`,
    )
  })
})

describe('hasEvmAddressShape (§5)', () => {
  it('accepts 40 hex digits with or without 0x', () => {
    expect(hasEvmAddressShape(EVM)).toBe(true)
    expect(hasEvmAddressShape(EVM.slice(2))).toBe(true)
    expect(hasEvmAddressShape(EVM.toLowerCase())).toBe(true)
  })

  it('rejects anything else', () => {
    expect(hasEvmAddressShape(`${EVM}0`)).toBe(false)
    expect(hasEvmAddressShape(EVM.slice(0, -1))).toBe(false)
    expect(hasEvmAddressShape(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(hasEvmAddressShape(`0X${EVM.slice(2)}`)).toBe(false)
    expect(hasEvmAddressShape(` ${EVM}`)).toBe(false)
    expect(hasEvmAddressShape('')).toBe(false)
    expect(hasEvmAddressShape(undefined as unknown as string)).toBe(false)
  })
})

describe('hasSolanaAddressShape (§5)', () => {
  it('accepts base58 of 32 to 44 characters', () => {
    expect(hasSolanaAddressShape(SOLANA)).toBe(true)
    expect(hasSolanaAddressShape('1'.repeat(32))).toBe(true)
    expect(hasSolanaAddressShape('z'.repeat(44))).toBe(true)
  })

  it('rejects other lengths and non-base58 characters', () => {
    expect(hasSolanaAddressShape('1'.repeat(31))).toBe(false)
    expect(hasSolanaAddressShape('1'.repeat(45))).toBe(false)
    for (const bad of ['0', 'O', 'I', 'l']) {
      expect(hasSolanaAddressShape(`${bad}${'1'.repeat(40)}`)).toBe(false)
    }
    expect(hasSolanaAddressShape(null as unknown as string)).toBe(false)
  })
})

describe('isAddressForNamespace', () => {
  it('uses the EVM and Solana rules', () => {
    expect(isAddressForNamespace('eip155', EVM)).toBe(true)
    expect(isAddressForNamespace('eip155', SOLANA)).toBe(false)
    expect(isAddressForNamespace('solana', SOLANA)).toBe(true)
    expect(isAddressForNamespace('solana', EVM)).toBe(false)
  })

  it('accepts any non-empty colon-free address for other namespaces', () => {
    expect(isAddressForNamespace('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(isAddressForNamespace('cosmos', '')).toBe(false)
    expect(isAddressForNamespace('sui', 'a:b')).toBe(false)
    expect(isAddressForNamespace('stacks', 'a b')).toBe(false)
  })
})

describe('shortenAddress', () => {
  it('keeps 0x plus the head and the tail, joined by a single ellipsis', () => {
    expect(shortenAddress(EVM)).toBe('0xf39F…2266')
    expect(shortenAddress(EVM, 6, 3)).toBe('0xf39Fd6…266')
  })

  it('shortens addresses without a 0x prefix from their first character', () => {
    expect(shortenAddress(SOLANA)).toBe('9WzD…AWWM')
  })

  it('leaves short addresses alone', () => {
    expect(shortenAddress('0x123456789')).toBe('0x123456789')
    expect(shortenAddress('')).toBe('')
  })
})
