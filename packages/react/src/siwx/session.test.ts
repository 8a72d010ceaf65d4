import { isSession } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { isSessionOf, liveness, sameAddress } from './session.ts'
import { EVM_CHAIN, messageData, SOLANA_CHAIN } from './testing/signers.ts'

const EVM = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
const SOL = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'

describe('isSession', () => {
  it('accepts a session and refuses values without its fields', () => {
    const session = {
      data: messageData({ address: EVM, chainId: EVM_CHAIN }),
      message: 'm',
      signature: '0x',
    }
    expect(isSession(session)).toBe(true)
    expect(isSession(null)).toBe(false)
    expect(isSession('text')).toBe(false)
    expect(isSession({ ...session, data: null })).toBe(false)
    expect(isSession({ ...session, signature: 1 })).toBe(false)
    expect(isSession({ message: 'm', signature: 's', data: { chainId: EVM_CHAIN } })).toBe(false)
  })
})

describe('sameAddress and isSessionOf', () => {
  it('compares EVM addresses without case and Solana addresses exactly', () => {
    expect(sameAddress(EVM_CHAIN, EVM, EVM.toLowerCase())).toBe(true)
    expect(sameAddress(SOLANA_CHAIN, SOL, SOL.toLowerCase())).toBe(false)
    expect(sameAddress(SOLANA_CHAIN, SOL, SOL)).toBe(true)
  })

  it('takes the network into account', () => {
    const session = {
      data: messageData({ address: EVM, chainId: EVM_CHAIN }),
      message: '',
      signature: '',
    }
    expect(isSessionOf(session, EVM_CHAIN, EVM.toUpperCase().replace('0X', '0x'))).toBe(true)
    expect(isSessionOf(session, 'eip155:10', EVM)).toBe(false)
  })
})

describe('liveness', () => {
  const signer = { address: EVM, chainId: EVM_CHAIN }
  const at = (ms: number) => new Date(Date.now() + ms).toISOString()

  it('is live between notBefore and expirationTime, or without them', () => {
    expect(liveness(messageData(signer))).toBe('live')
    expect(liveness(messageData(signer, { expirationTime: undefined }))).toBe('live')
    expect(liveness(messageData(signer, { notBefore: at(-1000) }))).toBe('live')
  })

  it('is expired after expirationTime, and when it cannot be read', () => {
    expect(liveness(messageData(signer, { expirationTime: at(-1) }))).toBe('expired')
    expect(liveness(messageData(signer, { expirationTime: 'tomorrow' }))).toBe('expired')
  })

  it('is not yet valid before notBefore', () => {
    expect(liveness(messageData(signer, { notBefore: at(60_000) }))).toBe('notYetValid')
  })
})
