import { expect, it } from 'vitest'
import { decodeMessageText, visible } from './signingText.ts'

it('decodeMessageText and visible', () => {
  expect(decodeMessageText('0x')).toBe('')
  expect(decodeMessageText('0x0a09')).toBe('\n\t')
  expect(decodeMessageText('0x00')).toBeUndefined()
  expect(visible('a\u0000b')).toBe('a\\u{0}b')
  expect(visible('ok\n')).toBe('ok\n')
})
