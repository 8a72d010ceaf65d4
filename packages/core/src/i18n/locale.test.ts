import { describe, expect, it } from 'vitest'
import { matchLocale, textDirection } from './locale.ts'

/** The locales issue 29 asks for, English first. */
const PLANNED = [
  'en',
  'ar',
  'he',
  'fa',
  'zh-CN',
  'zh-TW',
  'ja',
  'ko',
  'hi',
  'ru',
  'uk',
  'tr',
  'es',
  'pt-BR',
  'fr',
  'de',
  'it',
  'id',
  'vi',
  'th',
  'pl',
]

describe('matchLocale (BCP 47, through likely subtags)', () => {
  it('finds a locale by its language, whatever the region', () => {
    expect(matchLocale(['pt'], PLANNED)).toBe('pt-BR')
    expect(matchLocale(['pt-PT'], PLANNED)).toBe('pt-BR')
    expect(matchLocale(['de-AT'], PLANNED)).toBe('de')
    expect(matchLocale(['en-GB'], PLANNED)).toBe('en')
    expect(matchLocale(['ar-EG'], PLANNED)).toBe('ar')
  })

  it('keeps Chinese in its script: Hong Kong reads Traditional, Singapore Simplified', () => {
    expect(matchLocale(['zh-HK'], PLANNED)).toBe('zh-TW')
    expect(matchLocale(['zh-Hant'], PLANNED)).toBe('zh-TW')
    expect(matchLocale(['zh-SG'], PLANNED)).toBe('zh-CN')
    expect(matchLocale(['zh'], PLANNED)).toBe('zh-CN')
    expect(matchLocale(['zh-HK'], ['en', 'zh-CN'])).toBeUndefined()
  })

  it('prefers the same region when a language has several', () => {
    expect(matchLocale(['pt-PT'], ['pt-BR', 'pt-PT'])).toBe('pt-PT')
    expect(matchLocale(['pt'], ['pt-PT', 'pt-BR'])).toBe('pt-BR')
  })

  it('takes the first wanted language one of them serves, in any letter case', () => {
    expect(matchLocale(['fr-CA', 'EN-us', 'de'], ['en', 'de'])).toBe('en')
    expect(matchLocale(['fr-CA', 'de-CH'], ['en', 'de'])).toBe('de')
    expect(matchLocale(['PT-br'], PLANNED)).toBe('pt-BR')
  })

  it('reads the old codes of Hebrew and Indonesian', () => {
    expect(matchLocale(['iw'], PLANNED)).toBe('he')
    expect(matchLocale(['in-ID'], PLANNED)).toBe('id')
  })

  it('serves nothing for unknown or malformed tags', () => {
    expect(matchLocale(['xx'], PLANNED)).toBeUndefined()
    expect(matchLocale(['not a tag', '*', ''], PLANNED)).toBeUndefined()
    expect(matchLocale([], PLANNED)).toBeUndefined()
  })
})

describe('textDirection', () => {
  it('is rtl for Arabic, Hebrew and Persian, whatever the region', () => {
    for (const locale of ['ar', 'he', 'fa', 'ar-EG', 'he-IL', 'fa-AF', 'ur']) {
      expect(textDirection(locale), locale).toBe('rtl')
    }
  })

  it('is ltr for the others and for what is no tag', () => {
    for (const locale of ['en', 'de', 'ja', 'zh-TW', 'ru', 'not a tag']) {
      expect(textDirection(locale), locale).toBe('ltr')
    }
  })
})
