import { describe, expect, it } from 'vitest'
import { openNamespace, sendArguments } from './openOptions.ts'

describe('open() options', () => {
  it('takes known namespaces only', () => {
    expect(openNamespace({ namespace: 'solana' })).toBe('solana')
    expect(openNamespace({ namespace: 'evm' as never })).toBeUndefined()
    expect(openNamespace({})).toBeUndefined()
  })

  it('reads WalletSend arguments, numbers as text, CAIP-10 token ids as they are', () => {
    expect(
      sendArguments({ amount: 2, receiver: ' 0xabc ', assetAddress: 'eip155:1:0xdef' }, 'eip155:1'),
    ).toEqual({ amount: '2', receiver: '0xabc', tokenKey: 'eip155:1:0xdef' })
  })

  it('leaves out what has the wrong type or is empty', () => {
    expect(sendArguments({ amount: {}, to: 5, assetAddress: '' }, 'eip155:1')).toEqual({})
    expect(sendArguments(undefined, 'eip155:1')).toEqual({})
  })
})
