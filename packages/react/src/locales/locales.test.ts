import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { englishMessages } from '../englishMessages.ts'
import { translationProblems } from '../testing/translationProblems.ts'
import { LOCALES, loadLocale, TRANSLATIONS } from './catalog.ts'

const files = readdirSync(dirname(fileURLToPath(import.meta.url)))
  .filter((file) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))

describe('the translations', () => {
  it('are each a file named by a canonical BCP 47 tag, and each file is one of them', () => {
    expect(files.sort()).toEqual(Object.keys(TRANSLATIONS).sort())
    for (const tag of files) expect(Intl.getCanonicalLocales(tag)).toEqual([tag])
    expect(LOCALES).toEqual(['en', ...Object.keys(TRANSLATIONS)])
  })

  it('include Arabic, German and Japanese', () => {
    expect(Object.keys(TRANSLATIONS)).toEqual(expect.arrayContaining(['ar', 'de', 'ja']))
  })

  it.each(Object.keys(TRANSLATIONS))(
    '%s has every English key, no other, the same placeholders and its plural forms',
    async (locale) => {
      const { default: translation } = await (
        TRANSLATIONS[locale] as () => Promise<{
          default: object
        }>
      )()
      expect(translationProblems(englishMessages, translation as never, locale)).toEqual([])
    },
  )
})

describe('translationProblems (the check above)', () => {
  const english = {
    save: 'Save the file',
    hello: 'Hello {name}',
    count: { one: '{count} wallet', other: '{count} wallets' },
    views: { Connect: 'Connect Wallet' },
  }
  const german = {
    save: 'Datei speichern',
    hello: 'Hallo {name}',
    count: { one: '{count} Wallet', other: '{count} Wallets' },
    views: { Connect: 'Wallet verbinden' },
  }

  it('finds nothing in a complete translation', () => {
    expect(translationProblems(english, german, 'de')).toEqual([])
  })

  it('names a missing key, an extra key and one missing from a group', () => {
    const { save: _save, ...rest } = german
    expect(translationProblems(english, { ...rest, extra: 'x', views: {} } as never, 'de')).toEqual(
      ['extra: not in the English table', 'save: missing', 'views.Connect: missing'],
    )
  })

  it('names a placeholder lost, renamed or added', () => {
    expect(translationProblems(english, { ...german, hello: 'Hallo' }, 'de')).toEqual([
      'hello: placeholders  ≠ {name}',
    ])
    expect(translationProblems(english, { ...german, hello: 'Hallo {nom}' }, 'de')).toEqual([
      'hello: placeholders {nom} ≠ {name}',
    ])
    expect(
      translationProblems(english, { ...german, save: 'Datei {name} speichern' }, 'de'),
    ).toEqual(['save: placeholders {name} ≠ '])
  })

  it("names plural forms other than the locale's categories, and a form without its number", () => {
    expect(translationProblems(english, { ...german, count: { other: '{count}' } }, 'de')).toEqual([
      "count: plural forms other ≠ de's one other",
    ])
    expect(
      translationProblems(english, { ...german, count: { one: 'eine', other: '{count}' } }, 'de'),
    ).toEqual(['count.one: placeholders  ≠ {count}'])
    expect(
      translationProblems(english, { ...german, count: { other: '{count} 件' } }, 'ja'),
    ).toEqual([])
  })

  it('names an English text of three words or more left as it is', () => {
    expect(translationProblems(english, { ...german, save: 'Save the file' }, 'de')).toEqual([
      'save: still English',
    ])
  })
})

describe('loadLocale', () => {
  const log = vi.fn()

  it('loads the translation that serves the visitor, with its direction', async () => {
    const arabic = await loadLocale(['ar-EG'], log)
    expect(arabic).toMatchObject({ locale: 'ar', dir: 'rtl' })
    expect(arabic.messages?.connectWallet).toBe('ربط المحفظة')
    const german = await loadLocale(['nl-NL', 'de-CH'], log)
    expect(german).toMatchObject({ locale: 'de', dir: 'ltr' })
    expect(log).not.toHaveBeenCalled()
  })

  it('English, with one log, when nothing serves the visitor; none when English does', async () => {
    expect(await loadLocale(['nl-NL', 'xx'], log)).toEqual({ locale: 'en', dir: 'ltr' })
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('no translation for nl-NL, xx: English is shown')
    log.mockClear()
    expect(await loadLocale(['nl-NL', 'en-GB'], log)).toEqual({ locale: 'en', dir: 'ltr' })
    expect(log).not.toHaveBeenCalled()
  })
})
