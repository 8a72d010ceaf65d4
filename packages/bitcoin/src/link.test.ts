import { describe, expect, it } from 'vitest'
import { type AccountAddress, addressTypeOf, preferPayment } from './link.ts'

const P2WPKH = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const P2TR = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'

describe('payment accounts', () => {
  it('tells address types by their form', () => {
    expect(addressTypeOf(P2WPKH)).toBe('p2wpkh')
    expect(addressTypeOf(P2TR)).toBe('p2tr')
    expect(addressTypeOf(P2SH)).toBe('p2sh')
    expect(addressTypeOf('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('p2pkh')
    expect(addressTypeOf('bcrt1q50rtrmj2f8vl9tem8qpfw36ylw5jg9j2dkku3w')).toBe('p2wpkh')
    expect(addressTypeOf('0x0000000000000000000000000000000000000000')).toBeUndefined()
  })

  it('pays from a payment-purpose address, P2WPKH before P2TR before the rest', () => {
    const account = (address: string, purpose: AccountAddress['purpose']) => ({ address, purpose })
    expect(
      preferPayment([
        account(P2TR, 'ordinal'),
        account(P2SH, 'payment'),
        account(P2TR, 'payment'),
        account(P2WPKH, 'payment'),
      ]).map((a) => `${a.purpose} ${addressTypeOf(a.address)}`),
    ).toEqual(['payment p2wpkh', 'payment p2tr', 'payment p2sh', 'ordinal p2tr'])
  })
})
