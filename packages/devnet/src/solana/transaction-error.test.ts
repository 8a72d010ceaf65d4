import { describe, expect, it } from 'vitest'
import { transactionErrorText } from './transaction-error.ts'

describe('transactionErrorText', () => {
  it('words errors as Agave does', () => {
    expect(transactionErrorText('BlockhashNotFound')).toBe('Blockhash not found')
    expect(transactionErrorText({ InstructionError: [2, { Custom: 7 }] })).toBe(
      'Error processing Instruction 2: custom program error: 0x7',
    )
    expect(transactionErrorText({ InstructionError: [0, 'InsufficientFunds'] })).toBe(
      'Error processing Instruction 0: insufficient funds for instruction',
    )
    expect(transactionErrorText({ InsufficientFundsForRent: { account_index: 1 } })).toBe(
      'Transaction results in an account (1) with insufficient funds for rent',
    )
    expect(transactionErrorText({ DuplicateInstruction: 3 })).toBe(
      'Transaction contains a duplicate instruction (3) that is not allowed',
    )
  })

  it('spells out a variant it has no text for', () => {
    expect(transactionErrorText('WouldExceedMaxBlockCostLimit')).toBe(
      'would exceed max block cost limit',
    )
  })
})
