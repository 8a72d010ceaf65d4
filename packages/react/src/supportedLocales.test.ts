import { describe, expect, it } from 'vitest'
import { LOCALES } from './locales/catalog.ts'
import { localeName, SUPPORTED_LOCALES } from './supportedLocales.ts'

describe('SUPPORTED_LOCALES', () => {
  it('is English and every translation the catalog loads', () => {
    expect([...SUPPORTED_LOCALES].sort()).toEqual([...LOCALES].sort())
  })

  it('names each language in itself', () => {
    expect(localeName('de')).toBe('Deutsch')
    expect(localeName('ar')).toBe('العربية')
    expect(localeName('ja')).toBe('日本語')
    expect(localeName('pt-BR')).toMatch(/^Português/)
    for (const tag of SUPPORTED_LOCALES) expect(localeName(tag)).not.toBe('')
  })

  it('answers the tag itself for a tag Intl cannot read', () => {
    expect(localeName('not a tag')).toBe('not a tag')
  })
})
