import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from '../caip.ts'
import type { AccountType } from '../storage/storageEntries.ts'
import { type AccountTypeContext, createAccountTypeResolver } from './accountTypes.ts'

function resolver(
  stored: Partial<Record<ChainNamespace, AccountType>>,
  defaults?: AccountTypeContext['defaults'],
) {
  return createAccountTypeResolver({ stored: (namespace) => stored[namespace], defaults })
}

describe('preferred account type: stored → defaultAccountTypes → eoa', () => {
  it("is 'eoa' with nothing stored or configured", () => {
    const resolve = resolver({})
    expect(resolve('eip155')).toBe('eoa')
    expect(resolve()).toBe('eoa')
    expect(resolve('solana')).toBe('eoa')
  })

  it('the option asks for the smart account on EVM', () => {
    expect(resolver({}, { eip155: 'smartAccount' })('eip155')).toBe('smartAccount')
    expect(resolver({}, { eip155: 'smartAccount' })()).toBe('smartAccount')
  })

  it('the stored choice wins over the option', () => {
    expect(resolver({ eip155: 'eoa' }, { eip155: 'smartAccount' })('eip155')).toBe('eoa')
    expect(resolver({ eip155: 'smartAccount' }, { eip155: 'eoa' })('eip155')).toBe('smartAccount')
  })

  it('only EVM has smart accounts', () => {
    const resolve = resolver({ solana: 'smartAccount' }, { eip155: 'smartAccount' })
    expect(resolve('solana')).toBe('eoa')
  })
})
