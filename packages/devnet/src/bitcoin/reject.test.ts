// Refusals worded as Core's RPC and Esplora word them.
import { describe, expect, it } from 'vitest'
import { BitcoinTransactionRejected, formatMoney, rejected, scriptFailed } from './reject.ts'

describe('refusals', () => {
  it("carry Core's reason, details after a comma, and Esplora's error body", () => {
    const error = rejected('bad-txns-in-belowout', 'value in (1.00) < value out (2.00)')
    expect(error).toBeInstanceOf(BitcoinTransactionRejected)
    expect(error.code).toBe(-26)
    expect(error.message).toBe('bad-txns-in-belowout, value in (1.00) < value out (2.00)')
    expect(error.esploraText).toBe(
      'sendrawtransaction RPC error: {"code":-26,"message":"bad-txns-in-belowout, value in (1.00) < value out (2.00)"}',
    )
    expect(rejected('dust').message).toBe('dust')
  })

  it('prefix script failures by whether consensus or only policy refuses them', () => {
    expect(scriptFailed('Invalid Schnorr signature').message).toBe(
      'mandatory-script-verify-flag-failed (Invalid Schnorr signature)',
    )
    expect(scriptFailed('Using non-compressed keys in segwit', false).message).toBe(
      'non-mandatory-script-verify-flag (Using non-compressed keys in segwit)',
    )
  })

  it("format amounts as Core's FormatMoney: at least two decimals, trailing zeros cut", () => {
    expect(formatMoney(5_000_000_000n)).toBe('50.00')
    expect(formatMoney(1_000_000n)).toBe('0.01')
    expect(formatMoney(1_000_100n)).toBe('0.010001')
    expect(formatMoney(1n)).toBe('0.00000001')
    expect(formatMoney(123_456_789n)).toBe('1.23456789')
    expect(formatMoney(-150_000_000n)).toBe('-1.50')
    expect(formatMoney(0n)).toBe('0.00')
  })
})
