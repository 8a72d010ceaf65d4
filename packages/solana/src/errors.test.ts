import { isUserRejectedError, ProviderRpcError } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { notConnectedError, SolanaErrorText } from './errors.ts'

describe('Solana adapter errors', () => {
  it('carry EIP-1193 codes; none of ours reads as a user rejection', () => {
    const error = new ProviderRpcError(4200, SolanaErrorText.unsupportedMethod('eth_call'))
    expect(error).toMatchObject({
      name: 'ProviderRpcError',
      code: 4200,
      message: 'Unsupported method: eth_call',
    })
    expect(isUserRejectedError(error)).toBe(false)
    expect(notConnectedError()).toMatchObject({
      code: 4100,
      message: 'Please call connect() before request()',
    })
  })

  it('print chain errors with bigints', () => {
    expect(
      SolanaErrorText.transactionFailed('sig', { InstructionError: [0, { Custom: 1n }] }),
    ).toBe('Transaction sig failed: {"InstructionError":[0,{"Custom":"1"}]}')
    expect(SolanaErrorText.chainNotApproved('solana:x')).toBe('Chain solana:x is not approved')
  })
})
