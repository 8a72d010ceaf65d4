// Each translation of the frame's cards holds every text of the English table, with the same
// placeholders, and one form per plural category of its language.
import { describe, expect, it } from 'vitest'
import { ENGLISH, type Plural } from '../texts.ts'
import { TRANSLATIONS } from './catalog.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

type Table = Record<string, Record<string, string | Plural>>

describe.each(Object.keys(TRANSLATIONS))('the frame in %s', (tag) => {
  it('has every text, each with the English placeholders and plural forms', async () => {
    const table = (await TRANSLATIONS[tag]?.())?.default as unknown as Table
    const english = ENGLISH as unknown as Table
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.sort()
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort())
    for (const [group, texts] of Object.entries(english)) {
      expect(Object.keys(table[group] ?? {}).sort(), group).toEqual(Object.keys(texts).sort())
      for (const [key, source] of Object.entries(texts)) {
        const translated = table[group]?.[key]
        const where = `${tag} ${group}.${key}`
        if (typeof source === 'string') {
          expect(typeof translated, where).toBe('string')
          expect(placeholders(translated as string), where).toEqual(placeholders(source))
          expect((translated as string).trim(), where).not.toBe('')
          continue
        }
        const forms = translated as Plural
        expect(typeof forms, where).toBe('object')
        expect(Object.keys(forms).sort(), where).toEqual(categories)
        const wanted = placeholders(source.other)
        expect(placeholders(forms.other), where).toEqual(wanted)
        // A form for one number (Arabic's zero, one, two) may say the number in words.
        for (const form of Object.values(forms)) {
          expect(
            placeholders(form).filter((name) => name !== 'count'),
            where,
          ).toEqual(wanted.filter((name) => name !== 'count'))
        }
      }
    }
  })
})
