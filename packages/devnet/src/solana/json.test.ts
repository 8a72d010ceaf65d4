import { describe, expect, it } from 'vitest'
import { stringifyJson } from './json.ts'

describe('stringifyJson', () => {
  it('writes bigints as exact JSON numbers', () => {
    expect(stringifyJson({ rentEpoch: 18_446_744_073_709_551_615n, lamports: 5n })).toBe(
      '{"rentEpoch":18446744073709551615,"lamports":5}',
    )
  })

  it('matches JSON.stringify for everything else', () => {
    const value = { a: [1, 'two', null, true, { b: 'q"uote\u0000' }], c: undefined, d: -0.5 }
    expect(stringifyJson(value)).toBe(JSON.stringify(value))
    expect(stringifyJson([undefined])).toBe('[null]')
    expect(stringifyJson('x')).toBe('"x"')
    expect(stringifyJson(null)).toBe('null')
  })
})
