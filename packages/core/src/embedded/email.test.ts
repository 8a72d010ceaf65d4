import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email.ts'

describe('isValidEmail (§5)', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    for (const email of ['a@b.co', 'first.last+tag@mail.example.org', ' me@x.io ']) {
      expect(isValidEmail(email), email).toBe(true)
    }
  })

  it('refuses what is not one', () => {
    for (const email of [
      '',
      'a',
      'a@',
      '@b.co',
      'a@b',
      'a b@c.de',
      'a@b..c',
      'a@@b.co',
      `${'x'.repeat(250)}@b.co`,
      42,
    ]) {
      expect(isValidEmail(email), String(email)).toBe(false)
    }
  })
})
