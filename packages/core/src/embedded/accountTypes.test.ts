import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from '../caip.ts'
import type { AccountType } from '../storage/storageEntries.ts'
import { type AccountTypeContext, createAccountTypeResolver } from './accountTypes.ts'

function resolver(
  stored: Partial<Record<ChainNamespace, AccountType>>,
  defaults?: AccountTypeContext['defaults'],
) {
  const warnings: string[] = []
  const resolve = createAccountTypeResolver({
    stored: (namespace) => stored[namespace],
    defaults,
    warn: (message) => void warnings.push(message),
  })
  return { resolve, warnings }
}

describe('preferred account type: stored → defaultAccountTypes → eoa (no smart accounts)', () => {
  it("is 'eoa' with nothing stored or configured, without a warning", () => {
    const { resolve, warnings } = resolver({})
    expect(resolve('eip155')).toBe('eoa')
    expect(resolve('solana')).toBe('eoa')
    expect(warnings).toEqual([])
  })

  it("a 'smartAccount' option is not available: 'eoa', and one warning only", () => {
    const { resolve, warnings } = resolver({}, { eip155: 'smartAccount' })
    expect(resolve('eip155')).toBe('eoa')
    expect(resolve('eip155')).toBe('eoa')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/smart accounts are not available/)
  })

  it('the stored choice wins over the option', () => {
    const stored = resolver({ eip155: 'eoa' }, { eip155: 'smartAccount' })
    expect(stored.resolve('eip155')).toBe('eoa')
    expect(stored.warnings).toEqual([])
    const storedSmart = resolver({ eip155: 'smartAccount' }, { eip155: 'eoa' })
    expect(storedSmart.resolve('eip155')).toBe('eoa')
    expect(storedSmart.warnings).toHaveLength(1)
  })

  it('is per namespace', () => {
    const { resolve, warnings } = resolver({}, { eip155: 'smartAccount', solana: 'eoa' })
    expect(resolve('solana')).toBe('eoa')
    expect(warnings).toEqual([])
  })
})
