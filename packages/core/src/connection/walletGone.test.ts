import { describe, expect, it } from 'vitest'
import { ProviderNotFoundError } from './eip1193.ts'
import { isWalletGone } from './walletGone.ts'

describe('isWalletGone', () => {
  it('a disconnected provider (4900, 4901), a missing one, or the text saying so', () => {
    expect(isWalletGone({ code: 4900 })).toBe(true)
    expect(isWalletGone({ code: 4901 })).toBe(true)
    expect(isWalletGone(new ProviderNotFoundError('Wallet io.metamask not found'))).toBe(true)
    expect(isWalletGone(new Error('The Provider is disconnected from all chains'))).toBe(true)
  })

  it('anything else, odd values and throwing getters included, is not', () => {
    // Only our class says "gone": adapters turn their library's own into it.
    expect(isWalletGone(Object.assign(new Error('x'), { name: 'ProviderNotFoundError' }))).toBe(
      false,
    )
    expect(isWalletGone({ code: 4001, message: 'User rejected' })).toBe(false)
    expect(isWalletGone({ name: 'Error', message: 42 })).toBe(false)
    expect(isWalletGone({ message: ['provider is disconnected'] })).toBe(false)
    expect(isWalletGone(undefined)).toBe(false)
    expect(isWalletGone(null)).toBe(false)
    expect(isWalletGone('provider is disconnected')).toBe(false)
    const hostile = Object.defineProperty({}, 'code', {
      get() {
        throw new Error('no')
      },
    })
    expect(isWalletGone(hostile)).toBe(false)
  })
})
