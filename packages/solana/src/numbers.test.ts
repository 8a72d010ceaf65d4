import { describe, expect, it } from 'vitest'
import { withNumbers } from './numbers.ts'

describe('withNumbers', () => {
  it("turns kit's bigints into numbers at any depth, leaving bytes and the rest alone", () => {
    const bytes = new Uint8Array([1, 2])
    const value = withNumbers({
      err: { InstructionError: [0n, { Custom: 6001n }] },
      data: bytes,
      name: 'x',
      none: null,
    })
    expect(value).toEqual({
      err: { InstructionError: [0, { Custom: 6001 }] },
      data: bytes,
      name: 'x',
      none: null,
    })
    expect(value.data).toBe(bytes)
    expect(withNumbers(5n)).toBe(5)
  })
})
