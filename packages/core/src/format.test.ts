import { describe, expect, it } from 'vitest'
import { formatAmount } from './format'

describe('formatAmount (§5 floored to 3 decimals)', () => {
  it('floors, never rounds up', () => {
    expect(formatAmount(9_999_999_517_000_000_000_000n, 18)).toBe('9999.999')
    expect(formatAmount(1_999_999n, 6)).toBe('1.999')
  })
  it('drops trailing zeros and a bare point', () => {
    expect(formatAmount(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatAmount(1_500_000n, 6)).toBe('1.5')
  })
  it('shows amounts below the third decimal as 0', () => {
    expect(formatAmount(999n, 6)).toBe('0')
  })
  it('handles zero decimals and negatives', () => {
    expect(formatAmount(42n, 0)).toBe('42')
    expect(formatAmount(-1_234_567n, 6)).toBe('-1.234')
  })
})
