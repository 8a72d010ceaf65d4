// A transaction's Data line on the card, in English and in the language shown (texts.ts `card`).
import { describe, expect, it } from 'vitest'
import { createLanguage } from './i18n/language.ts'
import { dataPhrase } from './signingRequest.ts'

describe('the Data line of a transaction', () => {
  it('says none, the size, and from 4 bytes the function called', () => {
    const english = createLanguage()
    expect(english.say(dataPhrase(undefined))).toBe('none')
    expect(english.say(dataPhrase('0x'))).toBe('none')
    expect(english.say(dataPhrase('0x01'))).toBe('1 byte')
    expect(english.say(dataPhrase('0x010203'))).toBe('3 bytes')
    expect(english.say(dataPhrase('0xa9059cbb'))).toBe('4 bytes (function 0xa9059cbb)')
    expect(english.say(dataPhrase('0xa9059cbb00'))).toBe('5 bytes (function 0xa9059cbb)')
  })

  it('in the language shown, with its digits; the selector stays as written', async () => {
    const german = createLanguage()
    await german.set('de')
    expect(german.say(dataPhrase(undefined))).toBe('keine')
    expect(german.say(dataPhrase('0xa9059cbb00'))).toBe('5 Byte (Funktion 0xa9059cbb)')
    const arabic = createLanguage()
    await arabic.set('ar')
    expect(arabic.say(dataPhrase('0x'))).toBe('لا شيء')
    expect(arabic.say(dataPhrase('0xa9059cbb00'))).toBe(
      `${(5).toLocaleString('ar')} بايتات (دالة 0xa9059cbb)`,
    )
  })
})
